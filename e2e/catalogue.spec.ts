// The catalogue by keyboard: find a card from the palette by part of its name and bank,
// open it, toggle its display, edit it; filter offers by bank through the URL.
import { expect, test } from './fixtures';
import { apiAs, mod, signIn, listNamed, rowsOf, paletteInput, sayYes } from './session';

test('find a card by name and bank in the palette, toggle its display, edit it — keyboard only', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);

  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('skywards infinite enbd');
  const hit = page.getByRole('option', { name: /Skywards Infinite Credit Card.*Emirates NBD · Visa/ });
  await expect(hit).toBeVisible();
  // Walk to the record with the arrows (commands rank first).
  for (let i = 0; i < 15; i++) {
    if (
      /Skywards Infinite Credit Card/.test(
        (await page.locator('[cmdk-item][data-selected="true"]').textContent()) ?? '',
      )
    )
      break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/view-card\/\d+/);
  const id = Number(/view-card\/(\d+)/.exec(page.url())![1]);
  const card = async () => (await (await api.get(`/admin/v1/show_card?id=${id}`)).json()).data;
  const shownBefore = (await card()).display;
  await expect(page.getByRole('heading', { level: 2, name: 'Skywards Infinite Credit Card' })).toBeVisible();

  await page.keyboard.press('d');
  await expect(page.getByText('Card updated display successfully!').first()).toBeVisible();
  await expect.poll(async () => (await card()).display).toBe(!shownBefore);

  await page.keyboard.press('e');
  await expect(page).toHaveURL(new RegExp(`/admin/edit-card/${id}`));
  await expect(page.getByRole('form', { name: 'Edit Skywards Infinite Credit Card' })).toBeVisible();
  const fee = page.getByLabel('Annual fee (AED)');
  await fee.focus();
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type('1999');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('Card updated successfully!').first()).toBeVisible();
  await expect.poll(async () => (await card()).annual_fee).toBe(1999);
  expect((await card()).name).toBe('Skywards Infinite Credit Card');
});

test('a bad edit keeps what was typed and names the field as the form labels it, in one toast', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/add-card');
  await expect(page.getByRole('form', { name: 'New card' })).toBeVisible();
  await page.getByLabel('Name').focus();
  await page.keyboard.type('Nameless Bank Card');
  await page.keyboard.press(`${mod}+Enter`);
  // The field's label is "Bank": the message says "Bank", beside the field and in the toast.
  const bank = page.locator('.field', { has: page.getByLabel('Bank', { exact: true }) });
  await expect(bank.locator('.field-error')).toHaveText('Bank is required.');
  const toasts = page.locator('[data-sonner-toast]', { hasText: 'Bank is required.' });
  await expect(toasts).toHaveCount(1);
  // Saving again with the same fault says it again in place, not in a second toast (counted
  // once, not awaited: the first would be gone after its 4 s anyway).
  await page.keyboard.press(`${mod}+Enter`);
  await page.waitForTimeout(500);
  expect(await toasts.count()).toBe(1);
  await expect(page.getByLabel('Name')).toHaveValue('Nameless Bank Card');
});

test('filter offers by bank through the URL; the back button restores the filter', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const bank = (await (await api.get('/admin/v1/all_bank?query=ADCB')).json()).data[0];
  const expected = (await (await api.post('/admin/v1/all_offer', { bank: bank.id, state: 'live' })).json()).pagination
    .total as number;
  expect(expected).toBeGreaterThan(0);

  await page.goto(`/admin/offer-list?bank=${bank.id}&state=live`);
  await expect(page.locator('.list-count')).toHaveText(`${expected.toLocaleString('en-US')} offers`);
  await expect(page.getByLabel('Filter by bank')).toHaveValue(String(bank.id));
  await expect(page.getByLabel('Filter by state')).toHaveValue('live');

  const upcoming = (await (await api.post('/admin/v1/all_offer', { bank: bank.id, state: 'upcoming' })).json())
    .pagination.total as number;
  await page.getByLabel('Filter by state').selectOption('upcoming');
  await expect(page).toHaveURL(/state=upcoming/);
  await expect(page.locator('.list-count')).toHaveText(`${upcoming.toLocaleString('en-US')} offers`);
  await page.goBack();
  await expect(page).toHaveURL(/state=live/);
  await expect(page.locator('.list-count')).toHaveText(`${expected.toLocaleString('en-US')} offers`);

  // The palette command does the same: pick a bank, land on its offers.
  await page.keyboard.press(`${mod}+k`);
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('Filter offers by bank');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText('Filter offers by bank');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Emirates NBD');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText('Emirates NBD');
  await page.keyboard.press('Enter');
  const enbd = (await (await api.get('/admin/v1/all_bank?query=ENBD')).json()).data[0];
  await expect(page).toHaveURL(new RegExp(`/admin/offer-list\\?bank=${enbd.id}`));
});

test('select three users with x and delete them together after one confirm — keyboard only', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  for (const n of [1, 2, 3])
    expect(
      (await api.post('/admin/v1/add_user', { name: `E2E Bulk ${n}`, email: `bulk${n}@e2e.example` })).status(),
    ).toBe(200);
  await page.goto('/admin/user-list?query=e2e%20bulk');
  const list = listNamed(page, 'Users');
  await expect(rowsOf(list)).toHaveCount(3);
  await list.focus();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('j');
    await page.keyboard.press('x');
  }
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('3 selected');
  // The palette puts what acts on the picked rows first, with their count.
  await page.keyboard.press(`${mod}+k`);
  await expect(page.locator('[cmdk-group-heading]').first()).toHaveText('3 selected');
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toContainText('Delete 3 users');
  await expect(page.locator('[cmdk-item]').nth(1)).toContainText('Export 3 users to CSV');
  await page.keyboard.press('Escape');
  await page.keyboard.press(`${mod}+Shift+Backspace`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete 3 users?');
  await sayYes(page);
  await expect(page.getByText('Deleted 3 users.').first()).toBeVisible();
  const left = await (await api.get('/admin/v1/all_user?query=e2e%20bulk')).json();
  expect(left.pagination.total).toBe(0);
});

test('a created offer appears where the list’s sort puts it, not last', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  await page.goto('/admin/offer-list?sort=-created_at');
  const rows = rowsOf(listNamed(page, 'Offers'));
  await expect(rows.first()).toBeVisible();
  await page.locator('.vlist').focus();
  await page.keyboard.press('n');
  const title = `E2E sorted offer ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Discount').fill('5% off');
  // Typed day first, as the UAE writes it (src/ui/DateField.tsx).
  await page.getByLabel('Valid to').fill('31/12/2030');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page).toHaveURL(/\/admin\/view-offer\/\d+\?sort=-created_at$/);
  // Newest first: its place is the top, as the server sorts it; the rows there are the server's, in its order.
  const top = (
    (await (await api.post('/admin/v1/all_offer?per_page=10&sort=-created_at', {})).json()).data as {
      id: number;
      title: string;
    }[]
  ).map((o) => String(o.id));
  const mine = /view-offer\/(\d+)/.exec(page.url())![1];
  expect(top[0]).toBe(mine);
  await expect
    .poll(async () =>
      (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-key')))).slice(0, top.length),
    )
    .toEqual(top);
  await expect(rows.filter({ hasText: title })).toHaveCount(1);
});
