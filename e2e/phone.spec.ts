// A phone-sized window (390 px): the sidebar is a drawer behind the menu button, the list is
// one column, a record opens full screen with Back, its form fits, nothing scrolls sideways.
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './session';

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing on the page is wider than the window. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('on a phone: the menu drawer, the list, a record full screen with Back, its form, nothing sideways', async ({ page }) => {
  await signIn(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const cardsLink = sidebar.getByRole('link', { name: 'Cards' });
  await expect(cardsLink).not.toBeInViewport();

  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(cardsLink).toBeInViewport();
  await cardsLink.click();
  await expect(page).toHaveURL(/\/admin\/card-list/);
  await expect(cardsLink).not.toBeInViewport();

  const list = page.getByRole('listbox', { name: 'Cards' });
  const first = list.getByRole('option').first();
  await expect(first).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  const name = (await first.locator('.rec-title').textContent())!;

  // A record: full screen, the list hidden, Back at the top.
  await first.click();
  await expect(page).toHaveURL(/\/admin\/view-card\/\d+/);
  await expect(list).toBeHidden();
  const back = page.getByRole('button', { name: '← Back' });
  await expect(back).toBeInViewport();
  await expect(page.locator('.pane-head h2')).toHaveText(name);
  expect(await fitsWidth(page)).toBe(true);

  // Its form fits the width.
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/admin\/edit-card\/\d+/);
  await expect(page.getByLabel('Name')).toBeInViewport();
  expect(await fitsWidth(page)).toBe(true);

  // Back (from the view) leads to the list.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/admin\/view-card\/\d+/);
  await back.click();
  await expect(page).toHaveURL(/\/admin\/card-list/);
  await expect(list).toBeVisible();
});
