// Temporary: screenshots of the offer form (not committed).
import { expect, test } from './fixtures';
import { apiAs, signIn } from './session';

const TAG = process.env.SHOT_TAG ?? 'after';
for (const [w, h] of [[1440, 900], [1024, 768]] as const)
  for (const theme of ['light', 'dark'] as const)
    test(`offer form ${w} ${theme}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ colorScheme: theme, baseURL, viewport: { width: w, height: h } });
      const page = await context.newPage();
      await signIn(page);
      const api = await apiAs(page);
      const offer = ((await (await api.post('/admin/v1/all_offer?per_page=50', {})).json()).data as { id: number; card_ids: number[]; outlet_ids: number[] }[]).find((o) => o.card_ids.length && o.outlet_ids.length)!;
      await page.goto('/admin/add-offer');
      await expect(page.getByRole('form', { name: 'New offer' })).toBeVisible();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/offer-form-${TAG}-new-${w}-${theme}.png` });
      await page.goto(`/admin/edit-offer/${offer.id}`);
      await expect(page.locator('form.pane-form')).toBeVisible();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/offer-form-${TAG}-edit-${w}-${theme}.png` });
      await page.locator('form.pane-form').evaluate((f) => f.closest('.pane-body, .pane, [class*=pane]')?.scrollBy(0, 2000));
      await page.locator('form.pane-form button[type=submit]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/offer-form-${TAG}-edit-bottom-${w}-${theme}.png` });
      await context.close();
    });
