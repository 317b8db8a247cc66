import { expect, test } from './fixtures';
import { signIn } from './session';

test('probe card picker tab', async ({ page }) => {
  await signIn(page, '/admin/add-offer');
  const cards = page.getByRole('combobox', { name: /Cards/ });
  await cards.focus();
  await page.waitForTimeout(800);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  const before = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  console.log('BEFORE', before);
  await page.keyboard.press('Tab');
  await page.waitForTimeout(200);
  console.log('AFTER', await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200)));
});
