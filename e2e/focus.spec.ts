// Focus goes back where it was: after a palette command, and after a confirmation is
// cancelled, the keys work on the list again without a click.
import { expect, test } from './fixtures';
import { signIn, listNamed, rowsOf, paletteInput } from './session';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

test('after a palette command and after a cancelled confirm, the list has the focus again', async ({ page }) => {
  await signIn(page);
  // Categories: their delete asks (a bank's, with cards, is refused before any question).
  await page.goto('/admin/category-list');
  const list = listNamed(page, 'Categories');
  await expect(rowsOf(list).first()).toBeVisible();
  await list.focus();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(list).toBeFocused();

  // A palette command that opens nothing: focus returns to the list, j/k work at once.
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('Toggle dark');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
  await expect(list).toBeFocused();
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('Toggle dark');
  await page.keyboard.press('Enter');

  // A delete asked and cancelled: nothing deleted, focus back on the list.
  const second = rowsOf(list).nth(1);
  const name = (await second.textContent())!;
  await page.keyboard.press(`${mod}+Backspace`);
  const asked = page.getByRole('dialog', { name: /^Delete category .+\?$/ });
  await expect(asked).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(asked).toBeHidden();
  await expect(list).toBeFocused();
  await expect(second).toHaveText(name);
  await page.keyboard.press('k');
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
});
