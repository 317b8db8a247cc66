// Issue 19's acceptance: a whole day's work from the dashboard without the mouse. Every step is
// keys alone (the palette's phrases as a person types them, src/commands/phrases.ts), and every
// outcome is read back from the server with the admin's token, not from the screen. The setup
// (a card, a crawl source of this run with its offers onboarded) is made through the API.
import { expect, test, type Page } from '@playwright/test';
import { addDays, dubaiDay } from '../contract/dubaiTime';
import { importCrawl, listCardRefs, listSources, transferOfferRefs } from '../contract/crawl';
import { offerResource } from '../contract/offer';
import { pathOf } from '../contract/operation';
import { apiAs, listNamed, mod, signIn } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;

const input = (page: Page) => page.locator('[cmdk-input]');
const selected = (page: Page) => page.locator('[cmdk-item][data-selected="true"]');

/** mod+k, the phrase, the command highlighted first, Enter. */
async function run(page: Page, phrase: string, title: string) {
  await page.keyboard.press(`${mod}+k`);
  await expect(input(page)).toBeFocused();
  await page.keyboard.type(phrase);
  await expect(selected(page)).toContainText(title);
  await page.keyboard.press('Enter');
}

/** On a palette page: type, wait for the row, Enter. */
async function pick(page: Page, typed: string, row: string | RegExp) {
  await expect(input(page)).toBeFocused();
  await page.keyboard.type(typed);
  await expect(selected(page)).toContainText(row);
  await page.keyboard.press('Enter');
}

async function json<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  return (await (await res).json()) as T;
}

/** A card and a crawl source of this run: the source's crawled card, and two offers onboarded. */
async function setUp(page: Page, api: Api, tag: string) {
  const first = async (url: string) => (await json<{ data: { id: number }[] }>(api.get(url))).data[0].id;
  const card = (
    await json<{ data: { id: number; name: string } }>(
      api.post('/admin/v1/add_card', {
        name: `Day card ${tag}`,
        bank_id: await first('/admin/v1/all_bank?per_page=1'),
        network_id: await first('/admin/v1/all_network?per_page=1'),
        category_id: await first('/admin/v1/all_categories?per_page=1'),
        display: true,
        annual_fee: 100,
      }),
    )
  ).data;
  const slug = `e2e-day-${tag}`;
  const offer = (key: string, title: string) => ({ kind: 'offer', key, title, discount: '10% off', valid_from: '2024-01-01', valid_to: '2099-12-31', cards: [], outlets: [] });
  const file = [{ kind: 'card', key: 'c1', name: `Day card ${tag}`, network: 'Visa' }, offer('o1', `Day onboarded ${tag} one`), offer('o2', `Day onboarded ${tag} two`)];
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const imported = await page.request.post(pathOf(importCrawl), {
    headers: { authorization: `Bearer ${token}` },
    multipart: { from_source: slug, name: `Day source ${tag}`, file: { name: 'day.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(file.map((l) => JSON.stringify(l)).join('\n')) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const onboarded = await api.post(pathOf(transferOfferRefs), { from_source: slug });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  const sources = (await json<{ data: { id: number; from_source: string }[] }>(api.get(`${pathOf(listSources)}?per_page=500`))).data;
  return { card, slug, sourceId: sources.find((s) => s.from_source === slug)!.id };
}

test('a day’s work from the dashboard, by keyboard alone, each step checked against the API', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const { card, slug, sourceId } = await setUp(page, api, tag);
  const liveOffers = async () => (await json<{ data: { title: string }[] }>(api.post(`${pathOf(offerResource.ops.list)}?per_page=50`, { from_source: slug }))).data.map((o) => o.title).sort();
  await expect.poll(liveOffers).toEqual([`Day onboarded ${tag} one`, `Day onboarded ${tag} two`]);

  await test.step('find a card with the palette, then rename it in its cell of the cards table', async () => {
    await run(page, 'find card', 'Find card…');
    await pick(page, tag, card.name);
    await expect(page).toHaveURL(new RegExp(`/admin/view-card/${card.id}$`));
    await expect(page.locator('.pane-head')).toContainText(card.name);
    // Escape: the record closes, the full-width table has the keys, its cursor on the card.
    await page.keyboard.press('Escape');
    const grid = listNamed(page, 'Cards');
    await expect(grid).toHaveAttribute('role', 'grid');
    await expect(grid).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(grid.locator('.vtable-td.is-active')).toHaveText(card.name);
    await page.keyboard.press('Enter');
    await expect(grid.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.press(`${mod}+a`);
    await page.keyboard.type(`Day card ${tag} renamed`);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await json<{ data: { name: string } }>(api.get(`/admin/v1/show_card?id=${card.id}`))).data.name).toBe(`Day card ${tag} renamed`);
  });

  await test.step('create an offer with typed dates: today and +30d, saved as Dubai days', async () => {
    await run(page, 'new offer', 'New offer');
    await expect(page).toHaveURL(/\/admin\/add-offer$/);
    const title = `Day offer ${tag}`;
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Discount')).toBeFocused();
    await page.keyboard.type('15% off');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Valid from')).toBeFocused();
    await page.keyboard.press(`${mod}+a`);
    await page.keyboard.type('today');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Valid to')).toBeFocused();
    await page.keyboard.type('+30d');
    await page.keyboard.press(`${mod}+Enter`);
    await expect(page).toHaveURL(/\/admin\/view-offer\/\d+$/);
    const id = Number(/view-offer\/(\d+)/.exec(page.url())![1]);
    const saved = (await json<{ data: unknown }>(api.get(`/admin/v1/show_offer?id=${id}`))).data;
    expect(saved).toMatchObject({ title, discount: '15% off', valid_from: dubaiDay(), valid_to: addDays(dubaiDay(), 30) });
  });

  await test.step('reorder a banner: the first moves to position 2', async () => {
    const banners = async () => (await json<{ data: { hero_banners: { id: number; title: string }[] } }>(api.get('/admin/v1/hero-banners?per_page=100'))).data.hero_banners;
    const before = await banners();
    await run(page, 'reorder banner', 'Reorder banner…');
    await pick(page, before[0].title, before[0].title);
    await expect(input(page)).toHaveAttribute('placeholder', `Move “${before[0].title}” to which position?`);
    await pick(page, '2', 'Position 2');
    await expect.poll(async () => (await banners()).map((b) => b.id)).toEqual([before[1].id, before[0].id, ...before.slice(2).map((b) => b.id)]);
    // Back where it was, for the specs that read the demo's order.
    expect((await api.post(`/admin/v1/hero-banners/${before[0].id}/direction`, { to: 1 })).status()).toBe(200);
  });

  await test.step('assign the crawled card to the renamed live card', async () => {
    const ref = async () => (await json<{ data: { name: string; state: string; card_id: number | null }[] }>(api.post(pathOf(listCardRefs), { from: sourceId }))).data[0];
    expect(await ref()).toMatchObject({ state: 'new', card_id: null });
    await run(page, 'assign crawl ref', 'Assign crawl ref…');
    await pick(page, slug, `Day source ${tag}`);
    await pick(page, tag, `Day card ${tag}`);
    await expect(input(page)).toHaveAttribute('placeholder', new RegExp(`Assign “Day card ${tag}” to which live card`));
    await pick(page, tag, `Day card ${tag} renamed`);
    await expect.poll(ref).toMatchObject({ state: 'assigned', card_id: card.id });
  });

  await test.step('roll back the source’s onboarded offers, confirmed by Enter', async () => {
    await run(page, 'roll back offers by source', 'Roll back offers');
    await pick(page, slug, `Day source ${tag}`);
    const dialog = page.getByRole('dialog', { name: `Roll back 2 offers of ${slug}?` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Enter');
    await expect.poll(liveOffers).toEqual([]);
  });

  await test.step('undo: the rolled-back offers are live again', async () => {
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press(`${mod}+z`);
    await expect.poll(liveOffers).toEqual([`Day onboarded ${tag} one`, `Day onboarded ${tag} two`]);
  });
});
