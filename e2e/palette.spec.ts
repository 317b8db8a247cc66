// The palette is the whole product (issue 19): from the dashboard every phrase of the phrase
// table (src/commands/phrases.ts) finds its command among the first three; the actions of other
// screens run from here (a record asked for on a palette page, then the screen it needs); what
// was run shows first when the palette opens empty.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { HELD_OUT } from '../src/commands/heldOutPhrases';
import { PHRASES } from '../src/commands/phrases';
import {
  apiAs,
  listNamed,
  mod,
  paletteInput as input,
  paletteSelected as selected,
  pick,
  rowsOf,
  run,
  shoot,
  signIn,
} from './session';

type Api = Awaited<ReturnType<typeof apiAs>>;

/** The ids of the first three rows (a row's value ends with its command's id). */
const firstThree = (page: Page) =>
  page
    .locator('[cmdk-item]')
    .evaluateAll((els) => els.slice(0, 3).map((e) => (e.getAttribute('data-value') ?? '').split(' ').at(-1)));

async function openPalette(page: Page) {
  await page.keyboard.press(`${mod}+k`);
  await expect(input(page)).toBeFocused();
}

test('from the dashboard, every phrase of the table finds its command among the first three', async ({ page }) => {
  await signIn(page);
  const missed: string[] = [];
  for (const [phrase, id] of PHRASES) {
    await openPalette(page);
    await page.keyboard.type(phrase);
    // cmdk orders the rows in the frame after the key: give it a moment, no more.
    let rows: string[] = [];
    for (let tries = 0; tries < 20; tries++) {
      rows = (await firstThree(page)) as string[];
      if (rows.includes(id)) break;
      await page.waitForTimeout(50);
    }
    if (!rows.includes(id)) missed.push(`“${phrase}”: ${id} not in ${rows.join(', ')}`);
    await page.keyboard.press('Escape');
    await expect(input(page)).toHaveCount(0);
  }
  expect(missed).toEqual([]);
});

/** A sample of the held-out phrases (src/commands/heldOutPhrases.ts): people's words, not the commands'. */
const SAMPLE = [
  'edit bank',
  'change bank',
  'rename card',
  'add deal',
  'new promo',
  'remove store',
  'delete shop',
  'find customer',
  'invite member',
  'upload stores',
  'what changed',
].map((phrase) => HELD_OUT.find((p) => p.phrase === phrase && !p.screen)!);

test('from the dashboard, people’s words find their command first: a sample of the held-out phrases', async ({
  page,
}) => {
  await signIn(page);
  const missed: string[] = [];
  for (const { phrase, command } of SAMPLE) {
    await openPalette(page);
    await page.keyboard.type(phrase);
    let first = '';
    for (let tries = 0; tries < 20; tries++) {
      first = ((await firstThree(page)) as string[])[0] ?? '';
      if (first === command) break;
      await page.waitForTimeout(50);
    }
    if (first !== command) missed.push(`“${phrase}”: ${command} not first (${first})`);
    await page.keyboard.press('Escape');
    await expect(input(page)).toHaveCount(0);
  }
  expect(missed).toEqual([]);
});

test('keys typed ahead are kept: Ctrl+K, a record’s name and Enter at once open the record; a view named and saved the same way', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  // A card whose full name names it alone (no other card has it in its name).
  const hits = (await (await api.get('/admin/v1/search?query=titanium&limit=20&types=card')).json()).data as {
    id: number;
    title: string;
  }[];
  const card = hits.find((h) => hits.filter((x) => x.title.includes(h.title)).length === 1)!;
  expect(card, 'a titanium card in the demo data').toBeDefined();
  // The palette open (keys typed before its input is there go to the page: not this test's
  // matter), then the name and Enter with no pause between them.
  await openPalette(page);
  await page.keyboard.type(card.title);
  await page.keyboard.press('Enter');
  await expect(input(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/${card.id}$`));

  // "Save this view as…" on a list: its name and Enter, typed with no pause.
  await page.goto('/admin/card-list');
  await expect(rowsOf(listNamed(page, 'Cards')).first()).toBeVisible();
  await run(page, 'save this view', 'Save this view as…');
  await expect(input(page)).toHaveAttribute('placeholder', /Name the view/);
  const name = `Typed ahead ${Date.now()}`;
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(input(page)).toHaveCount(0);
  await expect(page.getByText(`Saved the view “${name}”`).first()).toBeVisible();
});

test('a verb runs its command above the records; a record’s words put the record they name best first', async ({
  page,
}) => {
  // Screenshots (E2E_SHOTS): each query at 1440x900 and 1024x768, light and dark.
  if (process.env.E2E_SHOTS) test.setTimeout(240_000);
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type('edit bank');
  await expect(selected(page)).toContainText('Edit bank');
  await expect(page.locator('[cmdk-group]').first()).toBeVisible(); // the records, below
  await expect(selected(page)).toContainText('Edit bank');
  await shoot(page, process.env.E2E_SHOTS, 'palette-verb');
  await page.keyboard.press('Escape');
  await openPalette(page);
  await page.keyboard.type('dubai mall');
  await expect(page.locator('[cmdk-group]').first()).toBeVisible();
  await expect(page.locator('[cmdk-item] .palette-title').first()).toHaveText(/\bDubai Mall\b/);
  await shoot(page, process.env.E2E_SHOTS, 'palette-record');
});

test('other screens’ actions run from the dashboard: a new offer’s form, a reply, a crawl ref assigned and undone', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);

  // "create offer" is New offer: its form on the offers screen.
  await run(page, 'create offer', 'New offer');
  await expect(page).toHaveURL(/\/admin\/add-offer$/);
  await expect(page.getByRole('form', { name: 'New offer' })).toBeVisible();
  await page.keyboard.press('Escape');

  // "reply": which message (a palette page, searched on the server), then its reply box.
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const messages = (await (await api.get('/admin/v1/all_contact?per_page=100')).json()).data as {
    id: number;
    subject: string;
  }[];
  const message = messages.find((m) => messages.filter((x) => x.subject === m.subject).length === 1)!;
  await run(page, 'reply', 'Reply to contact message…');
  await pick(page, message.subject, message.subject);
  await expect(page).toHaveURL(new RegExp(`/admin/view-contact/${message.id}$`));
  await expect(page.getByLabel(/Reply to /)).toBeFocused();

  // "assign crawl ref": a source, one of its undecided refs, its top candidate.
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sources = (await (await api.get('/admin/v1/crawl_data')).json()).data as {
    id: number;
    name: string;
    from_source: string;
  }[];
  const source = sources.find((s) => s.from_source === 'enbd-site')!;
  const refs = (
    await (await api.post('/admin/v1/all-cards-ref?per_page=100', { from: source.id, state: 'new' })).json()
  ).data as { id: number; name: string }[];
  const ref = refs[0];
  await run(page, 'assign crawl ref', 'Assign crawl ref…');
  await pick(page, source.from_source, source.name);
  await expect(input(page)).toHaveAttribute('placeholder', /undecided first/);
  await pick(page, ref.name, ref.name);
  await expect(input(page)).toHaveAttribute('placeholder', new RegExp(`Assign “${ref.name}” to which live card`));
  // The candidates first, ranked, with their match.
  await expect(selected(page)).toContainText('% match');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Card assigned successfully!').first()).toBeVisible();
  const stateOf = async (a: Api) =>
    (
      (await (await a.post('/admin/v1/all-cards-ref?per_page=100', { from: source.id })).json()).data as {
        id: number;
        state: string;
      }[]
    ).find((r) => r.id === ref.id)?.state;
  await expect.poll(() => stateOf(api)).toBe('assigned');
  // Undone like a triage decision: mod+z, or "undo" by name.
  await run(page, 'undo', 'Undo last change');
  await expect.poll(() => stateOf(api)).toBe('new');
  await expect(page).toHaveURL(/\/admin\/?$/);
});

test('"Reorder banner…" from the dashboard: a banner, then its place, on the homepage screen', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const banners = async () =>
    (
      (await (await api.get('/admin/v1/hero-banners?per_page=100')).json()).data.hero_banners as { title: string }[]
    ).map((b) => b.title);
  const before = await banners();
  await run(page, 'reordr banner', 'Reorder banner…');
  await pick(page, before[0], before[0]);
  await expect(page).toHaveURL(/\/admin\/homepage-config\?tab=hero-banners/);
  await expect(input(page)).toHaveAttribute('placeholder', `Move “${before[0]}” to which position?`);
  await pick(page, '2', 'Position 2');
  await expect.poll(banners).toEqual([before[1], before[0], ...before.slice(2)]);
  // And back, so the other specs find the demo order.
  await run(page, 'reorder banner', 'Reorder banner…');
  await pick(page, before[0], before[0]);
  await pick(page, '1', 'Position 1');
  await expect.poll(banners).toEqual(before);
});

test('the palette opened empty shows the last commands run; use lifts a command among equals', async ({ page }) => {
  await signIn(page);
  // Twice, so the theme is as it was.
  await run(page, 'dark mode', 'Toggle dark/light theme');
  await run(page, 'dark mode', 'Toggle dark/light theme');
  await run(page, 'keyboard shortcuts', 'Show keyboard shortcuts');
  await page.keyboard.press('Escape');
  await openPalette(page);
  const recent = page.locator('[cmdk-group]', {
    has: page.locator('[cmdk-group-heading]', { hasText: 'Recent commands' }),
  });
  await expect(recent.locator('[cmdk-item]')).toHaveText([/Show keyboard shortcuts/, /Toggle dark\/light theme/]);
  await page.keyboard.press('Escape');

  // "new" matches every New …: the ones run lately come first.
  for (let i = 0; i < 3; i++) {
    await run(page, 'new network', 'New network');
    await expect(page).toHaveURL(/\/admin\/network-list\/new/);
    await page.keyboard.press('Escape');
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await openPalette(page);
  await page.keyboard.type('new');
  await expect(selected(page)).toContainText('New network');
});
