// CSV import by keyboard (the file itself is handed to the file input, as a person would
// pick it): a file with one bad row imports nothing and shows the row; fixed, it imports.
import { expect, test } from '@playwright/test';
import { signIn, apiAs, mod } from './session';

test('import offers from CSV: one bad row blocks the file, the fixed file imports', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const total = async () => (await (await api.post('/admin/v1/all_offer', {})).json()).pagination.total as number;
  const before = await total();

  await page.keyboard.press(`${mod}+k`);
  await page.keyboard.type('Import offers from CSV');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText('Import offers from CSV');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/import-csv\?type=offers/);
  const input = page.getByLabel('CSV file');
  await expect(input).toBeFocused();

  const header = 'title,discount,valid_from,valid_to,category,cards\n';
  const good = (n: number) => `E2E import offer ${n},15% off,2026-01-01,2027-12-31,Dining,Skywards Infinite Credit Card\n`;
  const bad = 'E2E backwards offer,10% off,2026-05-01,2026-04-01,Dining,\n';
  await input.setInputFiles({ name: 'offers.csv', mimeType: 'text/csv', buffer: Buffer.from(header + good(1) + bad + good(2)) });

  const willFail = page.getByRole('table', { name: 'Rows that will fail' });
  await expect(willFail).toContainText('valid_to must be on or after valid_from.');
  await expect(willFail).toContainText('3');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('An error occurred').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing was imported' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rows the server refused' })).toContainText('valid_to');
  expect(await total()).toBe(before);

  await page.getByLabel('CSV file').setInputFiles({ name: 'offers-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(header + good(1) + good(3) + good(2)) });
  await expect(page.getByRole('button', { name: /^Upload 3 offers/ })).toBeVisible();
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('Imported 3 offers.').first()).toBeVisible();
  expect(await total()).toBe(before + 3);
  const found = await (await api.post('/admin/v1/all_offer', { query: 'e2e import offer' })).json();
  expect(found.data.map((o: { title: string }) => o.title).sort()).toEqual(['E2E import offer 1', 'E2E import offer 2', 'E2E import offer 3']);
  expect(found.data[0].bank_names).toEqual(['Emirates NBD']);
});
