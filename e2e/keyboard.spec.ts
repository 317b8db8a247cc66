// A power admin's path, by keyboard only: sign in, palette, the bank list, create, edit, delete.
import { expect, test } from './fixtures';
import { mod, paletteInput, signIn, listNamed, rowsOf, sayYes } from './session';

test('sign in, open banks from the palette, create, edit and delete a bank — keyboard only', async ({ page }) => {
  await signIn(page);

  await page.keyboard.press(`${mod}+k`);
  const palette = page.getByPlaceholder('Type a command or search…');
  await expect(palette).toBeFocused();
  await page.keyboard.type('bank');
  await expect(page.getByRole('option', { name: /Go to Banks/ })).toBeVisible();
  // Walk to "Go to Banks" with the arrows, as a keyboard user would.
  const selected = page.locator('[cmdk-item][data-selected="true"]');
  for (let i = 0; i < 10 && !/Go to Banks/.test((await selected.textContent()) ?? ''); i++)
    await page.keyboard.press('ArrowDown');
  await expect(selected).toContainText('Go to Banks');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/bank-list/);
  const list = listNamed(page, 'Banks');
  await expect(rowsOf(list).first()).toBeVisible();

  // New bank: n, type, Enter.
  await page.keyboard.press('n');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Zeta Keyboard Bank');
  await page.keyboard.press('Tab');
  await page.keyboard.type('zkb');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Bank added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/view-bank\/\d+/);
  const id = /view-bank\/(\d+)/.exec(page.url())![1];

  // Edit: e, change the name, Enter.
  await page.keyboard.press('e');
  await expect(page).toHaveURL(new RegExp(`/admin/edit-bank/${id}`));
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type('Zeta Keys Bank');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Bank updated successfully!')).toBeVisible();
  await expect(rowsOf(list).filter({ hasText: /Zeta Keys Bank/ })).toBeVisible();

  // Delete from the palette, confirm with Enter.
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('Delete bank');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText('Delete bank');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Zeta Keys Bank');
  await sayYes(page);
  await expect(page.getByText('Bank deleted successfully!')).toBeVisible();
  await expect(rowsOf(list).filter({ hasText: /Zeta Keys Bank/ })).toHaveCount(0);
  const res = await page.request.get(`/admin/v1/show_bank/${id}`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  expect(res.status()).toBe(404);
});

test('single-key hotkeys do not fire while typing in a field; j/k move, Escape closes the pane', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/bank-list');
  const search = page.getByLabel('Search banks');
  await search.focus();
  await page.keyboard.type('ne');
  await expect(search).toHaveValue('ne');
  await expect(page).toHaveURL(/query=ne/);
  await expect(page.getByRole('form', { name: 'New bank' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/bank-list\?query=ne$/);
  await page.keyboard.press('Escape');
  await search.fill('');
  await page.locator('body').click({ position: { x: 1, y: 1 } });

  const list = listNamed(page, 'Banks');
  const rows = rowsOf(list);
  await expect(rows.nth(1)).toBeVisible();
  const highlighted = rowsOf(list).and(list.locator('[aria-selected="true"]'));
  // The first j highlights the first row, the second j the second; k goes back to the first.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toHaveText((await rows.nth(1).textContent())!);
  await page.keyboard.press('k');
  await expect(highlighted).toHaveText((await rows.nth(0).textContent())!);
  const firstId = await rows.nth(0).getAttribute('data-key');
  await page.keyboard.press('Enter');
  expect(firstId).toMatch(/^\d+$/);
  await expect(page).toHaveURL(new RegExp(`/admin/view-bank/${firstId}$`));
  // The Escape that closes the palette is the palette's: the record stays open (Hotkeys.tsx, LayerSwitch).
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(paletteInput(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin/view-bank/${firstId}$`));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/admin\/bank-list/);
});

test('? opens the cheat sheet generated from the registry; g b goes to banks', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('Go to Banks');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await page.keyboard.press('g');
  await page.keyboard.press('b');
  await expect(page).toHaveURL(/\/admin\/bank-list/);
});

test('deep links load the app; unknown paths show the not-found page inside the frame', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/view-bank/1');
  await expect(listNamed(page, 'Banks')).toBeVisible();
  await page.goto('/admin/no-such-page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  // Inside the app's frame: the sidebar is there and the g-keys lead on.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('b');
  await expect(page).toHaveURL(/\/admin\/bank-list/);
});
