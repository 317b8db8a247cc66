// Queue 5 ("Broken media and links") on a first start with outbound checks off: the demo's
// planted missing files are found by the checker's first round (server/db/seed/healthProblems.ts),
// the dashboard shows each entity's health score, 6 opens the queue, and u opens the row's record
// at its image field (?field=image). The Settings screen holds the queues' settings.
// The queue's rows are the API's (specs before this one may have changed the catalogue), the
// list's first rows compared with its first page (e2e/healthQueue.ts). MEDIA_SHOTS=dir writes the screenshots (1440x900, 1024x768, light and dark).
import { expect, test } from './fixtures';
import { countText, expectFirstShown, healthApi } from './healthQueue';
import { listNamed, rowsOf, shoot, signIn } from './session';

test('broken media found on a first start, opened at the field by one key; scores and settings shown', async ({
  page,
}) => {
  await signIn(page);
  const scores = page.getByRole('list', { name: 'Health scores' });
  await expect(scores.getByText('Offers: health score')).toBeVisible();
  await expect(scores.getByText(/%$/).first()).toBeVisible();
  await scores.scrollIntoViewIfNeeded();
  await shoot(page, process.env.MEDIA_SHOTS, 'dashboard-health-scores');

  // The demo's four missing files, found by the first round, unless a spec before this one fixed some.
  const broken = await (await healthApi(page)).queue('brokenMedia');
  const missing = broken.rows.findIndex((r) => r.reason === 'Image: File missing from storage (disk)');
  expect(missing).toBeGreaterThanOrEqual(0);
  await page.goto('/admin/health-queues/brokenMedia');
  const list = listNamed(page, 'Broken media and links');
  await expectFirstShown(list, broken.rows);
  await expect(page.locator('.list-count')).toContainText(countText(broken.count));
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  await shoot(page, process.env.MEDIA_SHOTS, 'health-broken-media');

  // j to the first missing file (the demo's is the first row), u opens its record at the image.
  for (let i = 0; i < missing; i++) await page.keyboard.press('j');
  await expect(list.locator('[role="option"][aria-selected="true"]')).toContainText(broken.rows[missing].title);
  await expect(list.locator('[role="option"][aria-selected="true"]')).toContainText(
    'Image: File missing from storage (disk)',
  );
  await page.keyboard.press('u');
  await expect(page).toHaveURL(/\/admin\/edit-(card|offer)\/\d+\?field=image$/);

  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: 'Catalogue health' });
  await expect(section.getByLabel('Ending soon (days)')).toHaveValue('7');
  await expect(section.getByLabel('A complete offer has an image')).toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, process.env.MEDIA_SHOTS, 'settings-health');
});
