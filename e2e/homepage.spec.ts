// Homepage configuration: reorder the hero banners by keyboard only (Alt+↓ on the highlighted
// row, then "Reorder banner…" from the palette) and by a mouse drag; after a reload the order
// holds and is the API's. Then add a selected offer through the offer picker, and the same
// offer again, which the server refuses with its 409 message.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SELECTED_OFFER_TWICE } from '@contract/homepageSelected';
import { apiAs, mod, signIn } from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;
interface Row {
  id: number;
  title: string;
  position: number;
}

const heroBanners = async (api: Api) =>
  ((await (await api.get('/admin/v1/hero-banners?per_page=100')).json()).data.hero_banners as Row[]).map(
    (b) => b.title,
  );
const selectedOffers = async (api: Api) =>
  (await (await api.get('/admin/v1/selected-offers-v1.0.14')).json()).data as {
    offer_id: number;
    offer_title: string;
  }[];

const rows = (page: Page) => page.getByRole('list', { name: 'Hero banners' }).getByRole('listitem');
const shownTitles = (page: Page) => rows(page).locator('.hp-row-title').allTextContents();

/**
 * The phone preview's carousel: its slides in order, and the one in view at its start (the
 * strip scrolls and snaps, so the first in the page is not always the one a person sees).
 */
const preview = (page: Page) =>
  page.locator('.app-hero').evaluate((strip) => {
    const slides = [...strip.querySelectorAll<HTMLElement>('.app-hero-slide')];
    const left = strip.getBoundingClientRect().left;
    const inView = slides.find((s) => Math.abs(s.getBoundingClientRect().left - left) < 4);
    return {
      slides: slides.map((s) => s.querySelector('strong')!.textContent),
      inView: inView?.querySelector('strong')!.textContent ?? null,
    };
  });

/** The preview follows the list at once: its slides in the list's order, the first one in view. */
async function expectPreviewFollows(page: Page, order: string[]) {
  const onDay = (await preview(page)).slides;
  const expected = order.filter((t) => onDay.includes(t));
  await expect.poll(() => preview(page)).toEqual({ slides: expected, inView: expected[0] });
}

/** The palette: type, wait for the row, Enter. */
async function choose(page: Page, text: string) {
  await page.keyboard.type(text);
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(text);
  await page.keyboard.press('Enter');
}

const moved = <T>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row);
  return next;
};

test('reorder hero banners by keyboard and by mouse drag; the order holds after a reload and matches the API', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  let order = await heroBanners(api);
  expect(order.length).toBeGreaterThanOrEqual(4);

  // g h: the homepage screen, on its first tab, the first row highlighted and focused.
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/admin\/homepage-config/);
  await expect(page.getByRole('tab', { name: /Hero banners/ })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => shownTitles(page)).toEqual(order);
  await expect(rows(page).first()).toBeFocused();

  // The first banner one place down: the phone preview's carousel shows the new first at once
  // (it once stayed snapped to the banner it showed, as if the order had not changed).
  await page.keyboard.press('Alt+ArrowDown');
  order = moved(order, 0, 1);
  await expect.poll(() => heroBanners(api)).toEqual(order);
  await expectPreviewFollows(page, order);
  await page.keyboard.press('Alt+ArrowUp');
  order = moved(order, 1, 0);
  await expect.poll(() => heroBanners(api)).toEqual(order);
  await expectPreviewFollows(page, order);
  await expect(rows(page).first()).toBeFocused();

  // j highlights the second banner; Alt+↓ moves it one place down, shown at once.
  await page.keyboard.press('j');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  order = moved(order, 1, 2);
  await expect.poll(() => shownTitles(page)).toEqual(order);
  await expect(page.getByText('Hero banner moved successfully!').first()).toBeVisible();
  await expect.poll(() => heroBanners(api)).toEqual(order);
  await expectPreviewFollows(page, order);
  // The moved banner keeps the highlight: Alt+↑ takes it back up.
  await expect(rows(page).nth(2)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Alt+ArrowUp');
  order = moved(order, 2, 1);
  await expect.poll(() => heroBanners(api)).toEqual(order);
  await expectPreviewFollows(page, order);

  // "Reorder banner…" from the palette: the last banner, then position 1.
  const last = order.at(-1)!;
  await page.keyboard.press(`${mod}+k`);
  await choose(page, 'Reorder banner');
  await expect(page.getByPlaceholder('Which hero banner?')).toBeFocused();
  await choose(page, last);
  await expect(page.getByPlaceholder(`Move “${last}” to which position?`)).toBeFocused();
  await choose(page, 'Position 1');
  order = moved(order, order.length - 1, 0);
  await expect.poll(() => shownTitles(page)).toEqual(order);
  await expect.poll(() => heroBanners(api)).toEqual(order);
  await expectPreviewFollows(page, order);

  // A mouse drag: the first row onto the third.
  const from = (await rows(page).nth(0).boundingBox())!;
  const onto = (await rows(page).nth(2).boundingBox())!;
  await page.mouse.move(from.x + 12, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(onto.x + 12, onto.y + onto.height / 2 + 6, { steps: 12 });
  await page.mouse.up();
  order = moved(order, 0, 2);
  await expect.poll(() => shownTitles(page)).toEqual(order);
  await expect.poll(() => heroBanners(api)).toEqual(order);

  // Reload: the server's order is what shows.
  await page.reload();
  await expect.poll(() => shownTitles(page)).toEqual(order);
  expect(await heroBanners(api)).toEqual(order);
});

test('add a selected offer through the picker; the same offer twice shows the server’s 409 message', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const selected = await selectedOffers(api);
  const offers = (await (await api.post('/admin/v1/all_offer?per_page=100', { state: 'live' })).json()).data as {
    id: number;
    title: string;
  }[];
  // An offer not selected yet whose title finds it alone (several banks run offers of one title).
  const alone = async (title: string) =>
    (await (await api.post('/admin/v1/all_offer?per_page=2', { query: title })).json()).pagination.total === 1;
  let offer: { id: number; title: string } | undefined;
  for (const o of offers) {
    if (selected.some((s) => s.offer_id === o.id)) continue;
    if (await alone(o.title)) {
      offer = o;
      break;
    }
  }
  if (!offer) throw new Error('the demo data has no live offer with a title of its own');

  await page.goto('/admin/homepage-config?tab=selected-offers');
  const list = page.getByRole('list', { name: 'Selected offers' });
  await expect(list.getByRole('listitem')).toHaveCount(selected.length);

  // / jumps to the picker; typing searches the server; Enter adds the highlighted offer.
  await list.getByRole('listitem').first().focus();
  await page.keyboard.press('/');
  const picker = page.getByRole('combobox', { name: 'Add an offer' });
  await expect(picker).toBeFocused();
  // Typing in a field: [ ] n p are letters here, not the screen's keys.
  await page.keyboard.type('[]np');
  await expect(picker).toHaveValue('[]np');
  await expect(page).toHaveURL(/tab=selected-offers/);
  await expect(page.getByRole('heading', { name: /^New / })).toHaveCount(0);
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.press('Backspace');
  await page.keyboard.type(offer.title);
  const found = page.getByRole('listbox', { name: 'Add an offer' }).getByRole('option', { selected: true });
  await expect(found).toContainText(offer.title);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Selected offer added successfully!')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(selected.length + 1);
  await expect(list.getByRole('listitem').last()).toContainText(offer.title);
  await expect.poll(async () => (await selectedOffers(api)).map((s) => s.offer_id).at(-1)).toBe(offer.id);

  // The same offer again: the server's 409, in a toast; the list is unchanged.
  await page.keyboard.type(offer.title);
  await expect(found).toContainText(offer.title);
  await page.keyboard.press('Enter');
  await expect(page.getByText(SELECTED_OFFER_TWICE)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(selected.length + 1);
  expect((await selectedOffers(api)).filter((s) => s.offer_id === offer.id)).toHaveLength(1);
});
