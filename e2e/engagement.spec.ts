// The engagement screen against the demo seed's events: the charts drawn, and every number the
// screen shows equal to the API's answer for the same range and filters (read through the
// page's request context with the signed-in token); the range keys, a drill-down into one
// offer with its chip, the CSV export, "Show engagement of this offer" from the offer's view;
// and the dashboard's new figures linking to their lists. Screenshots go to
// /tmp/engagement-shots/.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { totalCounts, type TotalCounts } from '@contract/dashboard';
import { EVENT_TYPES, getEngagement, type Engagement } from '@contract/engagement';
import { pathOf } from '@contract/operation';
import { apiAs, signIn } from './session';

const SHOTS = '/tmp/engagement-shots';
const fmt = (n: number) => n.toLocaleString('en-US');

async function engagementOf(page: Page, query: Record<string, string | number>): Promise<Engagement> {
  const api = await apiAs(page);
  const res = await api.get(
    `${pathOf(getEngagement)}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  );
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

/** The screen's numbers equal the answer's: totals, the daily table, every ranked table. */
async function expectNumbers(page: Page, e: Engagement) {
  const totals = page.getByRole('list', { name: 'Totals' });
  for (const t of EVENT_TYPES)
    await expect(totals.locator(`[data-type="${t}"] .eng-total-value`)).toHaveText(fmt(e.totals[t]));
  const daily = page.getByRole('table', { name: 'Events per day: numbers' });
  for (const t of EVENT_TYPES)
    await expect(daily.locator(`tr[data-type="${t}"] td[data-field="${t}"]`)).toHaveText(fmt(e.totals[t]));
  const tables: [
    string,
    { key: number | null; name: string; total: number; offer_viewed: number; offer_redeemed: number }[],
  ][] = [
    ['Top offers', e.top_offers.map((o) => ({ ...o, key: o.offer_id, name: o.title }))],
    ['By bank', e.banks.map((b) => ({ ...b, key: b.bank_id }))],
    ['By card', e.cards.map((c) => ({ ...c, key: c.card_id }))],
    ['By category', e.categories.map((c) => ({ ...c, key: c.category_id ?? 0 }))],
  ];
  for (const [title, rows] of tables) {
    const table = page.getByRole('table', { name: `${title}: numbers` });
    await expect(table.locator('tbody tr')).toHaveCount(rows.length);
    for (const [i, r] of rows.entries()) {
      const row = table.locator('tbody tr').nth(i);
      await expect(row).toHaveAttribute('data-key', String(r.key));
      await expect(row.locator('th .eng-name')).toHaveText(r.name);
      await expect(row.locator('[data-field="total"]')).toHaveText(fmt(r.total));
      await expect(row.locator('[data-field="offer_viewed"]')).toHaveText(fmt(r.offer_viewed));
      await expect(row.locator('[data-field="offer_redeemed"]')).toHaveText(fmt(r.offer_redeemed));
    }
  }
}

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test('engagement: the charts, their numbers equal to the API, ranges, a drill-down, the CSV', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/admin\/engagement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Engagement' })).toBeVisible();

  // Last 30 days by default: five charts drawn (the daily one in two panels), each with its table.
  const e30 = await engagementOf(page, {});
  expect(e30.range.days).toBe(30);
  expect(e30.totals.offer_viewed).toBeGreaterThan(0);
  await expect(page.locator('.eng-card canvas')).toHaveCount(6);
  await expectNumbers(page, e30);
  await expect(page.locator('.eng-head')).toContainText('30 days');
  await page.screenshot({ path: `${SHOTS}/e2e-engagement-30-days.png`, fullPage: true });

  // 1: the last 7 days, in the URL, the numbers of that range.
  await page.keyboard.press('1');
  await expect(page).toHaveURL(/\/admin\/engagement\?days=7$/);
  await expect(page.locator('.eng-head')).toContainText('7 days');
  await expectNumbers(page, await engagementOf(page, { days: 7 }));

  // A custom range by its dates.
  await page.keyboard.press('c');
  const from = e30.range.from;
  const to = e30.daily[20].day;
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await expect(field('From')).toBeFocused();
  // Typed as a person writes them, day first (24/11/2026); the URL has the days the fields understood.
  const dayFirst = (d: string) => `${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  await field('From').fill(dayFirst(from));
  await field('To').fill(dayFirst(to));
  await field('To').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/engagement\\?from=${from}&to=${to}$`));
  await expectNumbers(page, await engagementOf(page, { from, to }));

  // 3: 90 days; the top offer's name narrows everything to it, with a removable chip.
  await page.keyboard.press('3');
  await expect(page).toHaveURL(/\/admin\/engagement\?days=90$/);
  const e90 = await engagementOf(page, { days: 90 });
  await expectNumbers(page, e90);
  const top = e90.top_offers[0];
  await page.getByRole('table', { name: 'Top offers: numbers' }).getByRole('link', { name: top.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/engagement\\?days=90&offer_id=${top.offer_id}$`));
  const chip = page.getByRole('group', { name: 'Filters' });
  await expect(chip).toContainText(top.title);
  const one = await engagementOf(page, { days: 90, offer_id: top.offer_id });
  expect(one.totals.offer_viewed).toBe(top.offer_viewed);
  await expectNumbers(page, one);
  await page.screenshot({ path: `${SHOTS}/e2e-engagement-offer.png`, fullPage: true });

  // shift+e: the CSV of what is shown.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Shift+E');
  const file = await download;
  expect(file.suggestedFilename()).toBe(`engagement-${one.range.from}-to-${one.range.to}-offer-${top.offer_id}.csv`);
  const csv = fs
    .readFileSync((await file.path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .split(/\r?\n/);
  expect(csv[0]).toBe('section,id,name,offer_viewed,offer_opened,offer_saved,offer_redeemed,card_viewed,total');
  expect(csv.filter((l) => l.startsWith('day,'))).toHaveLength(90);
  expect(csv).toContain(
    `offer,${top.offer_id},${/[",]/.test(top.title) ? `"${top.title.replace(/"/g, '""')}"` : top.title},${top.offer_viewed},${top.offer_opened},${top.offer_saved},${top.offer_redeemed},0,${top.total}`,
  );

  // The chip's × removes the filter, the range stays.
  await chip.getByRole('button', { name: 'Remove the offer filter' }).click();
  await expect(page).toHaveURL(/\/admin\/engagement\?days=90$/);
  await expect(page.getByRole('group', { name: 'Filters' })).toHaveCount(0);

  // From the offer's own view: "Show engagement of this offer".
  await page.goto(`/admin/view-offer/${top.offer_id}`);
  await page.getByRole('button', { name: 'Engagement' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/engagement\\?offer_id=${top.offer_id}$`));
  await expect(page.getByRole('group', { name: 'Filters' })).toContainText(top.title);
});

test('dashboard: crawled refs, offers expiring and the redemptions trend, each opening its list', async ({ page }) => {
  await signIn(page);
  const api = await apiAs(page);
  const d: TotalCounts = (await (await api.get(pathOf(totalCounts))).json()).data;
  const review = page.getByRole('link', {
    name: new RegExp(`^Crawled refs awaiting review.*${d.crawl_awaiting_review.total.toLocaleString('en-US')}`),
  });
  await expect(review).toBeVisible();
  await expect(
    page.getByRole('link', {
      name: new RegExp(`^Offers expiring in 7 days.*${d.offers_expiring.count.toLocaleString('en-US')}`),
    }),
  ).toBeVisible();
  const trend = page.getByRole('link', {
    name: new RegExp(`^Redemptions, last 30 days.*${d.redemptions.total.toLocaleString('en-US')}`),
  });
  await expect(trend.getByRole('img')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/e2e-dashboard.png` });

  await page.getByRole('link', { name: /^Offers expiring in 7 days/ }).click();
  await expect(page).toHaveURL(/\/admin\/offer-list\?expiring=7&sort=valid_to$/);
  await expect(page.getByRole('combobox', { name: 'Filter by expiring' })).toHaveValue('7');
  await page.goBack();
  await trend.click();
  await expect(page).toHaveURL(/\/admin\/engagement$/);
  await page.goBack();
  await review.click();
  await expect(page).toHaveURL(/\/admin\/crawl-data$/);
});
