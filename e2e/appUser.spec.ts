// An app user (a consumer account) who knows their password is still not an administrator:
// the admin sign-in says so in its own words, keeps no session, and shows no menu.
import { expect, test } from './fixtures';
import { apiAs, signInByKeyboard } from './session';

test('an app user signing in to the admin app is refused with its own message and sees no menu', async ({
  page,
  browser,
}) => {
  await signInByKeyboard(page);
  const api = await apiAs(page);
  const email = `app.user.${Date.now()}@example.ae`;
  const created = await api.post('/admin/v1/add_user', {
    name: 'Layla App User',
    email,
    role: 'user',
    password: 'app-user-password',
  });
  expect(created.status()).toBe(200);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/admin/login');
  await expect(other.getByLabel('Email')).toBeFocused();
  await other.keyboard.type(email);
  await other.keyboard.press('Tab');
  await other.keyboard.type('app-user-password');
  await other.keyboard.press('Enter');
  await expect(other.getByRole('alert')).toHaveText(
    'This account belongs to the Cards app, not to the admin app. Sign in with an administrator account.',
  );
  await expect(other).toHaveURL(/\/admin\/login/);
  await expect(other.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await context.close();

  // A wrong password still reads as a wrong password.
  await page.goto('/admin/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
});
