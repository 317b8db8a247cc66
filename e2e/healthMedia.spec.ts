// Queue 5 ("Broken media and links") on a first start with outbound checks off: the demo's
// planted missing files are found by the checker's first round (server/db/seed/healthProblems.ts),
// the dashboard shows each entity's health score, 6 opens the queue, and u opens the row's record
// at its image field (?field=image). The Settings screen holds the queues' settings.
// MEDIA_SHOTS=dir writes the screenshots (1440x900, 1024x768, light and dark).
import { expect, test } from './fixtures';
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

  await page.goto('/admin/health-queues/brokenMedia');
  const list = listNamed(page, 'Broken media and links');
  await expect(rowsOf(list)).toHaveCount(4);
  await expect(rowsOf(list).first()).toContainText('Image: File missing from storage (disk)');
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  await shoot(page, process.env.MEDIA_SHOTS, 'health-broken-media');

  await page.keyboard.press('u');
  await expect(page).toHaveURL(/\/admin\/edit-(card|offer)\/\d+\?field=image$/);

  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: 'Catalogue health' });
  await expect(section.getByLabel('Ending soon (days)')).toHaveValue('7');
  await expect(section.getByLabel('A complete offer has an image')).toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, process.env.MEDIA_SHOTS, 'settings-health');
});
