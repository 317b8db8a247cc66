// The dashboard's totals: every count the server sends (each resource declaring `dashboard`,
// contract/resource.ts), named and linked by the screen of its table's name, with its Go to keys,
// as they showed when the dashboard had a table of its own.
import { expect, test } from './fixtures';
import { totalCounts } from '@contract/dashboard';
import { pathOf } from '@contract/operation';
import { apiAs, signIn } from './session';

test('every count shows, in order, named and linked to its list with its keys', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const counts = (await (await api.get(pathOf(totalCounts))).json()).data.counts as Record<string, number>;
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals.getByRole('listitem')).toHaveCount(Object.keys(counts).length);
  const shown = [
    ['Cards', '/admin/card-list', 'cards'],
    ['Offers', '/admin/offer-list', 'offers'],
    ['Outlets', '/admin/outlet-list', 'outlets'],
    ['Banks', '/admin/bank-list', 'banks'],
    ['Categories', '/admin/category-list', 'categories'],
    ['Networks', '/admin/network-list', 'networks'],
    ['Users', '/admin/user-list', 'users'],
  ];
  for (const [i, [label, href, key]] of shown.entries()) {
    const link = totals.getByRole('listitem').nth(i).getByRole('link');
    await expect(link).toHaveAttribute('href', href);
    await expect(link.locator('.stat-label')).toContainText(label);
    await expect(link.locator('.stat-label .kbd-group')).toBeVisible();
    await expect(link.locator('.stat-value')).toHaveText(counts[key].toLocaleString('en-US'));
  }
  await totals.getByRole('link').filter({ hasText: 'Banks' }).click();
  await expect(page).toHaveURL(/\/admin\/bank-list/);
});
