// The whole forgot-password path, reading the code from the outbox as a demo user would.
// Runs after the keyboard specs (files run in name order) because it changes the password.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './globalSetup';

function latestCodeFor(email: string): string | null {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const mails = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
  const mail = mails.filter((m) => m.to === email && m.subject === 'Your password reset code').at(-1);
  return mail ? /\b(\d{6})\b/.exec(mail.text)![1] : null;
}

test('forgot password: e-mail, code from the outbox, new password, sign in — keyboard only', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  // Tab from the e-mail field to the "Forgot password?" link.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByRole('link', { name: 'Forgot password?' }).evaluate((el) => el === document.activeElement)) break;
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/send-email/);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(E2E_ADMIN.email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/otp-verify/);

  await expect.poll(() => latestCodeFor(E2E_ADMIN.email), { timeout: 10_000 }).not.toBeNull();
  const code = latestCodeFor(E2E_ADMIN.email)!;
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
