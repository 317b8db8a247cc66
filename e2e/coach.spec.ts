// The shortcut coach (issue 19, "Keys you could have pressed"): a command with keys run through
// the palette says its keys on its third run, once; the profile turns that off, and lists the keys pressed
// this week and the commands reached by mouse or palette with their keys.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mod, signIn } from './session';

const input = (page: Page) => page.locator('[cmdk-input]');
const selected = (page: Page) => page.locator('[cmdk-item][data-selected="true"]');
/** The coach's toast (sonner's), by its words. */
const hints = (page: Page) => page.locator('[data-sonner-toast]').filter({ hasText: 'Next time' });

async function fromPalette(page: Page, typed: string, title: string) {
  await page.keyboard.press(`${mod}+k`);
  await expect(input(page)).toBeFocused();
  await page.keyboard.type(typed);
  await expect(selected(page)).toContainText(title);
  await page.keyboard.press('Enter');
  await expect(input(page)).toHaveCount(0);
}

async function keys(page: Page, ...presses: string[]) {
  for (const k of presses) await page.keyboard.press(k);
}

/**
 * A hint is sent as the command runs (before its screen shows), so once the screen is there and
 * the toaster has had a moment, none means none; the wait is short and bounded.
 */
async function expectNoHint(page: Page) {
  await page.waitForTimeout(600);
  await expect(hints(page)).toHaveCount(0);
}

test('the palette says the keys on the third run, once; the profile turns it off and lists the keys pressed and the commands reached by palette', async ({
  page,
}) => {
  await signIn(page);

  // Go to Settings from the palette: twice, no word (finding one's way is not a habit yet);
  // the third time, its keys, as the cheat sheet shows them.
  for (let i = 0; i < 2; i++) {
    await fromPalette(page, 'go to settings', 'Go to Settings');
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expectNoHint(page);
    await keys(page, 'g', 'd');
    await expect(page).toHaveURL(/\/admin\/?$/);
    // The dashboard drawn before the palette opens over it.
    await expect(page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
  }
  await fromPalette(page, 'go to settings', 'Go to Settings');
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(hints(page)).toHaveCount(1);
  await expect(hints(page)).toContainText('Next time: G then S');
  await expect(hints(page)).toContainText('Go to Settings');
  // Quiet: gone on its own in a few seconds.
  await expect(hints(page)).toHaveCount(0, { timeout: 6000 });

  // By its keys: no hint. From the palette again: none either (once per command, ever).
  await keys(page, 'g', 'd');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await fromPalette(page, 'go to settings', 'Go to Settings');
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expectNoHint(page);

  // The profile's switch: off.
  await keys(page, 'g', 'p');
  await expect(page).toHaveURL(/\/admin\/profile$/);
  const coach = page.getByRole('checkbox', { name: 'Show me the keys I could have pressed' });
  await expect(coach).toBeChecked();
  await coach.uncheck();

  // Another command from the palette, never hinted: nothing now.
  await fromPalette(page, 'go to engagement', 'Go to Engagement');
  await expect(page).toHaveURL(/\/admin\/engagement$/);
  await expectNoHint(page);

  // The profile: the keys pressed this week with their counts, the commands reached by palette with their keys.
  await keys(page, 'g', 'p');
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(coach).not.toBeChecked();
  const pressed = page.getByRole('list', { name: 'Keys you used this week' }).getByRole('listitem');
  await expect(pressed.filter({ hasText: 'Go to Profile' })).toContainText('G then P');
  await expect(pressed.filter({ hasText: 'Go to Profile' })).toContainText('2 times');
  await expect(pressed.filter({ hasText: 'Go to Dashboard' })).toContainText('G then D');
  await expect(pressed.filter({ hasText: 'Go to Settings' })).toHaveCount(0);
  const reached = page.getByRole('list', { name: 'Most run by mouse or palette' }).getByRole('listitem');
  await expect(reached.first()).toContainText('Go to Settings');
  await expect(reached.first()).toContainText('G then S');
  await expect(reached.first()).toContainText('4 times');
  await expect(reached.filter({ hasText: 'Go to Engagement' })).toContainText('G then E');

  // The switch is this admin's, kept in this browser: still off after a reload.
  await page.reload();
  await expect(coach).not.toBeChecked();
});
