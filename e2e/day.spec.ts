// Issue 19's acceptance: a whole day's work from the dashboard without the mouse. Every step is
// keys alone, the palette's phrases typed as a person types them (src/commands/phrases.ts), and
// every outcome is read back from the server with the admin's token, not from the screen. What
// the day works on is made through the API first: a card of its own, and a crawl source of its
// own (imported, its offers onboarded), so the demo's sources stay as e2e/crawl*.spec.ts expect.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDays, dubaiDay } from '@contract/dubaiTime';
import { listCardRefs } from '@contract/crawlCards';
import { transferOfferRefs } from '@contract/crawlOffers';
import { importCrawl, listSources } from '@contract/crawlSources';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { apiAs, listNamed, mod, paletteInput, pick, run, signIn, sayYes } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;

/** The card, and the source `e2e-day-<tag>`: one crawled card named as the card, two offers onboarded. */
async function setUp(page: Page, api: Api, tag: string) {
  const firstId = async (url: string) => ((await (await api.get(url)).json()).data as { id: number }[])[0].id;
  const name = `Day card ${tag}`;
  const made = await api.post('/admin/v1/add_card', {
    name,
    bank_id: await firstId('/admin/v1/all_bank?per_page=1'),
    network_id: await firstId('/admin/v1/all_network?per_page=1'),
    category_id: await firstId('/admin/v1/all_categories?per_page=1'),
    display: true,
    annual_fee: 100,
  });
  expect(made.status(), await made.text()).toBe(200);
  const card = (await made.json()).data as { id: number; name: string };

  const slug = `e2e-day-${tag}`;
  const offer = (key: string, title: string) => ({
    kind: 'offer',
    key,
    title,
    discount: '10% off',
    valid_from: '2024-01-01',
    valid_to: '2099-12-31',
    cards: [],
    outlets: [],
  });
  const lines = [
    { kind: 'card', key: 'c1', name, network: 'Visa' },
    offer('o1', `Day onboarded ${tag} one`),
    offer('o2', `Day onboarded ${tag} two`),
  ];
  // A file upload: apiAs sends JSON only.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const imported = await page.request.post(pathOf(importCrawl), {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      from_source: slug,
      name: `Day source ${tag}`,
      file: {
        name: 'day.jsonl',
        mimeType: 'application/jsonl',
        buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const onboarded = await api.post(pathOf(transferOfferRefs), { from_source: slug });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  const sources = (await (await api.get(`${pathOf(listSources)}?per_page=500`)).json()).data as {
    id: number;
    from_source: string;
  }[];
  return { card, slug, sourceId: sources.find((s) => s.from_source === slug)!.id };
}

test('a day’s work from the dashboard by keyboard alone: a cell, an offer, a banner, a crawl ref, a rollback and its undo', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const { card, slug, sourceId } = await setUp(page, api, tag);
  const onboarded = [`Day onboarded ${tag} one`, `Day onboarded ${tag} two`];
  const liveOffers = async () =>
    (
      (await (await api.post(`${pathOf(offerResource.ops.list)}?per_page=50`, { from_source: slug })).json()).data as {
        title: string;
      }[]
    )
      .map((o) => o.title)
      .sort();
  await expect.poll(liveOffers).toEqual(onboarded);

  await test.step('find a card with the palette, then rename it in its cell of the cards table', async () => {
    await run(page, 'find card', 'Find card…');
    await pick(page, tag, card.name);
    await expect(page).toHaveURL(new RegExp(`/admin/view-card/${card.id}$`));
    await expect(page.locator('.pane-head')).toContainText(card.name);
    // Escape: the record closes; the full-width table has the keys, its cursor on the card.
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
    await expect(grid).toBeFocused();
    await expect
      .poll(async () => (await (await api.get(`/admin/v1/show_card?id=${card.id}`)).json()).data.name)
      .toBe(`Day card ${tag} renamed`);
  });

  await test.step('create an offer with typed dates, today and +30d, saved as Dubai days', async () => {
    const today = dubaiDay();
    await run(page, 'new offer', 'New offer');
    await expect(page).toHaveURL(/\/admin\/add-offer$/);
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.keyboard.type(`Day offer ${tag}`);
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
    const saved = (await (await api.get(`/admin/v1/show_offer?id=${id}`)).json()).data;
    expect(saved).toMatchObject({
      title: `Day offer ${tag}`,
      discount: '15% off',
      valid_from: today,
      valid_to: addDays(today, 30),
    });
  });

  await test.step('reorder a banner: the first moves to position 2', async () => {
    const banners = async () =>
      (await (await api.get('/admin/v1/hero-banners?per_page=100')).json()).data.hero_banners as {
        id: number;
        title: string;
      }[];
    const before = await banners();
    await run(page, 'reorder banner', 'Reorder banner…');
    await pick(page, before[0].title, before[0].title);
    await expect(paletteInput(page)).toHaveAttribute('placeholder', `Move “${before[0].title}” to which position?`);
    await pick(page, '2', 'Position 2');
    await expect
      .poll(async () => (await banners()).map((b) => b.id))
      .toEqual([before[1].id, before[0].id, ...before.slice(2).map((b) => b.id)]);
    // The palette closes on another screen than it opened on: the keys go to that screen's list, its moved row.
    await expect(page.locator(`#hp-row-${before[0].id}`)).toBeFocused();
    // Back where it was, for the specs that read the demo's order.
    expect((await api.post(`/admin/v1/hero-banners/${before[0].id}/direction`, { to: 1 })).status()).toBe(200);
  });

  await test.step('assign the source’s crawled card to the live card, found by typing', async () => {
    const ref = async () =>
      (
        (await (await api.post(pathOf(listCardRefs), { from: sourceId })).json()).data as {
          state: string;
          card_id: number | null;
        }[]
      )[0];
    expect(await ref()).toMatchObject({ state: 'new', card_id: null });
    await run(page, 'assign crawl ref', 'Assign crawl ref…');
    await pick(page, slug, `Day source ${tag}`);
    await pick(page, tag, card.name);
    await expect(paletteInput(page)).toHaveAttribute(
      'placeholder',
      new RegExp(`Assign “${card.name}” to which live card`),
    );
    await pick(page, tag, `Day card ${tag} renamed`);
    await expect.poll(ref).toMatchObject({ state: 'assigned', card_id: card.id });
  });

  await test.step('roll back the source’s onboarded offers, confirmed by Tab and Enter', async () => {
    await run(page, 'roll back offers by source', 'Roll back offers');
    await pick(page, slug, `Day source ${tag}`);
    await expect(page.getByRole('dialog', { name: `Roll back 2 offers of ${slug}?` })).toBeVisible();
    await sayYes(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(liveOffers).toEqual([]);
    // The undo step exists once the answer is in the browser (its toast with Undo), which can come
    // after the server's rows show the rollback: mod+z before it has nothing to undo.
    const done = page.locator('[data-sonner-toast]').filter({ hasText: `Rolled back 2 offers of ${slug}` });
    await expect(done.getByRole('button', { name: 'Undo' })).toBeVisible();
  });

  await test.step('undo by mod+z: the offers are live again', async () => {
    await page.keyboard.press(`${mod}+z`);
    await expect.poll(liveOffers).toEqual(onboarded);
  });
});
