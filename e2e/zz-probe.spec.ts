import { expect, test } from './fixtures';
import { signIn } from './session';

test('probe preview', async ({ page }) => {
  await signIn(page, '/admin/homepage-config');
  const rows = page.getByRole('list', { name: 'Hero banners' }).getByRole('listitem');
  await expect(rows.first()).toBeFocused();
  const dump = () => page.evaluate(() => {
    const strip = document.querySelector('.app-hero')!;
    return { sl: strip.scrollLeft, slides: [...strip.querySelectorAll('strong')].map((s) => s.textContent), list: [...document.querySelectorAll('.hp-row-title')].map((s) => s.textContent) };
  });
  console.log(JSON.stringify(await dump()));
  await page.keyboard.press('Alt+ArrowDown');
  await page.waitForTimeout(300);
  console.log(JSON.stringify(await dump()));
  await page.screenshot({ path: '/tmp/uishots/probe-preview-1.png' });
  await page.waitForTimeout(1500);
  console.log(JSON.stringify(await dump()));
  await page.screenshot({ path: '/tmp/uishots/probe-preview-2.png' });
});
