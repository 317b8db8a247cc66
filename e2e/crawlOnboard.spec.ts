// Onboarding a crawl source and rolling it back, keyboard first: the onboarding's confirm names
// the offers already expired (left out unless ticked in) and those with no card or outlet link;
// its result toast stays until dismissed and carries "Roll back", whose own confirm names the
// offers edited since onboarding (kept); the rollback's toast offers Undo, and mod+z undoes it.
// The offer list's source filter lists the crawl source. Works on a source of its own, made by
// importing a file (the seeded sources belong to e2e/crawl.spec.ts and crawlScreens.spec.ts).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { importCrawl, listSources } from '@contract/crawlSources';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { apiAs, mod, signIn, paletteInput, sayYes } from './session';

const SLUG = 'e2e-onboard';
const NAME = 'E2E onboard source';
const offerLine = (key: string, title: string, from: string, to: string) =>
  JSON.stringify({
    kind: 'offer',
    key,
    title,
    discount: '10% off',
    valid_from: from,
    valid_to: to,
    cards: ['Unmatched e2e card'],
    outlets: [],
  });
const FILE = [
  JSON.stringify({ kind: 'card', key: 'c1', name: 'Unmatched e2e card', network: 'Visa' }),
  offerLine('f1', 'E2E onboard dinner', '2024-01-01', '2099-12-31'),
  offerLine('f2', 'E2E onboard lunch', '2024-01-01', '2099-12-31'),
  offerLine('f3', 'E2E onboard brunch', '2024-01-01', '2099-12-31'),
  offerLine('f4', 'E2E onboard expired one', '2020-01-01', '2020-06-30'),
  offerLine('f5', 'E2E onboard expired two', '2020-01-01', '2020-06-30'),
].join('\n');

type Api = Awaited<ReturnType<typeof apiAs>>;
const liveOffers = async (api: Api) =>
  (await (await api.post(`${pathOf(offerResource.ops.list)}?per_page=50`, { from_source: SLUG })).json()).data as {
    id: number;
    title: string;
    version: number;
  }[];

async function palette(page: Page, text: string) {
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type(text);
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(text);
  await page.keyboard.press('Enter');
}

/** The same screen at both sizes and in both themes, for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const [w, h] of [
    [1440, 900],
    [1024, 768],
  ]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      // The page follows the system's scheme; its colours fade for 80 ms (base.css).
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await page.waitForTimeout(250);
      await page.screenshot({ path: `test-results/${name}-${w}x${h}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
}

test('onboard a source with its expired offers ticked in, then roll it back from the toast and undo — keyboard first', async ({
  page,
}) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const imported = await page.request.post(pathOf(importCrawl), {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      from_source: SLUG,
      name: NAME,
      file: { name: 'e2e.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(FILE) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const api = await apiAs(page);

  // The sources screen, the new source highlighted.
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page.getByRole('heading', { level: 1, name: 'Crawl review' })).toBeVisible();
  const sources = (await (await api.get(`${pathOf(listSources)}?per_page=500`)).json()).data as { name: string }[];
  for (let i = 0; i < sources.length; i++) {
    if ((await page.locator('.pane-head h2').textContent()) === NAME) break;
    await page.keyboard.press('j');
  }
  await expect(page.locator('.pane-head h2')).toHaveText(NAME);

  // The confirm names the expired and the unlinked offers; the expired ones are left out unless ticked.
  await palette(page, `Onboard offers of ${NAME}`);
  const dialog = page.getByRole('dialog', { name: `Onboard 3 offers of ${SLUG}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('2 have already expired and are left out (still new).');
  await expect(dialog).toContainText('3 have no card or outlet link (3 no card, 3 no outlet)');
  const include = dialog.getByRole('checkbox', { name: 'Include the 2 expired offers too' });
  await expect(include).not.toBeChecked();
  // A mass change starts on Cancel (src/ui/Confirm.tsx): one Enter away from nothing.
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await screenshots(page, 'crawl-onboard-confirm');
  // Shift+Tab from Cancel to the box; Space ticks it; Enter confirms.
  await page.keyboard.press('Shift+Tab');
  await expect(include).toBeFocused();
  await page.keyboard.press('Space');
  await expect(include).toBeChecked();
  await page.keyboard.press('Enter');

  // The result stays until dismissed (past the 8 s of an undoable toast), with Roll back.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Onboarded 5 offers of ${SLUG}.` });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('2 have already expired and went live all the same.');
  await expect(toast.getByRole('button', { name: 'Roll back' })).toBeVisible();
  await expect.poll(async () => (await liveOffers(api)).length).toBe(5);
  await screenshots(page, 'crawl-onboard-toast');
  await page.waitForTimeout(9_000);
  await expect(toast).toBeVisible();

  // The offer list's source filter lists the crawl source, and filters by it.
  await page.goto(`/admin/offer-list?from_source=${SLUG}`);
  await expect(
    page.getByRole('combobox', { name: 'Filter by source' }).locator('option', { hasText: NAME }),
  ).toHaveCount(1);
  await expect(page.locator('.list-count')).toHaveText(/^5 offers/);

  // An admin edits one of them: the rollback keeps it, and its confirm says so.
  const edited = (await liveOffers(api)).find((o) => o.title === 'E2E onboard dinner')!;
  const saved = await api.post(pathOf(offerResource.ops.update!, { id: edited.id }), {
    discount: '15% off',
    version: edited.version,
  });
  expect(saved.status()).toBe(200);
  // From the offer list the command asks which source (on the sources screen it takes the highlighted one).
  await palette(page, 'Roll back offers by source');
  await page.keyboard.type(SLUG);
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(NAME);
  await page.keyboard.press('Enter');
  const rollback = page.getByRole('dialog', { name: `Roll back 4 offers of ${SLUG}?` });
  await expect(rollback).toContainText(`Would roll back 4 offers of ${SLUG}; 1 edited since onboarding is kept.`);
  await sayYes(page);
  const done = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: `Rolled back 4 offers of ${SLUG}; 1 edited since onboarding is kept.` });
  await expect(done.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect.poll(async () => (await liveOffers(api)).map((o) => o.id)).toEqual([edited.id]);

  // mod+z undoes the rollback: the four offers are live again.
  await page.locator('body').focus();
  await page.keyboard.press(`${mod}+z`);
  await expect(page.getByText('Undone: 4 offers as before.').first()).toBeVisible();
  await expect.poll(async () => (await liveOffers(api)).length).toBe(5);
});

test("the onboarding toast's Roll back runs the rollback, which asks first", async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  await page.goto('/admin/offer-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  // The first test left every offer of the source live: roll them back to onboard them again.
  await palette(page, 'Roll back offers by source');
  await page.keyboard.type(SLUG);
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(NAME);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Roll back 4 offers of ${SLUG}?` })).toBeVisible();
  await sayYes(page);
  await expect.poll(async () => (await liveOffers(api)).length).toBe(1);

  await palette(page, 'Onboard offers of a source');
  await page.keyboard.type(SLUG);
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(NAME);
  await page.keyboard.press('Enter');
  // The edited one is live still; the other two that are not expired go (the expired stay out).
  await expect(page.getByRole('dialog', { name: `Onboard 2 offers of ${SLUG}?` })).toBeVisible();
  await sayYes(page);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Onboarded 2 offers of ${SLUG}.` });
  await expect(toast).toBeVisible();
  await expect.poll(async () => (await liveOffers(api)).length).toBe(3);

  await toast.getByRole('button', { name: 'Roll back' }).click();
  const rollback = page.getByRole('dialog', { name: `Roll back 2 offers of ${SLUG}?` });
  await expect(rollback).toBeVisible();
  await expect(rollback).toContainText('1 edited since onboarding is kept');
  await sayYes(page);
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `Rolled back 2 offers of ${SLUG}; 1 edited since onboarding is kept.` }),
  ).toBeVisible();
  await expect.poll(async () => (await liveOffers(api)).length).toBe(1);
});
