import { expect, test } from '@playwright/test';
import { apiAs, mod, signIn } from './session';

for (const theme of ['light', 'dark'] as const)
  for (const [w, h] of [[1440, 900], [1024, 768]] as const)
    test(`shots ${theme} ${w}`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: theme, viewport: { width: w, height: h }, baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await signIn(page);
      const api = await apiAs(page);
      await page.goto('/admin/offer-list');
      const grid = page.getByRole('grid', { name: 'Offers' });
      await expect(grid.getByRole('rowgroup').getByRole('row').first()).toBeVisible();
      await grid.focus();
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.screenshot({ path: `/tmp/cells-${theme}-${w}-active.png` });
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await page.keyboard.type(' (edited)');
      await page.screenshot({ path: `/tmp/cells-${theme}-${w}-text.png` });
      await page.keyboard.press('Escape');
      for (let i = 0; i < 12 && !(await grid.getAttribute('aria-activedescendant'))?.endsWith('-category_name'); i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.screenshot({ path: `/tmp/cells-${theme}-${w}-choice.png` });
      await page.keyboard.press('Escape');
      // a conflict on row 3's title
      await page.keyboard.press('j');
      const id = Number((await grid.getAttribute('aria-activedescendant'))!.match(/-row-(\d+)-/)![1]);
      const o = (await (await api.get(`/admin/v1/show_offer?id=${id}`)).json()).data;
      await api.post(`/admin/v1/update_offer/${id}`, { title: `${o.title} (theirs)`, version: o.version });
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      await page.keyboard.press(`${mod}+a`);
      await page.keyboard.type('My own title for this offer');
      await page.keyboard.press('Enter');
      await page.keyboard.press('k');
      await expect(page.locator('.cell-note')).toBeVisible();
      await page.screenshot({ path: `/tmp/cells-${theme}-${w}-conflict.png` });
      await page.keyboard.press('Escape');
      await context.close();
    });
