// Mailed one-time codes: the forgot-password path and signing in with a code, reading the
// codes from the outbox (the worker's server's DATA_DIR/outbox) as a demo user would.
// The reset test puts the password back, so the specs after it on this server sign in as usual.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { E2E_ADMIN } from './globalSetup';
import { apiAs, signIn } from './session';

function latestCodeFor(dataDir: string, email: string, subject = 'Your password reset code'): string | null {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const mails = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
  const mail = mails.filter((m) => m.to === email && m.subject === subject).at(-1);
  return mail ? /\b(\d{6})\b/.exec(mail.text)![1] : null;
}

test('forgot password: e-mail, code from the outbox, new password, sign in — keyboard only', async ({
  page,
  server,
}) => {
  await page.goto('/admin/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  // Tab from the e-mail field to the "Forgot password?" link.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByRole('link', { name: 'Forgot password?' }).evaluate((el) => el === document.activeElement))
      break;
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/send-email/);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(E2E_ADMIN.email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/otp-verify/);

  await expect.poll(() => latestCodeFor(server.dataDir, E2E_ADMIN.email), { timeout: 10_000 }).not.toBeNull();
  const code = latestCodeFor(server.dataDir, E2E_ADMIN.email)!;
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/admin\/forgot-password/);
  await expect(page.getByLabel('New password')).toBeFocused();
  const fresh = 'a-brand-new-password';
  await page.keyboard.type(fresh);
  await page.keyboard.press('Tab');
  await page.keyboard.type(fresh);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  await page.getByLabel('Email').focus();
  await page.keyboard.type(E2E_ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Invalid email or password/).first()).toBeVisible();

  await page.getByLabel('Password').fill('');
  await page.getByLabel('Password').focus();
  await page.keyboard.type(fresh);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/?$/);

  // Put the password back so the other specs can sign in, whatever order they run in.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const restore = await page.request.post('/api/v1/reset_password', {
    headers: { authorization: `Bearer ${token}` },
    data: { password: E2E_ADMIN.password, password_confirmation: E2E_ADMIN.password },
  });
  expect(restore.status()).toBe(200);
});

test('sign in with a mailed code instead of a password — keyboard only', async ({ page, server }) => {
  // Its own admin, so the 60-second resend limit of the reset test's address does not apply.
  await signIn(page);
  const email = 'code-login@e2e.example';
  expect(
    (await (await apiAs(page)).post('/admin/v1/add_user', { name: 'Code Login', email, role: 'admin' })).status(),
  ).toBe(200);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/admin/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByRole('link', { name: 'Sign in with a code' }).evaluate((el) => el === document.activeElement))
      break;
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/send-email\?purpose=login/);
  await expect(page.getByRole('heading', { name: 'Sign in with a code' })).toBeVisible();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/otp-verify/);
  await expect
    .poll(() => latestCodeFor(server.dataDir, email, 'Your sign-in code'), { timeout: 10_000 })
    .not.toBeNull();
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.keyboard.type(latestCodeFor(server.dataDir, email, 'Your sign-in code')!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByTestId('current-admin')).toContainText('Code Login');
});
