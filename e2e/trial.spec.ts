// Findings of a user trial (issue 34), each held here where a browser is what shows it: Tab
// after a pick in the card picker, the cheat sheet opening at this screen's keys, a confirm's
// focus on Cancel, and the sign-in page saying why a session ended.
import { expect, test } from './fixtures';
import { userResource } from '@contract/user';
import { apiAs, mod, shoot, signIn, signInAs } from './session';

const SHOTS = process.env.TRIAL_SHOTS;

test('a card picked with Enter in the offer form: Tab goes on to the next field', async ({ page }) => {
  await signIn(page, '/admin/add-offer');
  const cards = page.getByRole('combobox', { name: /^Cards/ });
  await cards.focus();
  await expect(
    page
      .getByRole('listbox', { name: /^Cards/ })
      .getByRole('option')
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveCount(1);
  await expect(cards).toBeFocused();
  // The open list is no stop of its own (a scrolling box Chromium would put in the Tab order).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: /^Outlets/ })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(cards).toBeFocused();
});

test("? opens the cheat sheet at its top, this screen's keys first", async ({ page }) => {
  await signIn(page, '/admin/offer-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await page.locator('body').focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  const headings = sheet.locator('section h3');
  await expect(headings.first()).toContainText('On Offers');
  await expect(headings.first()).toContainText('this screen');
  await expect(headings.nth(1)).toHaveText('In lists');
  await expect(headings.nth(2)).toHaveText('Everywhere');
  // At the top: the title and this screen's section in view, the body not scrolled.
  expect(await sheet.locator('.modal-body').evaluate((b) => b.scrollTop)).toBe(0);
  await expect(headings.first()).toBeInViewport();
  await shoot(page, SHOTS, 'cheatsheet-offers');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('a delete question starts on Cancel: Enter keeps the record', async ({ page }) => {
  await signIn(page, '/admin/category-list');
  const list = page.locator('[role="grid"][aria-label="Categories"], [role="listbox"][aria-label="Categories"]');
  await expect(list.locator('[role="option"], [role="rowgroup"] > [role="row"]').first()).toBeVisible();
  await list.focus();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press(`${mod}+Backspace`);
  const asked = page.getByRole('dialog', { name: /^Delete category .+\?$/ });
  await expect(asked).toBeVisible();
  await expect(asked.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await shoot(page, SHOTS, 'confirm-cancel-first');
  await page.keyboard.press('Enter');
  await expect(asked).toBeHidden();
  await expect(page.getByText(/deleted successfully/)).toHaveCount(0);
});

test("after a password change, another device's page lands on sign-in saying why", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const who = { name: 'Pat Trial', email: `pat.trial.${Date.now()}@e2e.example`, password: 'pat-trial-password-1' };
  await signIn(page);
  const api = await apiAs(page);
  const made = await api.post(userResource.ops.add!.path, { ...who, role: 'admin', status: 'active' });
  expect(made.status()).toBe(200);

  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const here = await first.newPage();
    const there = await second.newPage();
    await signInAs(here, who.email, who.password, '/admin/profile');
    await signInAs(there, who.email, who.password, '/admin/bank-list');
    await expect(there.getByRole('heading', { level: 1, name: 'Banks' })).toBeVisible();

    await here.getByLabel('New password').fill('pat-trial-password-2');
    await here.getByLabel('Confirm password').fill('pat-trial-password-2');
    await here.getByRole('button', { name: 'Change password' }).click();
    await expect(here).toHaveURL(/\/admin\/login/);
    await expect(
      here.getByRole('status').filter({ hasText: 'Your password was changed; sign in again.' }),
    ).toBeVisible();

    // The other device's next call is refused, or its event stream already closed on the change
    // (the page may be on sign-in before any key): either way its sign-in page says why, not
    // nothing. Keys, not a click: a click would wait forever for a sidebar already gone.
    await there.locator('body').press('g');
    await there.keyboard.press('c');
    await expect(there).toHaveURL(/\/admin\/login/, { timeout: 15_000 });
    const why = there.getByRole('status').filter({ hasText: 'Your password was changed; sign in again.' });
    await expect(why).toBeVisible();
    await shoot(there, SHOTS, 'signin-password-changed');
  } finally {
    await first.close();
    await second.close();
  }
});
