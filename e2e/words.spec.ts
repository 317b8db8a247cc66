// The screens' words (issue 18): a count with its noun in the singular ('1 outlet'), one
// name per crawl state in every table and tab, a live outlet by its name, and a deleted
// category's toast begun as a sentence is.
import { expect, test } from './fixtures';
import { apiAs, signIn } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;
interface Source {
  id: number;
  from_source: string;
}
interface OfferRef {
  id: number;
  outlet_names: string[];
}
interface OutletRef {
  id: number;
  merchant_name: string;
  outlet_ids: number[];
}

const sources = async (api: Api) =>
  (await (await api.get('/admin/v1/crawl_data?per_page=500')).json()).data as Source[];
const offerRefs = async (api: Api, from: number) =>
  (await (await api.get(`/admin/v1/all_offer_ref?from=${from}&per_page=500`)).json()).data as OfferRef[];
const outletRefs = async (api: Api, from: number) =>
  (await (await api.get(`/admin/v1/all_outlet_ref?from=${from}&per_page=500`)).json()).data as OutletRef[];

test('a crawled offer naming one outlet says "1 outlet"; a live outlet is shown by its name', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  // Every demo crawled offer names one outlet.
  let found: { source: Source; offer: OfferRef } | null = null;
  for (const source of await sources(api)) {
    const offer = (await offerRefs(api, source.id)).find((o) => o.outlet_names.length === 1);
    if (offer) {
      found = { source, offer };
      break;
    }
  }
  expect(found, 'a crawled offer naming one outlet').not.toBeNull();
  const { source, offer } = found!;

  await page.goto(`/admin/crawl-data/offers/${source.id}?state=all&ref=${offer.id}`);
  const row = page.locator(`[role="option"][data-key="${offer.id}"]`);
  await expect(row).toContainText('1 outlet');
  await expect(row).not.toContainText('1 outlets');

  // A crawled outlet linked to a live one (linked here if the demo has none): the pane names
  // the live outlet as the outlet list does.
  const refs = await outletRefs(api, source.id);
  let ref = refs.find((r) => r.outlet_ids.length > 0);
  if (!ref) {
    ref = refs[0];
    const pick =
      (await (await api.get(`/admin/v1/outlets?query=${encodeURIComponent(ref.merchant_name)}&per_page=1`)).json())
        .data[0] ?? (await (await api.get('/admin/v1/outlets?per_page=1')).json()).data[0];
    expect(
      (await api.post('/admin/v1/outlet_ref/assign', { outlet_ref_id: ref.id, outlet_id: pick.id })).status(),
    ).toBe(200);
    ref = { ...ref, outlet_ids: [pick.id] };
  }
  const live = (await (await api.get(`/admin/v1/show_outlet?id=${ref.outlet_ids[0]}`)).json()).data;
  const name = live.branch ? `${live.merchant_name} — ${live.branch}` : live.merchant_name;
  await page.goto(`/admin/view-crawl-outlet/${ref.id}`);
  const links = page.locator('.pane').getByRole('link', { name });
  await expect(links.first()).toHaveAttribute('href', new RegExp(`/view-outlet/${live.id}$`));
  await expect(page.locator('.pane')).not.toContainText(`Outlet ${live.id}`);
});

test('every counts table names each crawl state as the triage tabs do', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const source = (await sources(api))[0];
  // The state tabs of every kind's triage (offers have Onboarded, cards Discontinued).
  const tabNames: string[] = [];
  for (const kind of ['cards', 'outlets', 'offers']) {
    await page.goto(`/admin/crawl-data/${kind}/${source.id}`);
    const tabs = page.getByRole('tablist', { name: 'State' }).getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    tabNames.push(...(await tabs.allTextContents()).map((t) => t.replace(/\d[\d,]*$/, '').trim()));
  }
  expect(tabNames).toContain('Assigned');

  for (const path of ['/crawl-data', '/crawl-bank']) {
    await page.goto(`/admin${path}`);
    const heads = page.locator('table.crawl-counts').first().locator('thead th');
    await expect(heads.first()).toBeVisible();
    // Each state's column is named by its tab (an abbreviation says the whole name as its title).
    const named = await heads.evaluateAll((ths) =>
      ths.map((th) => th.querySelector('abbr')?.getAttribute('title') ?? th.textContent!.trim()),
    );
    const states = named.filter((n) => !['Refs', 'Vanished', 'Decided'].includes(n));
    expect(states.length, path).toBeGreaterThan(3);
    for (const n of states) expect(tabNames, `${path}: "${n}"`).toContain(n);
    expect(named, path).not.toContain('Linked');
  }
});

test('deleting a category says "Categories deleted successfully!"', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const made = (await (await api.post('/admin/v1/add_categories', { name: `Words ${Date.now().toString(36)}` })).json())
    .data as { id: number };
  await page.goto(`/admin/category-list/${made.id}`);
  await expect(page.locator('.pane-head h2')).toBeVisible();
  await page
    .locator('.pane')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(page.getByText('Categories deleted successfully!')).toBeVisible();
});
