// Crawl review by keyboard: open a source from Crawl review (g w), triage its crawled cards
// (assign by number, skip, undo, create), then onboard its offers from the palette, find
// them in the offer list, roll them back. The server's answer is checked through the API.
import { expect, test, type Page } from '@playwright/test';
import { apiAs, mod, signIn } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;

const cardRefs = async (api: Api, from: number) =>
  (await (await api.post('/admin/v1/all-cards-ref?per_page=100', { from })).json()).data as { id: number; name: string; state: string }[];
const stateOf = async (api: Api, from: number, id: number) => (await cardRefs(api, from)).find((r) => r.id === id)?.state;
const liveOffers = async (api: Api, id: number) => (await (await api.get(`/admin/v1/crawl_data/${id}`)).json()).data.live_offers as number;
const offerCount = async (api: Api, query: string) => (await (await api.post('/admin/v1/all_offer', { query })).json()).pagination.total as number;

/** The ref in the pane, claimed and ranked: the keys act on it. */
async function inFocus(page: Page, name: string) {
  await expect(page.locator('.pane-head h2')).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeVisible();
}

async function palette(page: Page, text: string) {
  await page.keyboard.press(`${mod}+k`);
  await page.keyboard.type(text);
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(text);
  await page.keyboard.press('Enter');
}

test('triage a source and onboard its offers — keyboard only', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const sources = (await (await api.get('/admin/v1/crawl_data')).json()).data as { id: number; name: string; from_source: string }[];
  const fab = sources.find((s) => s.from_source === 'fab-site')!;
  const refs = (await cardRefs(api, fab.id)).filter((r) => r.state === 'new');
  const name = (id: number) => refs.find((r) => r.id === id)!.name;
  const [first, second] = refs;
  const fresh = refs.find((r) => r.name === 'FAB Cashback Plus Card')!;

  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/\/admin\/crawl-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crawl review' })).toBeVisible();
  for (let i = 0; i < sources.length; i++) {
    if ((await page.locator('.pane-head h2').textContent()) === fab.name) break;
    await page.keyboard.press('j');
  }
  await expect(page.locator('.pane-head h2')).toHaveText(fab.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/crawl-data/cards/${fab.id}$`));

  // 1 assigns the top candidate; the next ref opens by itself.
  await inFocus(page, first.name);
  await page.keyboard.press('1');
  await inFocus(page, second.name);
  await expect.poll(() => stateOf(api, fab.id, first.id)).toBe('assigned');

  // s skips, u undoes it on the server and reopens the ref.
  await page.keyboard.press('s');
  await expect.poll(() => stateOf(api, fab.id, second.id)).toBe('skipped');
  await expect(page.locator('.pane-head h2')).not.toHaveText(second.name);
  await page.keyboard.press('u');
  await inFocus(page, second.name);
  await expect.poll(() => stateOf(api, fab.id, second.id)).toBe('new');
  await expect(page.getByRole('option', { name: new RegExp(second.name) })).toContainText('New');

  // c creates a live card from a ref no live card matches.
  for (let i = 0; i < refs.length; i++) {
    if ((await page.locator('.pane-head h2').textContent()) === fresh.name) break;
    await page.keyboard.press('j');
  }
  await inFocus(page, name(fresh.id));
  await page.keyboard.press('c');
  await expect.poll(() => stateOf(api, fab.id, fresh.id)).toBe('created');
  await expect(page.getByRole('option', { name: new RegExp(fresh.name) })).toContainText('Created');

  // Onboard the source's offers from the palette: a dry run, a confirmation, then for real.
  const title = ((await (await api.get(`/admin/v1/all_offer_ref?from=${fab.id}&per_page=1`)).json()).data[0] as { title: string }).title;
  const before = await offerCount(api, title);
  await palette(page, `Onboard offers of ${fab.name}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/Onboard \d+ offers of fab-site\?/);
  await expect(dialog).toContainText(title);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Onboarded \d+ offers?/).first()).toBeVisible();
  await expect.poll(() => liveOffers(api, fab.id)).toBeGreaterThan(0);
  const after = await offerCount(api, title);
  expect(after).toBeGreaterThan(before);

  await page.goto(`/admin/offer-list?query=${encodeURIComponent(title)}`);
  await expect(page.locator('.list-count')).toHaveText(new RegExp(`^${after} offers?`));

  // Roll them back from the palette: the offer list is as before.
  await palette(page, `Rollback offers of a source`);
  await page.keyboard.type('fab-site');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(fab.name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(/Roll back \d+ offers of fab-site\?/);
  await page.keyboard.press('Enter');
  await expect.poll(() => liveOffers(api, fab.id)).toBe(0);
  await expect(page.locator('.list-count')).toHaveText(new RegExp(`^${before} offers?`));
});
