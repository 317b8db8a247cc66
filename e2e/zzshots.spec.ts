import { expect, test } from '@playwright/test';
import { mod, signIn } from './session';

for (const [w, h] of [[1440, 900], [1024, 768]]) {
  for (const theme of ['light', 'dark']) {
    test(`shots ${w} ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await signIn(page);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press(`${mod}+k`);
      await page.keyboard.type('dark mode');
      await page.keyboard.press('Escape');
      await page.keyboard.press(`${mod}+k`);
      await page.keyboard.type('keyboard shortcuts');
      await page.keyboard.press('Enter');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots/cheat-${w}-${theme}.png` });
      await page.keyboard.press('Escape');
      await page.keyboard.press(`${mod}+k`);
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/shots/empty-${w}-${theme}.png` });
      await page.keyboard.type('rollback offers by source');
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/shots/typed-${w}-${theme}.png` });
      await page.keyboard.press('Control+a');
      await page.keyboard.type('new');
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/shots/new-${w}-${theme}.png` });
    });
  }
}
