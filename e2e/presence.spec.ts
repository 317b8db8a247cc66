// Presence (src/store/presence.ts, POST /admin/v1/presence, `event: presence` on the live
// stream): two admins in two browsers; one has an offer's form open, the other opening the
// same offer reads who is editing it, live, and sees it go when the form closes, or at once
// when the other's tab closes. And in a health queue: the row one admin has highlighted is
// marked in the other's list with their initials, "Sara is working on this", until they move on.
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { offerResource } from '@contract/offer';
import { userResource } from '@contract/user';
import { listHealthRows } from '@contract/health';
import { pathOf } from '@contract/operation';
import { apiAs, listNamed, rowsOf, shoot, signIn, signInAs } from './session';

const OMAR = { name: 'Omar Presence', email: 'omar.presence@e2e.example', password: 'omar-presence-password' };

test('an admin opening an offer another has in its form reads who is editing it, until it closes', async ({
  page,
  browser,
}) => {
  // Two browsers and two sign-ins: a minute on a busy two-core machine.
  test.setTimeout(120_000);
  await signIn(page);
  const api = await apiAs(page);
  const made = await api.post(userResource.ops.add!.path, { ...OMAR, role: 'admin', status: 'active' });
  expect([200, 422]).toContain(made.status());
  const me = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('userDetails') ?? '{}') as { name: string }).name,
  );
  const offer = (await (await api.post(`${offerResource.ops.list.path}?per_page=1`, {})).json()).data[0] as {
    id: number;
  };

  const other = await browser.newContext();
  const omar = await other.newPage();
  try {
    await signInAs(omar, OMAR.email, OMAR.password);
    // The first admin opens the offer's form.
    await page.goto(`/admin/edit-offer/${offer.id}`);
    await expect(page.getByRole('heading', { level: 2, name: /^Edit / })).toBeVisible();

    // Omar opens the same offer: his pane names who is editing it (never himself).
    await omar.goto(`/admin/view-offer/${offer.id}`);
    const editing = omar.getByRole('status').filter({ hasText: `${me} is editing` });
    await expect(editing).toBeVisible({ timeout: 10_000 });
    await expect(omar.getByRole('status').filter({ hasText: OMAR.name })).toHaveCount(0);
    // Not a faint line: a coloured badge with their initials, its words at axe's contrast in
    // both themes (it was easy to miss).
    await expect(editing.locator('.pane-presence-badge.is-editing')).toBeVisible();
    for (const theme of ['light', 'dark']) {
      await omar.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      const found = await new AxeBuilder({ page: omar })
        .include('.pane-presence')
        .withRules(['color-contrast'])
        .analyze();
      expect(found.violations, theme).toEqual([]);
    }
    await shoot(omar, process.env.PRESENCE_SHOTS, 'presence-editing');
    // And the form's side hears of him, live.
    await expect(page.getByRole('status').filter({ hasText: `${OMAR.name} is viewing` })).toBeVisible({
      timeout: 10_000,
    });

    // The form closes (nothing typed) back to the offer's view: Omar reads that they view it;
    // closed again, back to the list, the line goes. All without a reload of his page.
    const loads: string[] = [];
    omar.on('framenavigated', (f) => f === omar.mainFrame() && loads.push(f.url()));
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/view-offer/${offer.id}`));
    await expect(editing).toBeHidden({ timeout: 10_000 });
    await expect(omar.getByRole('status').filter({ hasText: `${me} is viewing` })).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).not.toHaveURL(/(edit|view)-offer/);
    await expect(omar.getByRole('status').filter({ hasText: me })).toHaveCount(0);
    expect(loads, 'no reload').toEqual([]);

    // Omar's tab closes with the offer open: the first admin, back on it, stops reading his
    // name at once (the leave sent as the page goes), not 45 s later when it would lapse.
    await page.goto(`/admin/view-offer/${offer.id}`);
    const omarHere = page.getByRole('status').filter({ hasText: `${OMAR.name} is viewing` });
    await expect(omarHere).toBeVisible({ timeout: 10_000 });
    await omar.close({ runBeforeUnload: true });
    await expect(omarHere).toBeHidden({ timeout: 10_000 });
  } finally {
    await other.close();
  }
});

test("a health queue's row another admin is working is marked with their name, until they move on", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const api = await apiAs(page);
  const made = await api.post(userResource.ops.add!.path, { ...OMAR, role: 'admin', status: 'active' });
  expect([200, 422]).toContain(made.status());
  const me = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('userDetails') ?? '{}') as { name: string }).name,
  );
  const rows = (await (await api.get(pathOf(listHealthRows, { queue: 'unreachable' }))).json()).data.rows as {
    id: number;
    title: string;
  }[];
  expect(rows.length).toBeGreaterThanOrEqual(3);

  const other = await browser.newContext();
  const omar = await other.newPage();
  try {
    await signInAs(omar, OMAR.email, OMAR.password);
    await omar.goto('/admin/health-queues/unreachable');
    const omarsList = listNamed(omar, 'Unreachable offers');
    // A queue's first read is slow on a busy machine (every agent's server on two cores).
    await expect(rowsOf(omarsList).first()).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });

    // The first admin opens the queue and rests on its second row.
    await page.goto('/admin/health-queues/unreachable');
    const list = listNamed(page, 'Unreachable offers');
    await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
    await list.focus();
    await page.keyboard.press('j');
    await expect(rowsOf(list).nth(1)).toHaveAttribute('aria-selected', 'true');

    // Omar's list marks that row (not his own highlighted one), live, words for a screen reader.
    // Found by its record: a record an earlier spec on this server left open may be marked too.
    const marked = omarsList.locator(`[data-key="${rows[1].id}"]`);
    await expect(marked).toContainText(rows[1].title);
    await expect(marked).toContainText(`${me} is working on this`, { timeout: 10_000 });
    await expect(rowsOf(omarsList).first()).not.toContainText('is working on this');
    await expect(marked.locator('.health-working .pane-presence-face')).toBeVisible();
    // The first admin sees Omar on the row he has highlighted: in the list, and in its pane once there.
    await expect(rowsOf(list).first()).toContainText(`${OMAR.name} is working on this`, { timeout: 10_000 });
    await page.keyboard.press('k');
    await expect(page.getByRole('status').filter({ hasText: `${OMAR.name} is working on this` })).toBeVisible({
      timeout: 10_000,
    });

    // The first admin moved back to the first row: the second is no longer marked for Omar.
    await expect(rowsOf(omarsList).nth(1)).not.toContainText('is working on this', { timeout: 10_000 });
    await expect(rowsOf(omarsList).first()).toContainText(`${me} is working on this`, { timeout: 10_000 });
    await expect(omar.getByRole('status').filter({ hasText: `${me} is working on this` })).toBeVisible();
    await shoot(omar, process.env.PRESENCE_SHOTS, 'presence-health');
    // And leaves the screen: neither row is marked.
    await page.goto('/admin');
    await expect(rowsOf(omarsList).first()).not.toContainText('is working on this', { timeout: 10_000 });
    await expect(marked).not.toContainText('is working on this');
  } finally {
    await other.close();
  }
});
