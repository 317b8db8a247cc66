// The users, outlets and offers forms drawn from the contract (src/screens/SchemaForm.tsx, issue 35):
// the outlet's area and an offer's cards still picked by name with Enter, Tab going on to the
// next field, mod+Enter saving; a user's password sent only when typed, so an edit with it
// blank keeps the old one.
import { expect, test } from './fixtures';
import { login } from '@contract/auth';
import { addDays, dubaiDay } from '@contract/dubaiTime';
import { pathOf } from '@contract/operation';
import { apiAs, listNamed, mod, rowsOf, signIn } from './session';

test('the outlet form by keys: a category from the list, an area picked with Enter, Tab on, the server naming a bad field, mod+Enter', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const category = ((await (await api.get('/admin/v1/all_categories?per_page=1')).json()).data as { id: number }[])[0];
  await page.goto(`/admin/add-outlet?category=${category.id}`);
  const form = page.getByRole('form', { name: 'New outlet' });
  await expect(form).toBeVisible();
  const merchant = form.getByLabel('Merchant name');
  await expect(merchant).toBeFocused();
  const tag = `Form outlet ${Date.now().toString(36)}`;
  await page.keyboard.type(tag);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Branch')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Category')).toBeFocused();
  await expect(form.getByLabel('Category')).toHaveValue(String(category.id));
  await page.keyboard.press('Tab');
  const area = page.getByRole('combobox', { name: /^Area/ });
  await expect(area).toBeFocused();
  await expect(page.getByRole('listbox', { name: /^Area/ }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Address')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Latitude')).toBeFocused();
  await page.keyboard.type('95');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(form.locator('.field', { has: page.getByLabel('Latitude') }).locator('.field-error')).toHaveText(
    'Latitude must be at most 90.',
  );
  await expect(merchant).toHaveValue(tag);
  await form.getByLabel('Latitude').fill('25.2');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('Outlet added successfully!').first()).toBeVisible();
  const made = (
    (await (await api.get(`/admin/v1/outlets?query=${encodeURIComponent(tag)}`)).json()).data as {
      category_id: number | null;
      area_id: number | null;
      latitude: number | null;
    }[]
  )[0];
  expect(made).toMatchObject({ category_id: category.id, latitude: 25.2 });
  expect(made.area_id).toEqual(expect.any(Number));
});

test('a user edited with the password left blank keeps it; one typed too short is named by the server', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const tag = Date.now().toString(36);
  const who = { name: `Form user ${tag}`, email: `form.user.${tag}@e2e.example`, password: 'form-user-password' };
  const added = await api.post('/admin/v1/add_user', { ...who, role: 'viewer' });
  expect(added.status()).toBe(200);
  const id = ((await added.json()) as { data: { id: number } }).data.id;

  await page.goto(`/admin/edit-user/${id}`);
  await expect(page.getByRole('form', { name: `Edit ${who.name}` })).toBeVisible();
  const password = page.locator('form.pane-form').getByLabel('Set a new password');
  await expect(password).toHaveValue('');
  await password.fill('short');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(
    page.locator('form.pane-form .field', { has: page.getByLabel('Set a new password') }).locator('.field-error'),
  ).toHaveText('Password must be at least 8 characters.');
  await password.fill('');
  await page.locator('form.pane-form').getByLabel('Name').fill(`${who.name} renamed`);
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page.getByText('User updated successfully!').first()).toBeVisible();
  const signedIn = await page.request.post(pathOf(login), { data: { email: who.email, password: who.password } });
  expect(signedIn.status()).toBe(200);
});

test('an offer by keys: n on the list, title, discount, today and +30d side by side, a card picked with Enter, mod+Enter', async ({
  page,
}) => {
  await signIn(page);
  const api = await apiAs(page);
  const card = (
    (await (await api.post('/admin/v1/all_card?per_page=1', {})).json()).data as { id: number; name: string }[]
  )[0];
  await page.goto('/admin/offer-list');
  await expect(rowsOf(listNamed(page, 'Offers')).first()).toBeVisible();
  await page.locator('.vlist').focus();
  await page.keyboard.press('n');
  const form = page.getByRole('form', { name: 'New offer' });
  await expect(form.getByLabel('Title')).toBeFocused();
  const tag = `Form offer ${Date.now().toString(36)}`;
  await page.keyboard.type(tag);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Discount')).toBeFocused();
  await page.keyboard.type('25% off');
  await page.keyboard.press('Tab');
  const from = form.getByLabel('Valid from');
  await expect(from).toBeFocused();
  expect(
    await from.evaluate((el) => el.closest('.field-pair')?.contains(document.querySelector('[name=valid_to]'))),
  ).toBe(true);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Valid to')).toBeFocused();
  await page.keyboard.type('+30d');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Category')).toBeFocused();
  await page.keyboard.press('Tab');
  const cards = page.getByRole('combobox', { name: /^Cards/ });
  await expect(cards).toBeFocused();
  await page.keyboard.type(card.name);
  await expect(
    page
      .getByRole('listbox', { name: /^Cards/ })
      .getByRole('option', { name: card.name })
      .first(),
  ).toBeVisible();
  await expect(cards).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(form.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveCount(1);
  await expect(form.getByLabel('Source')).toHaveValue('manual');
  await page.keyboard.press(`${mod}+Enter`);
  await expect(page).toHaveURL(/\/admin\/view-offer\/\d+$/);
  const made = (
    (await (await api.post('/admin/v1/all_offer', { query: tag })).json()).data as Record<string, unknown>[]
  )[0];
  const today = dubaiDay();
  expect(made).toMatchObject({
    title: tag,
    discount: '25% off',
    valid_from: today,
    valid_to: addDays(today, 30),
    card_ids: [card.id],
    outlet_ids: [],
    from_source: 'manual',
    category_id: null,
  });
});
