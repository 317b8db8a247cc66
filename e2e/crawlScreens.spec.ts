// The crawl screens beyond the triage, keyboard only: crawled banks (g k) into a source; the
// card dialogs of the card triage (detail, select card, create card); crawled offers (g f)
// searched and opened in their edit form; a crawl file imported from the browser. The server's
// answer is checked through the API. Uses the FAB and ADCB sources (e2e/crawl.spec.ts works
// on ENBD's) and imports into a new one.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, listNamed, mod, rowsOf, signIn } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;
interface Source {
  id: number;
  name: string;
  from_source: string;
  bank_name: string;
  counts: Record<'card' | 'outlet' | 'offer', Record<string, number>>;
}
interface Ref {
  id: number;
  name: string;
  state: string;
  card_id: number | null;
}

const sourceOf = async (api: Api, slug: string) =>
  ((await (await api.get('/admin/v1/crawl_data?per_page=500')).json()).data as Source[]).find(
    (s) => s.from_source === slug,
  )!;
const cardRefs = async (api: Api, from: number) =>
  (await (await api.post('/admin/v1/all-cards-ref?per_page=100', { from })).json()).data as Ref[];
const refOf = async (api: Api, from: number, id: number) => (await cardRefs(api, from)).find((r) => r.id === id)!;
const cardsNamed = async (api: Api, query: string) =>
  (await (await api.post('/admin/v1/all_card', { query })).json()).data as {
    id: number;
    name: string;
    display: boolean;
  }[];

const paneTitle = (page: Page) => page.locator('.pane-head h2');

/** Press j until the pane shows `name` (the list's rows are few). */
async function moveTo(page: Page, name: string, max = 40) {
  for (let i = 0; i < max; i++) {
    if ((await paneTitle(page).textContent()) === name) return;
    await page.keyboard.press('j');
  }
  await expect(paneTitle(page)).toHaveText(name);
}

async function goTo(page: Page, keys: string, heading: string) {
  await page.keyboard.press('g');
  await page.keyboard.press(keys);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('crawled banks into a source, then its card dialogs: detail, select card, create card — keyboard only', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const fab = await sourceOf(api, 'fab-site');
  const refs = (await cardRefs(api, fab.id)).filter((r) => r.state === 'new');
  const fresh = refs.find((r) => r.name === 'FAB Cashback Plus Card')!;
  const target = (await cardsNamed(api, 'Rewards Platinum')).find((c) => c.name === 'Rewards Platinum Credit Card')!;

  // Crawled banks: one row per bank; Enter opens the highlighted bank's newest source.
  await goTo(page, 'k', 'Crawled banks');
  await expect(page).toHaveURL(/\/admin\/crawl-bank$/);
  await moveTo(page, fab.bank_name);
  await expect(page.getByRole('region', { name: 'Sources' })).toContainText(fab.name);
  await expect(page.locator('.crawl-counts').first()).toContainText('Vanished');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/crawl-data/cards/${fab.id}$`));
  const first = refs[0];
  await expect(paneTitle(page)).toHaveText(first.name);
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeVisible();
  const list = page.getByRole('listbox', { name: 'Crawled cards' });
  await expect(list).toBeFocused();

  // i: the card detail, the crawled card beside the top candidate, its history; Escape
  // closes it and gives the keys back to the list.
  await page.keyboard.press('i');
  const detail = page.getByRole('dialog', { name: `Card detail — ${first.name}` });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('table')).toContainText('Crawled card');
  await expect(detail.getByRole('region', { name: 'History' })).toContainText(/No decisions yet|Loading/);
  // Tab stays inside the dialog.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await detail.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(list).toBeFocused();

  // shift+a: search live cards on the server, arrows and Enter pick one; the ref is assigned.
  await page.keyboard.press('Shift+A');
  const select = page.getByRole('dialog', { name: `Select a card for ${first.name}` });
  await expect(select).toBeVisible();
  await expect(select.getByRole('combobox', { name: 'Search live cards' })).toBeFocused();
  await page.keyboard.type('rewards platinum');
  await expect(select.getByRole('option').first()).toContainText('Rewards Platinum Credit Card');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(select.getByRole('option', { selected: true })).toContainText('Rewards Platinum Credit Card');
  await page.keyboard.press('Enter');
  await expect(select).toBeHidden();
  await expect.poll(async () => (await refOf(api, fab.id, first.id)).card_id).toBe(target.id);
  expect((await refOf(api, fab.id, first.id)).state).toBe('assigned');
  await expect(page.getByRole('option', { name: new RegExp(first.name) })).toContainText('Assigned');
  await expect(paneTitle(page)).not.toHaveText(first.name);

  // shift+c: a card form prefilled from the ref; a refused name stays beside its field.
  await moveTo(page, fresh.name);
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeVisible();
  await page.keyboard.press('Shift+C');
  const create = page.getByRole('dialog', { name: `Create card from ${fresh.name}` });
  await expect(create).toBeVisible();
  const name = create.getByLabel('Name');
  await expect(name).toBeFocused();
  await expect(name).toHaveValue(fresh.name);
  await expect(create.getByLabel('Bank')).toHaveValue(/\d+/);
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.press('Backspace');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(create.locator('.field-error').first()).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test-results/crawl-create-card-error.png' });
  const created = `${fresh.name} e2e`;
  await name.focus();
  await page.keyboard.type(created);
  await page.keyboard.press(`${mod}+Enter`);
  await expect(create).toBeHidden();
  await expect(page.getByText('Card created successfully!').first()).toBeVisible();
  await expect.poll(async () => (await refOf(api, fab.id, fresh.id)).state).toBe('created');
  const made = (await cardsNamed(api, created)).find((c) => c.name === created)!;
  expect(made.display).toBe(false);
  expect((await refOf(api, fab.id, fresh.id)).card_id).toBe(made.id);

  // The new card is in the card list.
  await goTo(page, 'c', 'Cards');
  await page.keyboard.press('/');
  await page.keyboard.type(created);
  await expect(page.locator('.list-count')).toHaveText(/^1 card/);
  await expect(rowsOf(listNamed(page, 'Cards')).filter({ hasText: created })).toBeVisible();
});

test('crawled offers: search finds a seeded offer, Enter opens its edit form — keyboard only', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const adcb = await sourceOf(api, 'adcb-site');
  // A title only one crawled offer of any source has, so the search finds that one.
  const all = (await (await api.get('/admin/v1/crawl_offer_refs?per_page=500')).json()).data as {
    id: number;
    title: string;
    source_id: number;
  }[];
  const offer = all.find((o) => o.source_id === adcb.id && all.filter((x) => x.title === o.title).length === 1)!;

  await goTo(page, 'f', 'Crawled offers');
  await expect(page.locator('.list-count')).toHaveText(/\d+ crawled offers/);
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search crawled offers' })).toBeFocused();
  await page.keyboard.type(offer.title);
  await expect(page.locator('.list-count')).toHaveText(new RegExp(`matching “${offer.title}”`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/query=/);
  await expect(paneTitle(page)).toHaveText(offer.title);
  await expect(page.getByRole('region', { name: 'Cards' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/admin/crawl-data/offers/${adcb.id}\\?(state=\\w+&)?ref=${offer.id}&edit=1$`),
  );
  await expect(page.getByRole('form', { name: `Edit crawled offer ${offer.title}` }).getByLabel('Title')).toBeFocused();

  // In the triage, t / shift+t switch the kind of refs, f / shift+f the state filter.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('form')).toBeHidden();
  await page.getByRole('listbox', { name: 'Crawled offers' }).focus();
  await page.keyboard.press('t');
  await expect(page).toHaveURL(new RegExp(`/admin/crawl-data/cards/${adcb.id}$`));
  await page.keyboard.press('f');
  await expect(page).toHaveURL(new RegExp(`/admin/crawl-data/cards/${adcb.id}\\?state=assigned$`));
  await expect(page.getByRole('tab', { name: /Assigned/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+F');
  await page.keyboard.press('Shift+T');
  await expect(page).toHaveURL(new RegExp(`/admin/crawl-data/offers/${adcb.id}$`));
});

test('import a crawl file from the browser: a refused one names its lines, a good one gives the counts — keyboard only', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const bad = '{"kind":"card","key":"c1","name":"Mashreq Cashback Card"}\n{"kind":"card","key":"c2"}\n';
  const good = [
    '{"kind":"card","key":"c1","name":"Mashreq Cashback Card","network":"Visa","annual_fee":0}',
    '{"kind":"outlet","key":"o1","merchant":"Shake Shack","branch":"The Dubai Mall"}',
    '{"kind":"offer","key":"f1","title":"10% off burgers at Shake Shack","cards":["Mashreq Cashback Card"],"outlets":["Shake Shack The Dubai Mall"]}',
  ].join('\n');

  await goTo(page, 'w', 'Crawl review');
  await page.keyboard.press('i');
  const dialog = page.getByRole('dialog', { name: 'Import crawl file' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Source')).toBeFocused();
  // The last choice is a new source: its slug and name.
  await page.keyboard.press('End');
  await expect(dialog.getByLabel('Slug')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type('mashreq-site');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Mashreq website');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('File', { exact: true })).toBeFocused();

  const choose = async (name: string, text: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name, mimeType: 'application/jsonl', buffer: Buffer.from(text) });
  };
  await choose('bad.jsonl', bad);
  await page.keyboard.press(`${mod}+Enter`);
  await expect(dialog.getByRole('alert')).toContainText('Line 2: name is required for a card.');
  expect(await sourceOf(api, 'mashreq-site')).toBeUndefined();

  await choose('mashreq.jsonl', good);
  await page.keyboard.press(`${mod}+Enter`);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Imported Mashreq website: 3 new, 0 updated, 0 gone from the site.')).toBeVisible();
  await expect(paneTitle(page)).toHaveText('Mashreq website');
  const source = await sourceOf(api, 'mashreq-site');
  expect([source.counts.card.new, source.counts.outlet.new, source.counts.offer.new]).toEqual([1, 1, 1]);
});

test('a crawl source that does not exist: both panes say so, neither waits forever', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/crawl-data/cards/999');
  const said = 'Crawl source 999 not found.';
  await expect(page.locator('.vlist-status[role="alert"]')).toHaveText(said);
  const pane = page.locator('.split-pane');
  await expect(page.getByRole('alert').filter({ hasText: said })).toHaveCount(2);
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('…');
  await pane.getByRole('link', { name: 'Back to crawl review' }).click();
  await expect(page).toHaveURL(/\/admin\/crawl-data$/);
});
