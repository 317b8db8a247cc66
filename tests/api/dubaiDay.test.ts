// The catalogue's day is Dubai's on both databases: catalogue_today() (migration
// 028_dubai_day.sql) is the day the SQL rules use, and it agrees with contract/dubaiTime.ts.
// now() cannot be set, so the fixed hours go through its `at` parameter; the offers' state
// is then checked at the real hour with dates computed in TypeScript.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, APP_TIME_ZONE, dubaiDay } from '@contract/dubaiTime';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const one = async <T>(sql: string, params: unknown[] = []) => (await s.db.query<T>(sql, params)).rows[0];

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

function api(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return s.call({ method, url, headers: s.adminAuth, payload: payload as object });
}

describe('catalogue_today()', () => {
  it.each([
    ['00:30 in Dubai, 20:30 UTC the day before', '2026-11-27T20:30:00Z', '2026-11-28'],
    ['23:30 in Dubai, 19:30 UTC', '2026-11-28T19:30:00Z', '2026-11-28'],
    ['00:00 in Dubai', '2026-11-28T20:00:00Z', '2026-11-29'],
  ])("at %s is Dubai's day, as dubaiDay says", async (_, at, day) => {
    expect(dubaiDay(new Date(at))).toBe(day);
    const r = await one<{ d: string }>('select catalogue_today($1::timestamptz)::text as d', [at]);
    expect(r.d).toBe(day);
  });

  it("reads now() in the catalogue's zone, whatever the session's", async () => {
    const r = await s.db.transaction(async (tx) => {
      await tx.query("set local timezone = 'America/Los_Angeles'");
      return (
        await tx.query<{ d: string; at: Date; zoned: string }>(
          'select catalogue_today()::text as d, now() as at, (now() at time zone $1)::date::text as zoned',
          [APP_TIME_ZONE],
        )
      ).rows[0];
    });
    expect(r.d).toBe(dubaiDay(new Date(r.at)));
    expect(r.d).toBe(r.zoned);
  });
});

describe("an offer's state, on Dubai's day", () => {
  // The day the database is on; dubaiDay(Date.now()) could differ at midnight between the two reads.
  let today: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    today = (await one<{ d: string }>('select catalogue_today()::text as d')).d;
    for (const [title, from, to] of [
      ['Starts today', today, addDays(today, 30)],
      ['Ends today', addDays(today, -30), today],
      ['Starts tomorrow', addDays(today, 1), addDays(today, 30)],
      ['Ended yesterday', addDays(today, -30), addDays(today, -1)],
    ]) {
      const r = await api('POST', '/admin/v1/add_offer', {
        title,
        discount: '10% off',
        valid_from: from,
        valid_to: to,
      });
      expect(r.statusCode, r.body).toBe(200);
      ids[title] = r.json().data.id;
    }
  });

  it('is live from its first day to its last, upcoming before, expired after', async () => {
    const states: Record<string, string> = {};
    for (const [title, id] of Object.entries(ids))
      states[title] = (await api('GET', `/admin/v1/show_offer?id=${id}`)).json().data.state;
    expect(states).toEqual({
      'Starts today': 'live',
      'Ends today': 'live',
      'Starts tomorrow': 'upcoming',
      'Ended yesterday': 'expired',
    });
  });

  it('the list filters use the same day', async () => {
    const titles = async (body: object) =>
      (await api('POST', '/admin/v1/all_offer', body))
        .json()
        .data.map((o: { title: string }) => o.title)
        .sort();
    expect(await titles({ state: 'live' })).toEqual(['Ends today', 'Starts today']);
    expect(await titles({ state: 'upcoming' })).toEqual(['Starts tomorrow']);
    expect(await titles({ state: 'expired' })).toEqual(['Ended yesterday']);
    expect(await titles({ expiring: 1 })).toEqual(['Ends today']);
  });
});
