// A list with nothing open uses the whole width as a table (src/screens/listTable/): column heads
// that sort by the contract's keys, a column chooser and row height remembered per admin, and
// the split back as soon as a record opens.
import { expect, test } from './fixtures';
import { apiAs, signIn } from './session';

test('the card list as a full-width table: sort by a head, choose columns, open a row to split', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  await page.goto('/admin/card-list');
  // A grid (the WAI-ARIA grid pattern): a row of column headers, then the records' rows of cells.
  const list = page.getByRole('grid', { name: 'Cards' });
  const rows = list.getByRole('rowgroup').getByRole('row');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('.split')).toHaveClass(/is-wide/);
  const head = page.locator('.vtable-head');
  await expect(head).toContainText('Annual fee');
  await expect(head).toContainText('Network');
  await expect(list).toBeFocused();

  // Every column is named to assistive technology; the counts are the server's and the shown columns'.
  const total = (await (await api.post('/admin/v1/all_card?per_page=1', {})).json()).pagination.total as number;
  const heads = list.getByRole('columnheader');
  await expect(heads.first()).toHaveAccessibleName('Name');
  const columns = await heads.count();
  await expect(list).toHaveAttribute('aria-colcount', String(columns));
  await expect(list).toHaveAttribute('aria-rowcount', String(total + 1));
  await expect(list.getByRole('row').first()).toHaveAttribute('aria-rowindex', '1');
  await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');
  await expect(rows.first().getByRole('gridcell')).toHaveCount(columns);

  // Sort by annual fee: ascending, then descending; the first row is what the API says.
  const cheapest = (await (await api.post('/admin/v1/all_card?per_page=1&sort=annual_fee', {})).json()).data[0] as {
    name: string;
  };
  const dearest = (await (await api.post('/admin/v1/all_card?per_page=1&sort=-annual_fee', {})).json()).data[0] as {
    name: string;
  };
  const fee = list.getByRole('columnheader', { name: 'Annual fee' });
  await fee.getByRole('button').click();
  await expect(page).toHaveURL(/sort=annual_fee/);
  await expect(fee).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText(cheapest.name);
  await fee.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-annual_fee/);
  await expect(fee).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText(dearest.name);

  // Columns: hide Network, add Minimum salary, comfortable rows; all still so after a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('group', { name: 'Table columns and rows' });
  await menu.getByLabel('Network').uncheck();
  await menu.getByLabel('Minimum salary').check();
  await menu.getByLabel('Comfortable').check();
  await expect(head).not.toContainText('Network');
  await expect(head).toContainText('Minimum salary');
  const height = async () => (await rows.first().boundingBox())!.height;
  expect(await height()).toBeGreaterThan(40);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(head).not.toContainText('Network');
  await expect(head).toContainText('Minimum salary');
  expect(await height()).toBeGreaterThan(40);

  // After a reload, j highlights the first row: the grid points at it, and it is the selected one.
  await page.keyboard.press('j');
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  await expect(list).toHaveAttribute('aria-activedescendant', (await rows.first().getAttribute('id'))!);

  // Opening a row splits the screen again: the pane shows the card, the list its usual rows
  // (a listbox of options).
  await rows.first().click();
  await expect(page).toHaveURL(/\/admin\/view-card\/\d+/);
  await expect(page.locator('.split')).not.toHaveClass(/is-wide/);
  await expect(page.locator('.pane-head h2')).toHaveText(dearest.name);
  await expect(head).toHaveCount(0);
  await expect(list).toHaveCount(0);
  await expect(page.getByRole('listbox', { name: 'Cards' }).getByRole('option').first()).toBeVisible();

  // Back to the screen's own columns for the tests after this one.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset to the screen’s own' }).click();
  await expect(head).toContainText('Network');
});
