// The palette's record search answers, in full and in order, for records of every type that
// share words: which rows, their titles and subtitles, the types in their order and each
// type's rows by rank. Written down from the answers before the search text moved to one
// trigger function per table (migration 017_search_text_per_table.sql) and the search's
// types to the resource registry, which had to leave every answer as it was.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEARCH_TYPES } from '@contract/search';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);
const one = async (sql: string, params: unknown[] = []) => (await q(sql, params))[0].id;

beforeAll(async () => {
  s = await startTestServer();
  // Written in SQL: the search text is the database's business, whoever writes.
  const marina = await one("insert into dubai_cities (name) values ('Zorvan Marina') returning id");
  const barsha = await one("insert into dubai_cities (name) values ('Quillon Barsha') returning id");
  const dining = await one("insert into categories (name) values ('Zorvan Dining') returning id");
  const travel = await one("insert into categories (name, is_active) values ('Quillon Travel', false) returning id");
  const bank1 = await one("insert into banks (name, code) values ('Zorvan Bank', 'ZRV') returning id");
  const bank2 = await one("insert into banks (name, code) values ('Quillon Zorvan Bank', 'QZB') returning id");
  const visa = await one("insert into networks (type) values ('Zorvanpay') returning id");
  const mc = await one("insert into networks (type) values ('Quillcard') returning id");
  const card1 = await one(
    "insert into cards (name, bank_id, network_id, category_id) values ('Zorvan Platinum', $1, $2, $3) returning id",
    [bank1, visa, dining],
  );
  const card2 = await one(
    "insert into cards (name, bank_id, network_id, status) values ('Quillon Zorvan Gold', $1, $2, 'Discontinued') returning id",
    [bank2, mc],
  );
  await q("insert into cards (name, bank_id, network_id) values ('Plain Quillon', $1, $2)", [bank2, visa]);
  const outlet1 = await one(
    "insert into outlets (merchant_name, branch, area_id, category_id) values ('Zorvan Grill', 'Marina Walk', $1, $2) returning id",
    [marina, dining],
  );
  const outlet2 = await one("insert into outlets (merchant_name, area_id) values ('Quillon Cafe', $1) returning id", [
    barsha,
  ]);
  await q("insert into outlets (merchant_name, category_id) values ('Zorvan Spa', $1)", [travel]);
  const offer1 = await one(
    "insert into offers (title, discount, valid_from, valid_to, category_id) values ('Zorvan dinner for two', '20% off', '2026-01-05', '2026-12-31', $1) returning id",
    [dining],
  );
  const offer2 = await one(
    "insert into offers (title, discount, valid_from, valid_to, from_source) values ('Quillon weekend', 'Buy 1 get 1', '2025-03-01', '2025-06-30', 'zorvan-crawl') returning id",
  );
  await q(
    "insert into offers (title, discount, valid_from, valid_to) values ('Plain offer', '5% off', '2026-02-01', '2026-02-28')",
  );
  await q('insert into offer_cards (offer_id, card_id) values ($1, $2), ($1, $3), ($4, $3)', [
    offer1,
    card1,
    card2,
    offer2,
  ]);
  await q('insert into offer_outlets (offer_id, outlet_id) values ($1, $2), ($3, $4)', [
    offer1,
    outlet1,
    offer2,
    outlet2,
  ]);
  await q(
    "insert into users (name, email, phone, role) values ('Zorvan Admin', 'zorvan@example.com', '+971500000001', 'admin'), ('Quillon User', 'quillon.user@example.com', null, 'user')",
  );
});
afterAll(() => s.close());

async function search(query: string, extra = '') {
  const r = await s.call({
    method: 'GET',
    url: `/admin/v1/search?query=${encodeURIComponent(query)}${extra}`,
    headers: s.adminAuth,
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data as { type: string; title: string; subtitle: string }[]).map(
    (h) => `${h.type} | ${h.title} | ${h.subtitle}`,
  );
}

/** Query (with `&types=…&limit=…` after it, if any) → the answer: `type | title | subtitle` per hit. */
const ANSWERS: Record<string, string[]> = {
  zorvan: [
    'card | Quillon Zorvan Gold | Quillon Zorvan Bank · Quillcard · Discontinued',
    'card | Plain Quillon | Quillon Zorvan Bank · Zorvanpay',
    'card | Zorvan Platinum | Zorvan Bank · Zorvanpay',
    'offer | Quillon weekend | Buy 1 get 1 · 01 Mar 2025 – 30 Jun 2025',
    'offer | Zorvan dinner for two | 20% off · 05 Jan 2026 – 31 Dec 2026',
    'outlet | Zorvan Spa |  · Quillon Travel',
    'outlet | Zorvan Grill — Marina Walk | Zorvan Marina · Zorvan Dining',
    'bank | Zorvan Bank | ZRV',
    'bank | Quillon Zorvan Bank | QZB',
    'user | Zorvan Admin | zorvan@example.com · admin',
    'category | Zorvan Dining | Category',
  ],
  quillon: [
    'card | Quillon Zorvan Gold | Quillon Zorvan Bank · Quillcard · Discontinued',
    'card | Plain Quillon | Quillon Zorvan Bank · Zorvanpay',
    'offer | Quillon weekend | Buy 1 get 1 · 01 Mar 2025 – 30 Jun 2025',
    'offer | Zorvan dinner for two | 20% off · 05 Jan 2026 – 31 Dec 2026',
    'outlet | Quillon Cafe | Quillon Barsha',
    'outlet | Zorvan Spa |  · Quillon Travel',
    'bank | Quillon Zorvan Bank | QZB',
    'user | Quillon User | quillon.user@example.com · user',
    'category | Quillon Travel | Category · inactive',
  ],
  'zorvan grill': [
    'offer | Zorvan dinner for two | 20% off · 05 Jan 2026 – 31 Dec 2026',
    'outlet | Zorvan Grill — Marina Walk | Zorvan Marina · Zorvan Dining',
  ],
  'quillcard gold': ['card | Quillon Zorvan Gold | Quillon Zorvan Bank · Quillcard · Discontinued'],
  'marina zorvan': [
    'offer | Zorvan dinner for two | 20% off · 05 Jan 2026 – 31 Dec 2026',
    'outlet | Zorvan Grill — Marina Walk | Zorvan Marina · Zorvan Dining',
  ],
  zrv: [
    'card | Zorvan Platinum | Zorvan Bank · Zorvanpay',
    'offer | Zorvan dinner for two | 20% off · 05 Jan 2026 – 31 Dec 2026',
    'bank | Zorvan Bank | ZRV',
  ],
  '+97150': ['user | Zorvan Admin | zorvan@example.com · admin'],
  'zorvan-crawl': ['offer | Quillon weekend | Buy 1 get 1 · 01 Mar 2025 – 30 Jun 2025'],
  dining: [
    'card | Zorvan Platinum | Zorvan Bank · Zorvanpay',
    'offer | Zorvan dinner for two | 20% off · 05 Jan 2026 – 31 Dec 2026',
    'outlet | Zorvan Grill — Marina Walk | Zorvan Marina · Zorvan Dining',
    'category | Zorvan Dining | Category',
  ],
  'quillon&types=user,category,bank&limit=1': [
    'bank | Quillon Zorvan Bank | QZB',
    'user | Quillon User | quillon.user@example.com · user',
    'category | Quillon Travel | Category · inactive',
  ],
  'zorvan&types=offer,card&limit=1': [
    'card | Quillon Zorvan Gold | Quillon Zorvan Bank · Quillcard · Discontinued',
    'offer | Quillon weekend | Buy 1 get 1 · 01 Mar 2025 – 30 Jun 2025',
  ],
};

it('answers every type, in the types’ order and by rank within each, as before', async () => {
  for (const [k, answer] of Object.entries(ANSWERS)) {
    const [query, extra] = k.split('&types=');
    expect(await search(query, extra ? `&types=${extra}` : ''), k).toEqual(answer);
  }
});

it('answers every resource declaring `search` (contract/resource.ts), in their order', async () => {
  const types = (await search('zorvan')).map((h) => h.split(' | ')[0]);
  expect([...new Set(types)]).toEqual(SEARCH_TYPES);
});
