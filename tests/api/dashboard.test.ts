// The dashboard (GET /admin/v1/total_counts) on both databases: each figure equals what the
// tables say and what the list it links to shows (the offers expiring = the offer list's
// `expiring` filter), the latest feedback newest first, and the redemptions trend equal to
// the events table's, by plain SQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPIRING_DAYS, LATEST_FEEDBACK, totalCounts, TREND_DAYS, type TotalCounts } from '@contract/dashboard';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);

async function dashboard(): Promise<TotalCounts> {
  const res = await s.call({ method: 'GET', url: pathOf(totalCounts), headers: s.adminAuth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Counts fetched successfully!');
  return res.json().data;
}

beforeAll(async () => {
  s = await startTestServer();
  const [{ id: bank }] = await q("insert into banks (name, code) values ('Dashboard Bank', 'DSHB') returning id");
  const [{ id: network }] = await q("insert into networks (type) values ('Dashboard Network') returning id");
  const [{ id: card }] = await q(
    "insert into cards (name, bank_id, network_id) values ('Dashboard Card', $1, $2) returning id",
    [bank, network],
  );
  // Offers ending today, in 6 and 7 days, in 30 days, yesterday; one not started yet.
  for (const [title, from, to] of [
    ['Ends today', -10, 0],
    ['Ends in six days', -10, 6],
    ['Ends in seven days', -10, 7],
    ['Ends in a month', -10, 30],
    ['Ended', -10, -1],
    ['Not yet', 2, 5],
  ] as const)
    await q(
      "insert into offers (title, discount, valid_from, valid_to) values ($1, '5% off', catalogue_today() + $2::int, catalogue_today() + $3::int)",
      [title, from, to],
    );
  const [{ id: offer }] = await q('select min(id)::int as id from offers');
  // Crawled refs in every state of every kind.
  const [{ id: source }] = await q(
    "insert into crawl_sources (name, from_source, bank_id) values ('dash-crawl', 'dash-crawl', $1) returning id",
    [bank],
  );
  for (const [state, i] of [
    ['new', 1],
    ['new', 2],
    ['skipped', 3],
    ['assigned', 4],
  ] as const) {
    await q('insert into crawl_cards (source_id, source_key, name, state) values ($1, $2, $3, $4)', [
      source,
      `card-${i}`,
      `Crawled card ${i}`,
      state,
    ]);
    await q('insert into crawl_outlets (source_id, source_key, merchant_name, state) values ($1, $2, $3, $4)', [
      source,
      `outlet-${i}`,
      `Crawled outlet ${i}`,
      state === 'assigned' ? 'new' : state,
    ]);
  }
  await q(
    "insert into crawl_offers (source_id, source_key, title, state) values ($1, 'offer-1', 'Crawled offer', 'new'), ($1, 'offer-2', 'Onboarded offer', 'onboarded')",
    [source],
  );
  // Feedback over several days; the newest five are shown.
  const [{ id: user }] = await q(
    "insert into users (name, email) values ('Dashboard User', 'dash.user@example.com') returning id",
  );
  for (let i = 0; i < 8; i++)
    await q(
      "insert into feedback (rating, comment, about, user_id, offer_id, created_at) values ($1, $2, 'offer', $3, $4, now() - $5::int * interval '1 hour')",
      [1 + (i % 5), `Comment ${i}`, user, offer, i],
    );
  // Redemptions over 40 days (some outside the trend), and other events.
  await q(
    `insert into events (at, type, offer_id, card_id)
     select now() - (i % 40) * interval '1 day' - (i % 7) * interval '1 hour', case when i % 3 = 0 then 'offer_redeemed' else 'offer_viewed' end, $1, $2
       from generate_series(1, 400) i`,
    [offer, card],
  );
});
afterAll(() => s?.close());

it('keeps the counts per entity and adds the latest feedback, newest first', async () => {
  const d = await dashboard();
  expect(d.counts).toMatchObject({ banks: 1, cards: 1, offers: 6, users: 2 });
  expect(d.feedbackData).toHaveLength(LATEST_FEEDBACK);
  expect(d.feedbackData.map((f) => f.comment)).toEqual([
    'Comment 0',
    'Comment 1',
    'Comment 2',
    'Comment 3',
    'Comment 4',
  ]);
  expect(d.feedbackData[0]).toMatchObject({
    rating: 1,
    about: 'offer',
    user_name: 'Dashboard User',
    offer_title: 'Ends today',
  });
});

it('counts the crawled refs awaiting review', async () => {
  const d = await dashboard();
  expect(d.crawl_awaiting_review).toEqual({ card: 2, outlet: 3, offer: 1, total: 6 });
});

it('counts the offers expiring, as the offer list filtered by `expiring` shows them', async () => {
  const d = await dashboard();
  expect(d.offers_expiring).toEqual({ days: EXPIRING_DAYS, count: 2 });
  const list = await s.call({
    method: 'POST',
    url: pathOf(offerResource.ops.list),
    headers: s.adminAuth,
    payload: { expiring: EXPIRING_DAYS, sort: 'valid_to' },
  });
  expect(list.statusCode).toBe(200);
  expect(list.json().pagination.total).toBe(d.offers_expiring.count);
  expect(list.json().data.map((o: { title: string }) => o.title)).toEqual(['Ends today', 'Ends in six days']);
});

it('gives the redemptions of the last 30 days as the events table says', async () => {
  const d = await dashboard();
  expect(d.redemptions.days).toBe(TREND_DAYS);
  expect(d.redemptions.daily).toHaveLength(TREND_DAYS);
  const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
  expect(d.redemptions.daily.at(-1)!.day).toBe(today);
  const raw = await q<{ day: string; n: number }>(
    `select d::date::text as day, (select count(*) from events e where e.type = 'offer_redeemed' and (e.at at time zone 'Asia/Dubai')::date = d::date)::int as n
       from generate_series($1::date - 29, $1::date, interval '1 day') d order by d`,
    [today],
  );
  expect(d.redemptions.daily).toEqual(raw);
  expect(d.redemptions.total).toBe(raw.reduce((sum, r) => sum + r.n, 0));
  expect(d.redemptions.total).toBeGreaterThan(0);
});
