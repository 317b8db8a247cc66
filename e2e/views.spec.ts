// Filters from the palette, shown as chips, and saved views (src/commands/filterCommands.ts,
// src/commands/viewCommands.ts): keyboard only, checked against the API's own answer.
import { expect, test } from './fixtures';
import { apiAs, signIn, listNamed, rowsOf, paletteInput } from './session';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

test('filter cards by bank and display from the palette, drop a chip, save the view, open it from elsewhere, delete it', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const bank = (await (await api.get('/admin/v1/all_bank?query=ENBD')).json()).data[0] as { id: number; name: string };
  const hiddenOfBank = (
    await (await api.post('/admin/v1/all_card?per_page=1', { bank: bank.id, display: false })).json()
  ).pagination.total as number;
  const hidden = (await (await api.post('/admin/v1/all_card?per_page=1', { display: false })).json()).pagination
    .total as number;
  await page.goto('/admin/card-list');
  await expect(rowsOf(listNamed(page, 'Cards')).first()).toBeVisible();

  const palette = async (command: string, value: string) => {
    await page.keyboard.press(`${mod}+k`);
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type(command);
    await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(command);
    await page.keyboard.press('Enter');
    await page.keyboard.type(value);
    await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText(value);
    await page.keyboard.press('Enter');
  };

  // On Cards the palette filters cards (not offers).
  await palette('Filter cards by bank', bank.name);
  await expect(page).toHaveURL(new RegExp(`bank=${bank.id}`));
  await palette('Filter cards by display', 'Hidden from the app');
  await expect(page).toHaveURL(/display=false/);
  const chips = page.getByRole('group', { name: 'Filters set' });
  await expect(chips.getByRole('button')).toHaveText([`Bank${bank.name}×`, 'DisplayHidden from the app×']);
  await expect(page.locator('.list-count')).toHaveText(`${hiddenOfBank} ${hiddenOfBank === 1 ? 'card' : 'cards'}`);

  // A chip removes its filter.
  await chips.getByRole('button', { name: `Remove the filter Bank: ${bank.name}` }).click();
  await expect(page).not.toHaveURL(/bank=/);
  await expect(chips.getByRole('button')).toHaveText(['DisplayHidden from the app×']);
  await expect(page.locator('.list-count')).toHaveText(`${hidden} ${hidden === 1 ? 'card' : 'cards'}`);

  // Save it, leave, open it again from the dashboard.
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('Save this view');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Hidden cards');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText('Save as “Hidden cards”');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved the view “Hidden cards”.', { exact: false })).toBeVisible();

  await page.goto('/admin/');
  await expect(page.locator('main h1').first()).toBeVisible();
  await palette('Open saved view', 'Hidden cards');
  await expect(page).toHaveURL(/\/admin\/card-list\?display=false$/);
  await expect(page.getByRole('group', { name: 'Filters set' }).getByRole('button')).toHaveText([
    'DisplayHidden from the app×',
  ]);

  await palette('Delete saved view', 'Hidden cards');
  await expect(page.getByText('Deleted the view “Hidden cards”.')).toBeVisible();
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  // Other specs on this worker's server may have left views of their own: the deleted one's row is what goes.
  await page.keyboard.type('Hidden cards');
  await expect(page.locator('[cmdk-item]', { hasText: 'Show hidden cards' }).first()).toBeVisible();
  await expect(page.locator('[cmdk-item]', { hasText: 'Open view “Hidden cards”' })).toHaveCount(0);
});
