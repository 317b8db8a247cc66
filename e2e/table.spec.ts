// A list with nothing open uses the whole width as a table (src/views/listTable/): column heads
// that sort by the contract's keys, a column chooser and row height remembered per admin, and
// the split back as soon as a record opens.
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './session';

test('the card list as a full-width table: sort by a head, choose columns, open a row to split', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  await page.goto('/admin/card-list');
  const list = page.getByRole('listbox', { name: 'Cards' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(page.locator('.split')).toHaveClass(/is-wide/);
  const head = page.locator('.vtable-head');
  await expect(head).toContainText('Annual fee');
  await expect(head).toContainText('Network');

  // Sort by annual fee: ascending, then descending; the first row is what the API says.
  const cheapest = (await (await api.post('/admin/v1/all_card?per_page=1&sort=annual_fee', {})).json()).data[0] as { name: string };
  const dearest = (await (await api.post('/admin/v1/all_card?per_page=1&sort=-annual_fee', {})).json()).data[0] as { name: string };
  await head.locator('button', { hasText: 'Annual fee' }).click();
  await expect(page).toHaveURL(/sort=annual_fee/);
  await expect(list.getByRole('option').first()).toContainText(cheapest.name);
  await head.locator('button', { hasText: 'Annual fee' }).click();
  await expect(page).toHaveURL(/sort=-annual_fee/);
  await expect(list.getByRole('option').first()).toContainText(dearest.name);

  // Columns: hide Network, add Minimum salary, comfortable rows; all still so after a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('group', { name: 'Table columns and rows' });
  await menu.getByLabel('Network').uncheck();
  await menu.getByLabel('Minimum salary').check();
  await menu.getByLabel('Comfortable').check();
  await expect(head).not.toContainText('Network');
  await expect(head).toContainText('Minimum salary');
  const height = async () => (await list.getByRole('option').first().boundingBox())!.height;
  expect(await height()).toBeGreaterThan(40);
  await page.reload();
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(head).not.toContainText('Network');
  await expect(head).toContainText('Minimum salary');
  expect(await height()).toBeGreaterThan(40);

  // Opening a row splits the screen again: the pane shows the card, the list its usual rows.
  await list.getByRole('option').first().click();
  await expect(page).toHaveURL(/\/admin\/view-card\/\d+/);
  await expect(page.locator('.split')).not.toHaveClass(/is-wide/);
  await expect(page.locator('.pane-head h2')).toHaveText(dearest.name);
  await expect(head).toHaveCount(0);

  // Back to the screen's own columns for the tests after this one.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset to the screen’s own' }).click();
  await expect(head).toContainText('Network');
});
