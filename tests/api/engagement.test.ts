// Engagement (contract/engagement.ts) on both databases: every chart's numbers equal what the
// events table says, computed here by plain SQL on `events` (never the rollups); the
// filters; ranges with and without whole weeks (the weekly rollup); range validation naming
// the field and changing nothing; and the rollups staying right after events are written,
// changed and removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEngagement, type Engagement } from '@contract/engagement';
import { pathOf } from '@contract/operation';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';

let s: TestServer;
const ids = { banks: [] as number[], cards: [] as number[], offers: [] as number[], categories: [] as number[] };

const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);
async function get(query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await s.call({ method: 'GET', url: `${pathOf(getEngagement)}?${qs}`, headers: s.adminAuth });
  return { status: res.statusCode, json: res.json() };
}
async function engagement(query: Record<string, unknown> = {}): Promise<Engagement> {
  const r = await get(query);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.message).toBe('Engagement fetched successfully!');
  return r.json.data;
}

const DAY = 86_400_000;
const today = () => new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
const dayBefore = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

// ---- what the events table says, by plain SQL ----

const COUNTS = `count(*) filter (where e.type = 'offer_viewed')::int as offer_viewed, count(*) filter (where e.type = 'offer_opened')::int as offer_opened,
  count(*) filter (where e.type = 'offer_saved')::int as offer_saved, count(*) filter (where e.type = 'offer_redeemed')::int as offer_redeemed,
  count(*) filter (where e.type = 'card_viewed')::int as card_viewed, count(*)::int as total`;

interface Filters {
  offer_id?: number;
  card_id?: number;
  bank_id?: number;
}
function rawWhere(from: string, to: string, f: Filters): [string, unknown[]] {
  const values: unknown[] = [from, to];
  const and = [`(e.at at time zone 'Asia/Dubai')::date between $1::date and $2::date`];
  if (f.offer_id) and.push(`e.offer_id = $${values.push(f.offer_id)}`);
  if (f.card_id) and.push(`e.card_id = $${values.push(f.card_id)}`);
  if (f.bank_id) and.push(`e.card_id in (select id from cards where bank_id = $${values.push(f.bank_id)})`);
  return [and.join(' and '), values];
}

async function expected(from: string, to: string, f: Filters, top = 10) {
  const [w, v] = rawWhere(from, to, f);
  const daily = await q(
    `select d::date::text as day, coalesce(x.offer_viewed, 0) as offer_viewed, coalesce(x.offer_opened, 0) as offer_opened, coalesce(x.offer_saved, 0) as offer_saved,
            coalesce(x.offer_redeemed, 0) as offer_redeemed, coalesce(x.card_viewed, 0) as card_viewed
       from generate_series($1::date, $2::date, interval '1 day') d
       left join (select (e.at at time zone 'Asia/Dubai')::date as day, ${COUNTS} from events e where ${w} group by 1) x on x.day = d::date order by d`,
    v,
  );
  const top_offers = await q(
    `select e.offer_id, ${COUNTS.replace('count(*)::int as total', 'count(*)::int as total')}, coalesce(o.title, 'Offer #' || e.offer_id || ' (deleted)') as title
       from events e left join offers o on o.id = e.offer_id where e.offer_id is not null and ${w}
      group by e.offer_id, o.title order by total desc, e.offer_id limit ${top}`,
    v,
  );
  const banks = await q(
    `select b.id as bank_id, b.name, ${COUNTS} from events e join cards c on c.id = e.card_id join banks b on b.id = c.bank_id where ${w} group by b.id, b.name order by total desc, b.name`,
    v,
  );
  const cards = await q(
    `select e.card_id, ${COUNTS}, c.name, b.name as bank_name from events e join cards c on c.id = e.card_id join banks b on b.id = c.bank_id
      where ${w} group by e.card_id, c.name, b.name order by total desc, e.card_id limit ${top}`,
    v,
  );
  const categories = await q(
    `select x.category_id, coalesce(cat.name, 'No category') as name, x.offer_viewed, x.offer_opened, x.offer_saved, x.offer_redeemed, x.card_viewed, x.total
       from (select case when e.offer_id is null then c.category_id else o.category_id end as category_id, ${COUNTS}
               from events e left join offers o on o.id = e.offer_id left join cards c on c.id = e.card_id where ${w} group by 1) x
       left join categories cat on cat.id = x.category_id order by x.total desc, name`,
    v,
  );
  return { daily, top_offers, banks, cards, categories };
}

/** The answer's charts, with the keys in the order of the expectation (toEqual ignores order anyway). */
const charts = (e: Engagement) => ({
  daily: e.daily,
  top_offers: e.top_offers,
  banks: e.banks,
  cards: e.cards,
  categories: e.categories,
});

beforeAll(async () => {
  s = await startTestServer();
  for (const [name, code] of [
    ['Engagement Bank', 'ENGB'],
    ['Second Engagement Bank', 'ENG2'],
  ])
    ids.banks.push((await q('insert into banks (name, code) values ($1, $2) returning id', [name, code]))[0].id);
  const [{ id: network }] = await q("insert into networks (type) values ('Engagement Network') returning id");
  for (const name of ['Engagement Dining', 'Engagement Travel'])
    ids.categories.push((await q('insert into categories (name) values ($1) returning id', [name]))[0].id);
  const cardRows: [string, number, number | null][] = [
    ['Engagement Gold', ids.banks[0], ids.categories[1]],
    ['Engagement Platinum', ids.banks[0], null],
    ['Engagement Cashback', ids.banks[1], ids.categories[0]],
  ];
  for (const [name, bank, cat] of cardRows)
    ids.cards.push(
      (
        await q('insert into cards (name, bank_id, network_id, category_id) values ($1, $2, $3, $4) returning id', [
          name,
          bank,
          network,
          cat,
        ])
      )[0].id,
    );
  const offerRows: [string, number | null][] = [
    ['Engagement dinner for two', ids.categories[0]],
    ['Engagement airport lounge', ids.categories[1]],
    ['Engagement cinema', null],
    ['Engagement spa day', ids.categories[0]],
  ];
  for (const [title, cat] of offerRows)
    ids.offers.push(
      (
        await q(
          "insert into offers (title, discount, valid_from, valid_to, category_id) values ($1, '10% off', catalogue_today() - 200, catalogue_today() + 30, $2) returning id",
          [title, cat],
        )
      )[0].id,
    );
  // 6,000 events over the last 110 days, half of the offers' on the first offer; some offer
  // events without a card; one statement, as the app's writer would batch them.
  await q(
    `insert into events (at, type, user_id, offer_id, card_id)
     select now() - (hashint8extended(i, 1) & 2147483647) % (110 * 86400) * interval '1 second', t.type, null,
            case when t.type <> 'card_viewed' then ($1::int[])[1 + (array[0, 0, 0, 0, 0, 1, 1, 1, 2, 3])[1 + (hashint8extended(i, 2) & 255) % 10]] end,
            case when t.type = 'card_viewed' or (hashint8extended(i, 3) & 7) > 0 then ($2::int[])[1 + (hashint8extended(i, 4) & 255) % 5 / 2] end
       from generate_series(1, 6000) i
       cross join lateral (select (array['offer_viewed', 'offer_viewed', 'offer_viewed', 'offer_opened', 'offer_opened', 'offer_saved', 'offer_redeemed', 'card_viewed'])[1 + (hashint8extended(i, 5) & 7)] as type) t`,
    [ids.offers, ids.cards],
  );
});
afterAll(() => s?.close());

describe('the charts equal what the events table says', () => {
  const ranges: [string, () => Record<string, unknown>, () => [string, string]][] = [
    ['the default (last 30 days)', () => ({}), () => [dayBefore(29), today()]],
    ['the last 7 days', () => ({ days: 7 }), () => [dayBefore(6), today()]],
    ['the last 90 days', () => ({ days: 90 }), () => [dayBefore(89), today()]],
    [
      'a custom range of whole weeks and loose days',
      () => ({ from: dayBefore(100), to: dayBefore(3) }),
      () => [dayBefore(100), dayBefore(3)],
    ],
    [
      'a custom range inside one week',
      () => ({ from: dayBefore(4), to: dayBefore(2) }),
      () => [dayBefore(4), dayBefore(2)],
    ],
    ['one day', () => ({ from: dayBefore(1), to: dayBefore(1) }), () => [dayBefore(1), dayBefore(1)]],
  ];
  it.each(ranges)('%s', async (_name, query, span) => {
    const e = await engagement(query());
    const [from, to] = span();
    expect(e.range).toEqual({ from, to, days: e.daily.length, time_zone: 'Asia/Dubai' });
    expect(charts(e)).toEqual(await expected(from, to, {}));
    const totals = (
      await q<Record<string, number>>(`select ${COUNTS} from events e where ${rawWhere(from, to, {})[0]}`, [from, to])
    )[0];
    const { total: _, ...byType } = totals;
    expect(e.totals).toEqual(byType);
    expect(e.filters).toEqual({ offer: null, card: null, bank: null });
  });

  it('has events in the 90 days at all (the fixture works)', async () => {
    const e = await engagement({ days: 90 });
    expect(e.totals.offer_viewed).toBeGreaterThan(1000);
    expect(e.totals.offer_redeemed).toBeGreaterThan(0);
    expect(e.top_offers[0].offer_id).toBe(ids.offers[0]);
    expect(e.categories.map((c) => c.name)).toContain('No category');
  });

  it('ranks as many offers and cards as asked', async () => {
    const e = await engagement({ days: 90, limit: 2 });
    expect(e.top_offers).toHaveLength(2);
    expect(charts(e)).toEqual(await expected(dayBefore(89), today(), {}, 2));
  });
});

describe('filters', () => {
  const cases: [string, () => Filters][] = [
    ['an offer', () => ({ offer_id: ids.offers[1] })],
    ['a card', () => ({ card_id: ids.cards[0] })],
    ['a bank', () => ({ bank_id: ids.banks[0] })],
    ['an offer and a bank', () => ({ offer_id: ids.offers[0], bank_id: ids.banks[1] })],
    ['a card of another bank than the filter', () => ({ card_id: ids.cards[2], bank_id: ids.banks[0] })],
  ];
  it.each(cases)('of %s', async (_name, filters) => {
    const f = filters();
    for (const range of [{ days: 90 }, { from: dayBefore(40), to: dayBefore(5) }]) {
      const e = await engagement({ ...range, ...f });
      expect(charts(e)).toEqual(await expected(e.range.from, e.range.to, f));
    }
  });

  it('names what it is filtered by, and a record deleted since', async () => {
    const e = await engagement({ offer_id: ids.offers[0], card_id: ids.cards[0], bank_id: ids.banks[0] });
    expect(e.filters).toEqual({
      offer: { id: ids.offers[0], name: 'Engagement dinner for two' },
      card: { id: ids.cards[0], name: 'Engagement Gold · Engagement Bank' },
      bank: { id: ids.banks[0], name: 'Engagement Bank' },
    });
    const [{ id: gone }] = await q(
      "insert into offers (title, discount, valid_from, valid_to) values ('Short-lived offer', '1% off', catalogue_today(), catalogue_today()) returning id",
    );
    await q("insert into events (type, offer_id) values ('offer_viewed', $1), ('offer_redeemed', $1)", [gone]);
    await q('delete from offers where id = $1', [gone]);
    const after = await engagement({ days: 7, offer_id: gone });
    expect(after.filters.offer).toEqual({ id: gone, name: `Offer #${gone} (deleted)` });
    expect(after.top_offers).toEqual([
      expect.objectContaining({
        offer_id: gone,
        title: `Offer #${gone} (deleted)`,
        offer_viewed: 1,
        offer_redeemed: 1,
        total: 2,
      }),
    ]);
    await q('delete from events where offer_id = $1', [gone]);
  });
});

describe('range validation', () => {
  it.each([
    [{ from: '2026-02-10', to: '2026-02-01' }, 'from'],
    [{ from: '2024-01-01', to: '2025-01-01' }, 'to'],
    [{ days: 7, to: '2026-02-01' }, 'days'],
    [{ days: 0 }, 'days'],
    [{ days: 367 }, 'days'],
    [{ from: '2026-02-30' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ offer_id: 0 }, 'offer_id'],
    [{ bank_id: 'x' }, 'bank_id'],
    [{ limit: 51 }, 'limit'],
  ])('refuses %j naming the field, changing nothing', async (query, field) => {
    const before = await tableChecksums(s.db);
    const r = await get(query);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(Object.keys(r.json.errors)).toContain(field);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('takes 366 days (a leap year) and days in the future', async () => {
    const e = await engagement({ from: '2024-01-01', to: '2024-12-31' });
    expect(e.daily).toHaveLength(366);
    const ahead = await engagement({ from: dayBefore(2), to: dayBefore(-5) });
    expect(ahead.daily.slice(-5).every((d) => d.offer_viewed + d.card_viewed === 0)).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const res = await s.call({ method: 'GET', url: pathOf(getEngagement) });
    expect(res.statusCode).toBe(401);
  });
});

describe('the rollups stay right', () => {
  it('after events are written, changed and removed', async () => {
    const before = await engagement({ days: 90 });
    // Today, a minute ago, and 20 days ago, in several statements of different sizes.
    await q(
      "insert into events (at, type, offer_id, card_id) values (now() - interval '1 minute', 'offer_redeemed', $1, $2)",
      [ids.offers[2], ids.cards[1]],
    );
    await q(
      `insert into events (at, type, offer_id, card_id) select now() - interval '20 days' - i * interval '1 minute', 'offer_saved', $1, null from generate_series(1, 250) i`,
      [ids.offers[3]],
    );
    await q("insert into events (type, card_id) select 'card_viewed', $1 from generate_series(1, 40)", [ids.cards[2]]);
    const after = await engagement({ days: 90 });
    expect(after.totals.offer_redeemed).toBe(before.totals.offer_redeemed + 1);
    expect(after.totals.offer_saved).toBe(before.totals.offer_saved + 250);
    expect(after.totals.card_viewed).toBe(before.totals.card_viewed + 40);
    expect(charts(after)).toEqual(await expected(dayBefore(89), today(), {}));

    await q("update events set card_id = $1 where type = 'offer_saved' and offer_id = $2", [
      ids.cards[0],
      ids.offers[3],
    ]);
    await q('delete from events where id % 7 = 0');
    for (const query of [
      { days: 90 },
      { days: 30, bank_id: ids.banks[0] },
      { from: dayBefore(60), to: dayBefore(8), card_id: ids.cards[0] },
    ]) {
      const e = await engagement(query);
      expect(charts(e), JSON.stringify(query)).toEqual(await expected(e.range.from, e.range.to, query));
    }
    // The rollups hold no row a removal emptied.
    const empty = await q<{ n: number }>(
      `select ((select count(*) from event_daily where offer_viewed + offer_opened + offer_saved + offer_redeemed + card_viewed = 0)
             + (select count(*) from event_daily_cards where offer_viewed + offer_opened + offer_saved + offer_redeemed + card_viewed = 0)
             + (select count(*) from event_weekly_offers where offer_viewed + offer_opened + offer_saved + offer_redeemed = 0))::int as n`,
    );
    expect(empty[0].n).toBe(0);
  });

  it('refuses an event that names neither an offer nor a card', async () => {
    await expect(q("insert into events (type) values ('offer_viewed')")).rejects.toThrow(/events_subject/);
    await expect(
      q("insert into events (type, offer_id, card_id) values ('card_viewed', $1, $2)", [ids.offers[0], ids.cards[0]]),
    ).rejects.toThrow(/events_subject/);
    await expect(
      q("insert into events (type, offer_id) values ('offer_clicked', $1)", [ids.offers[0]]),
    ).rejects.toThrow(/check/);
  });
});
