// Catalogue health worked by keys only, from the dashboard: its health section shows each
// queue's count (the demo plants a few of each problem, server/db/seed/healthProblems.ts), g q
// opens the Health screen, 2 the unreachable offers; n ends the highlighted offer and the next
// row is highlighted at once; x, j, x check two and n asks to confirm the two, by name; mod+z
// puts both back; 1 and e extend an offer ending soon to a typed date ("+30d"). Each step is
// checked against the API too. Specs before this one on the worker's server may have changed
// the catalogue: counts and rows are the API's, and the list's first rows are compared with
// its first page (e2e/healthQueue.ts). HEALTH_SHOTS=dir writes the screenshots (1440x900,
// 1024x768, light and dark).
import { expect, test } from './fixtures';
import { HEALTH_QUEUES } from '@contract/healthQueues';
import { addDays, dubaiDay } from '@contract/dubaiTime';
import { countText, dashboardFigure, endsWithCount, expectFirstShown, healthApi, queueLink } from './healthQueue';
import { listNamed, mod, paletteInput, paletteSelected, rowsOf, sayYes, shoot, signIn } from './session';

test('a queue worked by keys only, from the dashboard', async ({ page }) => {
  // A dozen steps, each a write and its re-reads: a minute and more on a busy 2-core machine.
  test.setTimeout(120_000);
  await signIn(page);
  const api = await healthApi(page);
  const before = await api.queue('unreachable');
  expect(before.rows.length).toBeGreaterThanOrEqual(3);
  const [r0, r1, r2] = before.rows;

  // The dashboard's figure is the queue's count, every queue's as the API counts it; but the
  // broken media's, which the checker's round after a start changes as it goes
  // (e2e/healthMedia.spec.ts works that queue).
  const counts = await api.counts();
  expect(counts.unreachable).toBe(before.count);
  for (const q of HEALTH_QUEUES)
    await expect(dashboardFigure(page, q.id)).toHaveText(q.entity === 'link' ? /\D\d+$/ : endsWithCount(counts[q.id]));

  await page.locator('body').press('g');
  await page.keyboard.press('q');
  await expect(page).toHaveURL(/\/admin\/health-queues/);
  // The first queue with rows shows first (the demo's: the offers ending soon); its rows shown, its keys are bound.
  const first = HEALTH_QUEUES.find((q) => counts[q.id] > 0)!;
  await expect(rowsOf(listNamed(page, first.title)).first()).toBeVisible();
  await expect(queueLink(page, 'unreachable')).toHaveText(endsWithCount(before.count));
  await page.keyboard.press('2');
  await expect(page).toHaveURL(/\/admin\/health-queues\/unreachable$/);
  const list = listNamed(page, 'Unreachable offers');
  const listCount = page.locator('.list-count');
  await expectFirstShown(list, before.rows);
  await expect(listCount).toContainText(`${countText(before.count)} offers`);
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  await shoot(page, process.env.HEALTH_SHOTS, 'health-unreachable');

  // One key, one decision: the row goes, the next is highlighted at once.
  await page.keyboard.press('n');
  await expect(page.getByText('Ended 1 offer')).toBeVisible();
  await expect(rowsOf(list).first()).toContainText(r1.title);
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  const ended = await api.queue('unreachable');
  expect(ended.count).toBe(before.count - 1);
  expect(ended.rows.map((r) => r.id)).not.toContain(r0.id);
  await expectFirstShown(list, ended.rows);
  await expect(listCount).toContainText(`${countText(ended.count)} offers`);

  // Two checked: the fix names them and their count before it runs.
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(listCount).toContainText('2 checked');
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'Hide (end now): 2 offers?' });
  await expect(dialog).toContainText(r1.title);
  await expect(dialog).toContainText(r2.title);
  await sayYes(page);
  await expect(page.getByText('Ended 2 offers')).toBeVisible();
  const two = await api.queue('unreachable');
  expect(two.count).toBe(before.count - 3);
  expect(two.rows.map((r) => r.id)).not.toContain(r1.id);
  expect(two.rows.map((r) => r.id)).not.toContain(r2.id);
  await expectFirstShown(list, two.rows);
  await expect(listCount).toContainText(`${countText(two.count)} offer`);

  // mod+z: both back, the queue as it was after the first fix.
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(async () => (await api.queue('unreachable')).count).toBe(before.count - 1);
  const back = await api.queue('unreachable');
  expect(back.rows.slice(0, 2).map((r) => r.id)).toEqual([r1.id, r2.id]);
  await expectFirstShown(list, back.rows);
  await expect(listCount).toContainText(`${countText(back.count)} offers`);

  // Extend an offer ending soon to a typed date.
  await page.keyboard.press('1');
  await expect(page).toHaveURL(/\/admin\/health-queues\/ending$/);
  const ending = listNamed(page, 'Ending soon or ended but still shown');
  const endingBefore = await api.queue('ending');
  expect(endingBefore.rows.length).toBeGreaterThanOrEqual(1);
  await expectFirstShown(ending, endingBefore.rows);
  await expect(listCount).toContainText(`${countText(endingBefore.count)} offer`);
  await expect(rowsOf(ending).first()).toHaveAttribute('aria-selected', 'true');
  await shoot(page, process.env.HEALTH_SHOTS, 'health-ending');
  const extended = endingBefore.rows[0];
  await page.keyboard.press('e');
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('+30d');
  const to = addDays(dubaiDay(), 30);
  await expect(paletteSelected(page)).toContainText(to);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Extended 1 offer to ${to}.`)).toBeVisible();
  const endingAfter = await api.queue('ending');
  expect(endingAfter.count).toBe(endingBefore.count - 1);
  expect(endingAfter.rows.map((r) => r.id)).not.toContain(extended.id);
  await expectFirstShown(ending, endingAfter.rows);
  if (endingAfter.rows.length) await expect(rowsOf(ending).first()).not.toContainText(extended.title);
});
