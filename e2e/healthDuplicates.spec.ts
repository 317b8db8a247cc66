// The "Likely duplicates" queues worked by keys only, from the dashboard: its health section
// counts the pairs the demo plants (server/db/seed/healthProblems.ts), g q opens the Health
// screen, 9 the duplicate offers; the pane shows the pair side by side; m asks to merge keeping
// the left, listing what it touches, and the row goes; mod+z puts it back; d says "not a
// duplicate" and the row goes; mod+z again; 0 the duplicate outlets, shift+m asks to keep the
// right and Escape leaves it. Each step is checked against the API too: counts and rows are the
// API's, the list's first rows compared with its first page (e2e/healthQueue.ts), as specs before
// this one may have changed the catalogue. HEALTH_SHOTS=dir writes the screenshots (1440x900,
// 1024x768, light and dark).
import { expect, test } from './fixtures';
import { dashboardFigure, endsWithCount, expectFirstShown, healthApi } from './healthQueue';
import { listNamed, mod, rowsOf, sayYes, shoot, signIn } from './session';

test('duplicate pairs merged and dismissed by keys only, from the dashboard', async ({ page }) => {
  // A dozen steps, each a write and its re-reads: a minute and more on a busy 2-core machine.
  test.setTimeout(120_000);
  await signIn(page);
  const api = await healthApi(page);
  const queue = async (id: 'duplicateOffers' | 'duplicateOutlets') => {
    const q = await api.queue(id);
    return { ...q, rows: q.rows as ((typeof q.rows)[number] & { other: { id: number; title: string } })[] };
  };
  const queueRows = async (id: 'duplicateOffers' | 'duplicateOutlets') => (await queue(id)).rows;
  const all = await queue('duplicateOffers');
  const before = all.rows;
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [first] = before;

  await expect(dashboardFigure(page, 'duplicateOffers')).toHaveText(endsWithCount(all.count));

  await page.locator('body').press('g');
  await page.keyboard.press('q');
  await expect(page).toHaveURL(/\/admin\/health-queues/);
  await expect(page.getByRole('navigation', { name: 'Queues' })).toBeVisible();
  await page.keyboard.press('9');
  await expect(page).toHaveURL(/\/admin\/health-queues\/duplicateOffers$/);
  const list = listNamed(page, 'Likely duplicate offers');
  await expectFirstShown(list, before);
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  // The pair side by side: the older offer on the left.
  const pair = page.getByRole('region', { name: 'The two records' });
  await expect(pair).toContainText(`Left #${first.other.id}`);
  await expect(pair).toContainText(`Right #${first.id}`);
  await shoot(page, process.env.HEALTH_SHOTS, 'health-duplicates');

  // m: the confirm says what the merge keeps, deletes and moves, before it runs.
  await page.keyboard.press('m');
  const dialog = page.getByRole('dialog', { name: 'Merge, keep the left: one pair of offers?' });
  await expect(dialog).toContainText(`Keep #${first.other.id}`);
  await expect(dialog).toContainText(`delete #${first.id}`);
  await sayYes(page);
  await expect(page.getByText('Merged one pair of offers')).toBeVisible();
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  const merged = await queue('duplicateOffers');
  expect(merged.count).toBe(all.count - 1);
  expect(merged.rows.map((r) => r.id)).not.toContain(first.id);
  await expectFirstShown(list, merged.rows);

  // mod+z: the deleted offer is back, and the pair with it.
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(async () => (await queueRows('duplicateOffers')).map((r) => r.id)).toEqual(before.map((r) => r.id));
  await expectFirstShown(list, before);

  // d: not a duplicate, never shown again; mod+z shows it again.
  for (let i = 0; i < before.length; i++) await page.keyboard.press('k');
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('d');
  await expect(page.getByText('as not duplicates')).toBeVisible();
  const dismissed = await queue('duplicateOffers');
  expect(dismissed.count).toBe(all.count - 1);
  expect(dismissed.rows.map((r) => r.id)).not.toContain(first.id);
  await expectFirstShown(list, dismissed.rows);
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(async () => (await queueRows('duplicateOffers')).map((r) => r.id)).toEqual(before.map((r) => r.id));
  await expectFirstShown(list, before);

  // 8: the outlets; shift+m asks to keep the right one, Escape leaves both.
  const outlets = await queueRows('duplicateOutlets');
  await page.keyboard.press('0');
  await expect(page).toHaveURL(/\/admin\/health-queues\/duplicateOutlets$/);
  const outletList = listNamed(page, 'Likely duplicate outlets');
  await expectFirstShown(outletList, outlets);
  await page.keyboard.press('Shift+M');
  const keepRight = page.getByRole('dialog', { name: 'Merge, keep the right: one pair of outlets?' });
  await expect(keepRight).toContainText(`Keep #${outlets[0].id}`);
  await page.keyboard.press('Escape');
  await expect(keepRight).toBeHidden();
  expect((await queueRows('duplicateOutlets')).length).toBe(outlets.length);
});
