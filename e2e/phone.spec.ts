// A phone-sized window (390 px): the sidebar is a drawer behind the menu button, the list is
// one column, a record opens full screen with Back, its form fits, nothing scrolls sideways.
// The same of every other screen (crawl review and its triage, crawled banks and offers, the
// legal pages, messages, feedback, notifications, the homepage, the dashboard, engagement,
// settings, profile), and at a tablet's 768 px that none of them scrolls sideways.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, signIn } from './session';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * What scrolls sideways: the page, or a part of it that scrolls on its own (the content, a
 * list, a pane), whose overflow the page's width would not show. The homepage preview's strips
 * and a code block in a legal page scroll sideways by design.
 */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const wide: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) wide.push(`the page: ${root.scrollWidth} > ${window.innerWidth}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.closest('.app-hero, .app-tiles, pre')) continue;
      const x = getComputedStyle(el).overflowX;
      if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        wide.push(`${el.tagName.toLowerCase()}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return wide;
  });

const back = (page: Page) => page.getByRole('button', { name: '← Back' });
const paneTitle = (page: Page) => page.locator('.pane-head h2');

interface Screen {
  path: string;
  /** Shown once the screen has its data (so what it shows is measured, not a loader). */
  ready: (page: Page) => Locator;
}

/** The screens beyond the catalogue lists; the triage's path needs a source (added in the tests). */
const SCREENS: Record<string, Screen> = {
  dashboard: { path: '/admin/', ready: (p) => p.getByRole('list', { name: 'Totals' }) },
  engagement: { path: '/admin/engagement', ready: (p) => p.getByRole('table', { name: 'By card: numbers' }) },
  settings: { path: '/admin/settings', ready: (p) => p.getByLabel('Support e-mail') },
  profile: { path: '/admin/profile', ready: (p) => p.getByLabel('Name', { exact: true }) },
  'crawl review': {
    path: '/admin/crawl-data',
    ready: (p) => p.getByRole('listbox', { name: 'Crawl sources' }).getByRole('option').first(),
  },
  'crawled banks': {
    path: '/admin/crawl-bank',
    ready: (p) => p.getByRole('listbox', { name: 'Crawled banks' }).getByRole('option').first(),
  },
  'crawled offers': {
    path: '/admin/crawl-offer',
    ready: (p) => p.getByRole('listbox', { name: 'Crawled offers' }).getByRole('option').first(),
  },
  'legal pages': {
    path: '/admin/term-condition',
    ready: (p) => p.getByRole('textbox', { name: 'Terms and conditions: text' }),
  },
  'contact messages': {
    path: '/admin/contact',
    ready: (p) => p.getByRole('listbox', { name: 'Contact messages' }).getByRole('option').first(),
  },
  feedback: {
    path: '/admin/feedback',
    ready: (p) => p.getByRole('listbox', { name: 'Feedback' }).getByRole('option').first(),
  },
  notifications: {
    path: '/admin/notifications',
    ready: (p) => p.getByRole('listbox', { name: 'Notifications' }).getByRole('option').first(),
  },
  homepage: {
    path: '/admin/homepage-config',
    ready: (p) => p.getByRole('list', { name: 'Hero banners' }).getByRole('listitem').first(),
  },
};

/** The first crawl source's triage of its cards: a screen of its own. */
/** A source with crawled cards still to decide: other specs add sources whose refs are all decided (e2e/day.spec.ts). */
async function sourceToTriage(page: Page): Promise<{ id: number; name: string }> {
  const sources = (await (await (await apiAs(page)).get('/admin/v1/crawl_data?per_page=500')).json()).data as {
    id: number;
    name: string;
    counts: { card: { new: number } };
  }[];
  const source = sources.find((s) => s.counts.card.new > 0);
  expect(source, 'a crawl source with cards to decide').toBeDefined();
  return source!;
}

async function withTriage(page: Page): Promise<Record<string, Screen>> {
  const source = await sourceToTriage(page);
  // Ready once the first ref to decide is open with its candidates (on a phone, in place of the list).
  const triage: Screen = {
    path: `/admin/crawl-data/cards/${source.id}`,
    ready: (p) => p.getByRole('region', { name: 'Candidates' }),
  };
  return { ...SCREENS, 'crawl triage': triage };
}

async function visit(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeAttached();
}

test('on a phone: the menu drawer, the list, a record full screen with Back, its form, nothing sideways', async ({
  page,
}) => {
  await signIn(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const cardsLink = sidebar.getByRole('link', { name: 'Cards' });
  await expect(cardsLink).not.toBeInViewport();

  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(cardsLink).toBeInViewport();
  await cardsLink.click();
  await expect(page).toHaveURL(/\/admin\/card-list/);
  await expect(cardsLink).not.toBeInViewport();

  const list = page.getByRole('listbox', { name: 'Cards' });
  const first = list.getByRole('option').first();
  await expect(first).toBeVisible();
  expect(await sideways(page)).toEqual([]);
  const name = (await first.locator('.rec-title').textContent())!;

  // A record: full screen, the list hidden, Back at the top.
  await first.click();
  await expect(page).toHaveURL(/\/admin\/view-card\/\d+/);
  await expect(list).toBeHidden();
  const back = page.getByRole('button', { name: '← Back' });
  await expect(back).toBeInViewport();
  await expect(page.locator('.pane-head h2')).toHaveText(name);
  expect(await sideways(page)).toEqual([]);

  // Its form fits the width.
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/admin\/edit-card\/\d+/);
  await expect(page.getByLabel('Name')).toBeInViewport();
  expect(await sideways(page)).toEqual([]);

  // Back (from the view) leads to the list.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/admin\/view-card\/\d+/);
  await back.click();
  await expect(page).toHaveURL(/\/admin\/card-list/);
  await expect(list).toBeVisible();
});

test('on a phone: none of the other screens scrolls sideways, with a record open or not', async ({ page }) => {
  await signIn(page);
  for (const [name, screen] of Object.entries(await withTriage(page))) {
    await visit(page, screen);
    expect(await sideways(page), name).toEqual([]);
  }

  // The list screens built on the list view: a record full screen, with Back, fits too.
  for (const name of ['contact messages', 'feedback', 'notifications']) {
    await visit(page, SCREENS[name]);
    await SCREENS[name].ready(page).click();
    await expect(back(page)).toBeInViewport();
    expect(await sideways(page), `${name}, a record open`).toEqual([]);
    await back(page).click();
    await expect(SCREENS[name].ready(page)).toBeVisible();
  }
});

test('on a phone: crawl review shows the sources or one source, with Back; its triage the refs or one ref', async ({
  page,
}) => {
  await signIn(page);
  await visit(page, SCREENS['crawl review']);
  const sources = page.getByRole('listbox', { name: 'Crawl sources' });
  const { name } = await sourceToTriage(page);
  const first = sources
    .getByRole('option')
    .filter({ has: page.locator('.rec-title').getByText(name, { exact: true }) });
  // The list alone: no source's pane beside it.
  await expect(page.getByRole('button', { name: 'Verify' })).toBeHidden();

  // A tap shows the source (its counts and actions) in place of the list; the URL stays.
  await first.click();
  await expect(sources).toBeHidden();
  await expect(paneTitle(page)).toHaveText(name);
  await expect(back(page)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Verify' })).toBeInViewport();
  await expect(page.getByRole('table', { name: 'Crawled refs by state' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/crawl-data$/);
  expect(await sideways(page)).toEqual([]);

  // Back: the list again, the source still highlighted.
  await back(page).click();
  await expect(sources).toBeVisible();
  await expect(paneTitle(page)).toBeHidden();
  await expect(first).toHaveClass(/is-highlighted/);

  // Into its triage: the first ref to decide full screen, Back to the refs (kinds and states above them).
  await first.click();
  await page.getByRole('link', { name: /Review cards/ }).click();
  await expect(page).toHaveURL(/\/admin\/crawl-data\/cards\/\d+$/);
  const refs = page.getByRole('listbox', { name: 'Crawled cards' });
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeVisible();
  await expect(refs).toBeHidden();
  expect(await sideways(page)).toEqual([]);
  await back(page).click();
  await expect(refs).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Kind' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Candidates' })).toBeHidden();

  // A ref tapped: full screen. (Another than the first when there is one: tests before this
  // one may have decided all but one of this source's refs.)
  const options = refs.getByRole('option');
  const second = options.nth((await options.count()) > 1 ? 1 : 0);
  const refName = (await second.locator('.rec-title').textContent())!;
  await second.click();
  await expect(paneTitle(page)).toHaveText(refName);
  await expect(refs).toBeHidden();
  await expect(back(page)).toBeInViewport();
});

test('on a phone: crawled banks and offers, the homepage lists, the legal pages: one part at a time, with Back', async ({
  page,
}) => {
  await signIn(page);
  for (const [screen, list] of [
    ['crawled banks', 'Crawled banks'],
    ['crawled offers', 'Crawled offers'],
  ] as const) {
    await visit(page, SCREENS[screen]);
    const rows = page.getByRole('listbox', { name: list });
    const row = rows.getByRole('option').nth(1);
    const title = (await row.locator('.rec-title').textContent())!;
    await row.click();
    await expect(paneTitle(page), screen).toHaveText(title);
    await expect(rows).toBeHidden();
    expect(await sideways(page), screen).toEqual([]);
    await back(page).click();
    await expect(rows).toBeVisible();
    await expect(paneTitle(page)).toBeHidden();
  }

  // The homepage: a tapped row's form in place of the list; New too; Back to the list.
  await visit(page, SCREENS.homepage);
  const banners = page.getByRole('list', { name: 'Hero banners' });
  const banner = banners.getByRole('listitem').nth(1);
  const title = (await banner.locator('.hp-row-title').textContent())!;
  await expect(paneTitle(page)).toBeHidden();
  await banner.click();
  await expect(paneTitle(page)).toHaveText(title);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(banners).toBeHidden();
  expect(await sideways(page)).toEqual([]);
  await back(page).click();
  await expect(banners).toBeVisible();
  await page.getByRole('button', { name: /^New/ }).click();
  await expect(paneTitle(page)).toHaveText('New hero banner');
  await expect(banners).toBeHidden();
  await back(page).click();
  await expect(banners).toBeVisible();
  await expect(paneTitle(page)).toBeHidden();

  // A legal page: the text, or its preview or history in its place.
  await visit(page, SCREENS['legal pages']);
  const text = page.getByRole('textbox', { name: 'Terms and conditions: text' });
  await expect(text).toBeVisible();
  await expect(page.getByTestId('cms-preview')).toBeHidden();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('cms-preview')).toBeVisible();
  await expect(text).toBeHidden();
  expect(await sideways(page)).toEqual([]);
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByTestId('cms-preview')).toBeHidden();
  await expect(page.getByRole('tab', { name: /History/ })).toHaveAttribute('aria-selected', 'true');
  await back(page).click();
  await expect(text).toBeVisible();
});

test.describe('on a tablet (768 px)', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('none of the other screens scrolls sideways', async ({ page }) => {
    await signIn(page);
    for (const [name, screen] of Object.entries(await withTriage(page))) {
      await visit(page, screen);
      expect(await sideways(page), name).toEqual([]);
    }
  });
});
