// Saved views shared with the team (src/store/savedViews.ts, src/commands/viewCommands.ts,
// contract/savedView.ts): one admin saves a list's view and shares it from the palette; a
// second admin, signed in in another browser all along, finds it in their palette (the live
// stream brought it), "shared by" its owner, and lands on the same list URL. Made private
// again, it leaves their palette; only its owner may delete it.
import { expect, test } from './fixtures';
import { showMe } from '@contract/auth';
import { userResource } from '@contract/user';
import { apiAs, listNamed, mod, paletteInput, paletteSelected, rowsOf, signIn, signInAs } from './session';
import type { Page } from '@playwright/test';

const SARA = { name: 'Sara Views', email: 'sara.views@e2e.example', password: 'sara-views-password' };
const NAME = 'Hidden cards for the team';

/** Runs a palette command, then picks `value` on its page (Enter on the highlighted row). */
async function palette(page: Page, command: string, value: string, row: string = value) {
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type(command);
  await expect(paletteSelected(page)).toContainText(command);
  await page.keyboard.press('Enter');
  await page.keyboard.type(value);
  await expect(paletteSelected(page)).toContainText(row);
  await page.keyboard.press('Enter');
}

/**
 * Opens the palette and types `command`: whether it is listed. When it is not as expected the
 * palette is closed again and the check throws (a `toPass` block tries again).
 */
async function paletteShows(page: Page, command: string, listed: boolean) {
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type(command);
  const rows = page.locator('[cmdk-item]', { hasText: command });
  try {
    if (listed) await expect(paletteSelected(page)).toContainText(command, { timeout: 2000 });
    else await expect(rows).toHaveCount(0, { timeout: 2000 });
  } catch (e) {
    await page.keyboard.press('Escape');
    await expect(paletteInput(page)).toBeHidden();
    throw e;
  }
}

test('a view one admin shares opens from the palette of another, on the same list URL', async ({ page, browser }) => {
  // Two browsers and two sign-ins on a busy two-core machine.
  test.setTimeout(120_000);
  await signIn(page);
  const api = await apiAs(page);
  const me = (await (await api.get(showMe.path)).json()).data as { name: string };
  const made = await api.post(userResource.ops.add!.path, { ...SARA, role: 'admin', status: 'active' });
  expect([200, 422]).toContain(made.status());

  const other = await browser.newContext();
  const sara = await other.newPage();
  try {
    // Sara is signed in before anything is shared: what she sees next comes by the live stream.
    await signInAs(sara, SARA.email, SARA.password);

    // The first admin saves the hidden cards, sorted by name, and shares the view.
    await page.goto('/admin/card-list?display=false&sort=name');
    await expect(rowsOf(listNamed(page, 'Cards')).first()).toBeVisible();
    await palette(page, 'Save this view', NAME, `Save as “${NAME}”`);
    await expect(page.getByText(`Saved the view “${NAME}”.`, { exact: false })).toBeVisible();
    await palette(page, 'Share this view with the team', 'for the team', NAME);
    await expect(page.getByText(`Shared the view “${NAME}” with the team.`)).toBeVisible();

    // Sara finds it in her palette without a reload (the live stream brought it), shared by its
    // owner, and lands on the same list.
    await expect(async () => {
      await paletteShows(sara, 'Open saved view', true);
    }).toPass({ timeout: 15_000 });
    await sara.keyboard.press('Enter');
    await sara.keyboard.type('for the team');
    await expect(paletteSelected(sara)).toContainText(NAME);
    await expect(paletteSelected(sara)).toContainText(`shared by ${me.name}`);
    await sara.keyboard.press('Enter');
    await expect(sara).toHaveURL(/\/admin\/card-list\?display=false&sort=name$/);
    await expect(rowsOf(listNamed(sara, 'Cards')).first()).toBeVisible();
    // Not hers to delete or share: her palette offers neither.
    await paletteShows(sara, 'Delete saved view', false);
    await sara.keyboard.press('Escape');

    // Made private again, it leaves her palette without a reload (the live stream).
    await palette(page, 'Make view private', 'for the team', NAME);
    await expect(page.getByText(`The view “${NAME}” is private again.`)).toBeVisible();
    await expect(async () => {
      await paletteShows(sara, 'Open saved view', false);
      await sara.keyboard.press('Escape');
    }).toPass({ timeout: 15_000 });
  } finally {
    await other.close();
  }
  // Put things back for the other specs.
  await palette(page, 'Delete saved view', 'for the team', NAME);
  await expect(page.getByText(`Deleted the view “${NAME}”.`)).toBeVisible();
});
