// Crawl review by keyboard: open a source from Crawl review (g w), triage ten of its crawled
// cards (assign by number and the top candidate, skip, undo, create), then onboard its offers from the palette, find
// them in the offer list, roll them back. The server's answer is checked through the API.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, mod, signIn, paletteInput, sayYes } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;

const cardRefs = async (api: Api, from: number) =>
  (await (await api.post('/admin/v1/all-cards-ref?per_page=100', { from })).json()).data as {
    id: number;
    name: string;
    state: string;
  }[];
const stateOf = async (api: Api, from: number, id: number) =>
  (await cardRefs(api, from)).find((r) => r.id === id)?.state;
const liveOffers = async (api: Api, id: number) =>
  (await (await api.get(`/admin/v1/crawl_data/${id}`)).json()).data.live_offers as number;
const offerCount = async (api: Api, query: string) =>
  (await (await api.post('/admin/v1/all_offer', { query })).json()).pagination.total as number;

/** The ref in the pane, claimed and ranked: the keys act on it. */
async function inFocus(page: Page, name: string) {
  await expect(page.locator('.pane-head h2')).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeVisible();
}

async function palette(page: Page, text: string) {
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type(text);
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(text);
  await page.keyboard.press('Enter');
}

test('triage ten refs of a source and onboard its offers — keyboard only', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const sources = (await (await api.get('/admin/v1/crawl_data')).json()).data as {
    id: number;
    name: string;
    from_source: string;
  }[];
  const source = sources.find((s) => s.from_source === 'enbd-site')!;
  const refs = (await cardRefs(api, source.id)).filter((r) => r.state === 'new');
  const name = (id: number) => refs.find((r) => r.id === id)!.name;
  const [first, second] = refs;
  const fresh = refs.find((r) => r.name === 'Emirates NBD Webshopper Card')!;
  const focused = () => page.locator('.pane-head h2').textContent();

  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/\/admin\/crawl-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crawl review' })).toBeVisible();
  for (let i = 0; i < sources.length; i++) {
    if ((await focused()) === source.name) break;
    await page.keyboard.press('j');
  }
  await expect(page.locator('.pane-head h2')).toHaveText(source.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/crawl-data/cards/${source.id}$`));

  // 1 assigns the top candidate; the next ref opens by itself.
  await inFocus(page, first.name);
  await page.keyboard.press('1');
  await inFocus(page, second.name);
  await expect.poll(() => stateOf(api, source.id, first.id)).toBe('assigned');

  // s skips, u undoes it on the server and reopens the ref.
  await page.keyboard.press('s');
  await expect.poll(() => stateOf(api, source.id, second.id)).toBe('skipped');
  await expect(page.locator('.pane-head h2')).not.toHaveText(second.name);
  await page.keyboard.press('u');
  await inFocus(page, second.name);
  await expect.poll(() => stateOf(api, source.id, second.id)).toBe('new');
  // Its history lists the skip, undone.
  await expect(page.locator('.triage-history summary .count')).toHaveText('1');
  await page.locator('.triage-history summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.triage-history li')).toHaveText(/Skipped.*undone/);
  await page.getByRole('listbox').focus();
  await expect(page.getByRole('option', { name: new RegExp(second.name) })).toContainText('New');

  // Eight more decisions by single keys, each opening the next ref: the nth candidate, the
  // top one, a skip. The fresh ref (no live card yet) is left for c.
  for (const key of ['2', 'a', '1', 's', 'a', '3', '1', 'a']) {
    let current = await focused();
    if (current === fresh.name) {
      await page.keyboard.press('j');
      await expect(page.locator('.pane-head h2')).not.toHaveText(fresh.name);
      current = await focused();
    }
    await inFocus(page, current!);
    await page.keyboard.press(key);
    await expect(page.locator('.pane-head h2')).not.toHaveText(current!);
  }

  // c creates a live card from a ref no live card matches.
  for (let i = 0; i < refs.length; i++) {
    if ((await focused()) === fresh.name) break;
    await page.keyboard.press('j');
  }
  await inFocus(page, name(fresh.id));
  await page.keyboard.press('c');
  await expect.poll(() => stateOf(api, source.id, fresh.id)).toBe('created');
  await expect(page.getByRole('option', { name: new RegExp(fresh.name) })).toContainText('Created');

  // Ten decisions stand on the server (one undone): 8 assigned, 1 skipped, 1 created.
  await expect
    .poll(async () => {
      const states = (await cardRefs(api, source.id)).map((r) => r.state);
      return ['assigned', 'skipped', 'created'].map((st) => states.filter((x) => x === st).length);
    })
    .toEqual([8, 1, 1]);

  // Onboard the source's offers from the palette: a dry run, a confirmation, then for real.
  // An offer still running: the expired ones stay out of an onboarding unless included.
  const today = new Date().toISOString().slice(0, 10);
  const offerRefs = (await (await api.get(`/admin/v1/all_offer_ref?from=${source.id}&per_page=100`)).json()).data as {
    title: string;
    valid_to: string | null;
  }[];
  const title = offerRefs.find((r) => r.valid_to && r.valid_to >= today)!.title;
  const before = await offerCount(api, title);
  await palette(page, `Onboard offers of ${source.name}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/Onboard \d+ offers of enbd-site\?/);
  await expect(dialog).toContainText(title);
  await sayYes(page);
  await expect(page.getByText(/Onboarded \d+ offers?/).first()).toBeVisible();
  await expect.poll(() => liveOffers(api, source.id)).toBeGreaterThan(0);
  const after = await offerCount(api, title);
  expect(after).toBeGreaterThan(before);

  await page.goto(`/admin/offer-list?query=${encodeURIComponent(title)}`);
  await expect(page.locator('.list-count')).toHaveText(new RegExp(`^${after} offers?`));

  // Roll them back from the palette: the offer list is as before.
  await palette(page, `Roll back offers by source`);
  await page.keyboard.type('enbd-site');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(source.name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(/Roll back \d+ offers of enbd-site\?/);
  await sayYes(page);
  await expect.poll(() => liveOffers(api, source.id)).toBe(0);
  await expect(page.locator('.list-count')).toHaveText(new RegExp(`^${before} offers?`));
});

test("a crawled outlet's and a crawled offer's own URLs open them in triage — keyboard only", async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const sources = (await (await api.get('/admin/v1/crawl_data')).json()).data as { id: number; from_source: string }[];
  const source = sources.find((s) => s.from_source === 'enbd-site')!;
  const outlet = (await (await api.get(`/admin/v1/all_outlet_ref?from=${source.id}&per_page=1`)).json()).data[0] as {
    id: number;
    merchant_name: string;
  };
  const offer = (await (await api.get(`/admin/v1/all_offer_ref?from=${source.id}&per_page=1`)).json()).data[0] as {
    id: number;
    title: string;
  };
  const offerTitle = async () =>
    ((await (await api.get(`/admin/v1/show_offer_ref/${offer.id}`)).json()).data as { title: string }).title;

  // The outlet's URL hands over to the outlets' triage of its source, with that ref open.
  await page.goto(`/admin/view-crawl-outlet/${outlet.id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/crawl-data/outlets/${source.id}\\?(state=\\w+&)?ref=${outlet.id}$`));
  await expect(page.locator('.pane-head h2')).toContainText(outlet.merchant_name);
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeVisible();

  // The offer's edit URL opens its edit form, the title field focused.
  await page.goto(`/admin/edit-crawl-offer/${offer.id}`);
  await expect(page).toHaveURL(
    new RegExp(`/admin/crawl-data/offers/${source.id}\\?(state=\\w+&)?ref=${offer.id}&edit=1$`),
  );
  const form = page.getByRole('form', { name: `Edit crawled offer ${offer.title}` });
  await expect(form.getByLabel('Title')).toBeFocused();

  // A title the server refuses: its message beside the field, the form still open.
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type('x');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(form.locator('.field-error').first()).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test-results/crawl-offer-edit.png' });

  // A corrected title is saved with mod+Enter; the server has it.
  const corrected = `${offer.title} (corrected)`;
  await form.getByLabel('Title').focus();
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type(corrected);
  await page.keyboard.press(`${mod}+Enter`);
  await expect(form).toBeHidden();
  await expect(page.locator('.pane-head h2')).toHaveText(corrected);
  await expect.poll(offerTitle).toBe(corrected);

  // e opens the form again; Escape cancels it and leaves the ref open.
  await page.keyboard.press('e');
  await expect(page.getByRole('form', { name: `Edit crawled offer ${corrected}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('form')).toBeHidden();
  await expect(page.locator('.pane-head h2')).toHaveText(corrected);
});
