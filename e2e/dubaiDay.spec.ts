// The catalogue's day is Dubai's at the hours where it and UTC's differ: an offer valid from
// today is live at 00:30 in Dubai (20:30 UTC the day before), and upcoming at 23:30 in Dubai
// the evening before. Each hour gets a server of its own whose clock starts there (TEST_NOW,
// server/db/testClock.ts: the server's and PGlite's now(), which the day rules of
// server/db/migrations/028_dubai_day.sql read) and a browser whose clock starts there too
// (Playwright's page.clock). The state is read from the list and from the API.
// tests/api/dubaiDay.test.ts checks the same rules at the real hour and catalogue_today() at
// fixed instants; this is the whole product at those instants.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { addDays, dubaiDay, dubaiInstant, parseYmd } from '@contract/dubaiTime';
import { copyOfTemplate, expect, test as base } from './fixtures';
import { E2E_ADMIN } from './globalSetup';
import { startServer, type RunningServer } from './server';
import { apiAs, listNamed, rowsOf, signIn } from './session';

/** Dubai's wall clock `hour:minute` on `day` ('YYYY-MM-DD'), as an instant. */
const dubaiAt = (day: string, hour: number, minute: number) => dubaiInstant({ ...parseYmd(day)!, hour, minute });

// "Today" is the day of the first of the two instants: the real Dubai day, so both instants
// are at most a day and an hour behind the machine's clock (sessions and the demo data's
// dates stay as they are in any run).
const today = dubaiDay();
const AT_0030 = dubaiAt(today, 0, 30);
const AT_2330_BEFORE = dubaiAt(addDays(today, -1), 23, 30);

// Not the worker's server (e2e/fixtures.ts): one per test, its clock at `clockAt`, on a copy of
// the demo data; the worker's is then never started.
const test = base.extend<{ clockAt: Date; firstStart: boolean; clockServer: RunningServer }>({
  clockAt: [AT_0030, { option: true }],
  // true: an empty DATA_DIR, so the demo data is seeded on `clockAt`'s day, a first start then.
  firstStart: [false, { option: true }],
  clockServer: async ({ clockAt, firstStart }, use) => {
    const dataDir = firstStart ? fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-e2e-')) : copyOfTemplate();
    const server = await startServer(
      {
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        DATA_DIR: dataDir,
        TEST_NOW: clockAt.toISOString(),
      },
      undefined,
      firstStart ? 240_000 : 150_000,
    );
    await use(server);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ clockServer }, use) => use(clockServer.url),
  page: async ({ page, clockAt }, use) => {
    // The browser's clock starts at the same instant and runs on.
    await page.clock.install({ time: clockAt });
    await page.clock.resume();
    await use(page);
  },
});

/** An offer valid from `today` for 30 days, made through the API; its state from the API and from the list. */
async function offerValidFromToday(page: Page, tag: string) {
  await signIn(page);
  const api = await apiAs(page);
  const title = `Dubai day ${tag} ${Date.now().toString(36)}`;
  const made = await api.post('/admin/v1/add_offer', {
    title,
    discount: '10% off',
    valid_from: today,
    valid_to: addDays(today, 30),
  });
  expect(made.status(), await made.text()).toBe(200);
  const id = (await made.json()).data.id as number;
  const shown = (await (await api.get(`/admin/v1/show_offer?id=${id}`)).json()).data as {
    state: string;
    valid_from: string;
  };
  expect(shown.valid_from).toBe(today);
  await page.goto(`/admin/offer-list?query=${encodeURIComponent(title)}`);
  const rows = rowsOf(listNamed(page, 'Offers'));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  return { state: shown.state, row: rows.first() };
}

test.describe('00:30 in Dubai', () => {
  test.use({ clockAt: AT_0030 });
  test('an offer valid from today is live (20:30 UTC, still yesterday there)', async ({ page, clockServer }) => {
    test.setTimeout(240_000);
    expect(clockServer.output()).toContain(`TEST_NOW: this server's clock starts at ${AT_0030.toISOString()}`);
    expect(AT_0030.getUTCHours()).toBe(20);
    expect(await page.evaluate(() => new Date().toISOString().slice(0, 13))).toBe(AT_0030.toISOString().slice(0, 13));
    const { state, row } = await offerValidFromToday(page, 'at-0030');
    expect(state).toBe('live');
    await expect(row).toContainText('Live');
    await expect(row).not.toContainText('Upcoming');
  });
});

test.describe('23:30 in Dubai the evening before', () => {
  test.use({ clockAt: AT_2330_BEFORE });
  test('the same offer is upcoming', async ({ page, clockServer }) => {
    test.setTimeout(240_000);
    expect(clockServer.output()).toContain(`TEST_NOW: this server's clock starts at ${AT_2330_BEFORE.toISOString()}`);
    const { state, row } = await offerValidFromToday(page, 'at-2330');
    expect(state).toBe('upcoming');
    await expect(row).toContainText('Upcoming');
    await expect(row).not.toContainText('Live');
  });
});

// The demo data's offers are dated around the day of the first start (server/db/seed/offers.ts),
// so its dashboard has work whatever that day: seeded on a day far from the run's, in Dubai,
// some offers end within the week, some are upcoming, some ended in the last 7 days.
// server/db/seed/offers.test.ts holds the same of generateOffers alone.
test.describe('a first start on another day', () => {
  const day = '2025-03-01';
  test.use({ clockAt: dubaiAt(day, 12, 0), firstStart: true });
  test("the demo's queues are around that day: expiring within 7 days, upcoming, just ended", async ({
    page,
    clockServer,
  }) => {
    // A first start seeds the demo data: a minute and more on a busy machine.
    test.setTimeout(360_000);
    expect(clockServer.output()).toContain('demo data seeded');
    await signIn(page);
    const api = await apiAs(page);
    const total = async (body: object) =>
      (await (await api.post('/admin/v1/all_offer', { ...body, per_page: 1 })).json()).pagination.total as number;
    const first = async (body: object) =>
      (await (await api.post('/admin/v1/all_offer', { ...body, per_page: 1 })).json()).data[0] as { valid_to: string };

    const counts = (await (await api.get('/admin/v1/total_counts')).json()).data as {
      offers_expiring: { days: number; count: number };
    };
    expect(counts.offers_expiring.days).toBe(7);
    expect(counts.offers_expiring.count).toBeGreaterThan(0);
    expect(await total({ expiring: 7 })).toBe(counts.offers_expiring.count);
    expect((await first({ expiring: 7, sort: 'valid_to' })).valid_to >= day).toBe(true);
    expect(await total({ state: 'upcoming' })).toBeGreaterThan(0);
    // Most offers live that day (a filtered count stops at 1,000: FILTERED_COUNT_CAP, server/repositories/crud.ts).
    expect(await total({ state: 'live' })).toBeGreaterThanOrEqual(1000);
    const lastEnded = await first({ state: 'expired', sort: '-valid_to' });
    expect(lastEnded.valid_to < day && lastEnded.valid_to >= addDays(day, -7)).toBe(true);

    await expect(
      page.getByRole('link', {
        name: new RegExp(`^Offers expiring in 7 days.*${counts.offers_expiring.count.toLocaleString('en-US')}`),
      }),
    ).toBeVisible();
  });
});
