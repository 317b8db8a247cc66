// Accessibility: axe-core on every screen of the sidebar, a record's view and form, and the
// sign-in page, in the light and the dark theme: no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { screens } from '../src/screens';
import { signIn } from './session';

const PATHS = [...screens.flatMap((s) => (s.nav ? [s.nav.path] : [])), '/view-card/1', '/edit-offer/1'];

async function violations(page: Page, where: string) {
  // The page has drawn its data: its heading is there and the list or form has settled.
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation on any screen, ${theme}`, async ({ browser }) => {
    test.setTimeout(180_000);
    // AxeBuilder opens pages of its own: it needs a context made here, not the default one.
    const context = await browser.newContext({ colorScheme: theme, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    const found: string[] = [];
    await page.goto('/admin/login');
    found.push(...(await violations(page, '/login')));
    await signIn(page);
    for (const path of PATHS) {
      await page.goto(`/admin${path}`);
      found.push(...(await violations(page, path)));
    }
    await context.close();
    expect(found).toEqual([]);
  });
}
