// Unsaved edits are never lost silently (src/store/leaveGuard.ts): every way out of a form with
// typed changes asks first — Escape, another row, the sidebar, Back, a reload — and keeps
// what was typed when the answer is no. A saved form leaves without asking.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, listNamed, rowsOf } from './session';

const question = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

test('leaving a form with unsaved edits asks first, each way out; saying no keeps what was typed', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/bank-list');
  const list = listNamed(page, 'Banks');
  const rows = rowsOf(list);
  await expect(rows.nth(1)).toBeVisible();
  const [first, second] = [await rows.nth(0).getAttribute('data-key'), await rows.nth(1).getAttribute('data-key')];

  // Into the form the app's way (row, then e), so Back stays inside the app.
  await list.locator(`[data-key="${first}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/view-bank/${first}$`));
  await page.keyboard.press('e');
  await expect(page).toHaveURL(new RegExp(`/admin/edit-bank/${first}$`));
  const name = page.getByLabel('Name');
  await expect(name).toBeFocused();
  const original = await name.inputValue();
  await page.keyboard.press('End');
  await page.keyboard.type(' (draft)');
  const typed = `${original} (draft)`;

  // Escape: asked; Escape again answers no, and the form keeps the text.
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-bank/${first}$`));
  await expect(name).toHaveValue(typed);

  // Another row, by mouse: asked; Cancel.
  await list.locator(`[data-key="${second}"]`).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-bank/${first}$`));
  await expect(name).toHaveValue(typed);

  // The browser's Back: asked, the form's URL stays; no keeps the text.
  await page.goBack();
  await expect(question(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-bank/${first}$`));
  await page.keyboard.press('Escape');
  await expect(name).toHaveValue(typed);

  // A reload: the browser's own prompt, dismissed.
  const prompted = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.dismiss())));
  await page.evaluate(() => location.reload());
  expect(await prompted).toBe('beforeunload');
  await expect(name).toHaveValue(typed);

  // The sidebar: asked; "Discard changes" goes, and nothing was saved.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cards' }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/admin\/card-list/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const saved = await (
    await page.request.get(`/admin/v1/show_bank/${first}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(saved.data.name).toBe(original);

  // A saved edit leaves without asking.
  await page.goto(`/admin/edit-bank/${first}`);
  await expect(name).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/view-bank/${first}$`));
  await expect(question(page)).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/admin\/bank-list/);
  await expect(question(page)).toBeHidden();
  // Put the name back for the other tests.
  await page.goto(`/admin/edit-bank/${first}`);
  await expect(name).toBeFocused();
  await name.fill(original);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/view-bank/${first}$`));
});
