// Offers onboarded from a crawl source answer before their search text is indexed
// (server/services/searchBacklog.ts): searches find them all the same, by the words of
// their cards and outlets, and the backlog then gives them exactly the text the database's
// own function computes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app';
import { indexBacklog } from '../../server/services/searchBacklog';

let s: TestServer;
const one = async <T = number>(sql: string, params: unknown[] = []) =>
  Object.values((await s.db.query(sql, params)).rows[0] ?? {})[0] as T;

async function api(method: 'GET' | 'POST', url: string, payload?: object) {
  const r = await s.call({ method, url, headers: s.adminAuth, payload });
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
  return r.json();
}
const offersFound = async (query: string): Promise<number[]> =>
  (await api('POST', '/admin/v1/all_offer', { query, per_page: 100 })).data
    .map((r: { id: number }) => r.id)
    .sort((a: number, b: number) => a - b);
const paletteFound = async (query: string): Promise<number[]> =>
  (await api('GET', `/admin/v1/search?types=offer&limit=20&query=${encodeURIComponent(query)}`)).data
    .map((r: { id: number }) => r.id)
    .sort((a: number, b: number) => a - b);

/** Offers whose stored search text is not the database's own (null counts). */
const wrongText = () =>
  one<number>('select count(*)::int from offers where search_text is distinct from offer_search_text(offers)');

let source: number;
const offerRefs: number[] = [];

beforeAll(async () => {
  s = await startTestServer();
  const bank = await one("insert into banks (name, code) values ('Quokkabank', 'QKB') returning id");
  const network = await one("insert into networks (type) values ('Wombatpay') returning id");
  const area = await one("insert into dubai_cities (name) values ('Zanzibar Heights') returning id");
  const card = await one(
    "insert into cards (name, bank_id, network_id) values ('Marmoset Titanium', $1, $2) returning id",
    [bank, network],
  );
  const outlet = await one(
    "insert into outlets (merchant_name, branch, area_id) values ('Pangolin Grill', 'Main', $1) returning id",
    [area],
  );
  source = await one(
    "insert into crawl_sources (name, from_source, bank_id, last_import_at) values ('backlog-site', 'backlog-site', $1, now()) returning id",
    [bank],
  );
  const cardRef = await one(
    "insert into crawl_cards (source_id, source_key, name, state, card_id, search_text) values ($1, 'c1', 'Marmoset Titanium', 'assigned', $2, 'x') returning id",
    [source, card],
  );
  const outletRef = await one(
    "insert into crawl_outlets (source_id, source_key, merchant_name, state, outlet_ids, search_text) values ($1, 'o1', 'Pangolin Grill', 'assigned', array[$2::int], 'x') returning id",
    [source, outlet],
  );
  for (let i = 1; i <= 30; i++) {
    offerRefs.push(
      await one(
        `insert into crawl_offers (source_id, source_key, title, discount, valid_from, valid_to, card_ref_ids, outlet_ref_ids, search_text)
         values ($1, $2, $3, '15% off', '2026-01-01', '2027-12-31', array[$4::int], array[$5::int], 'x') returning id`,
        [source, `f${i}`, `Weekday treat ${i}`, cardRef, outletRef],
      ),
    );
  }
});
afterAll(() => s?.close());

describe('the search backlog', () => {
  it('indexes onboarded offers once the transfer has answered, to the database function’s text', async () => {
    await api('POST', '/admin/v1/transfer_offer_ref', { from_source: 'backlog-site' });
    await s.app.searchBacklog.idle();
    expect(await one('select count(*)::int from offers where from_source = $1', ['backlog-site'])).toBe(30);
    expect(await wrongText()).toBe(0);
  });

  it('finds offers still waiting by their card, bank, outlet and area words, in lists and in the palette', async () => {
    // The backlog is held back, and the offers' text taken away as a crash mid-way would leave it.
    s.app.searchBacklog.stop();
    await s.db.transaction(async (tx) => {
      await tx.query("set local app.search_text = 'deferred'");
      await tx.query('update offers set search_text = null where from_source = $1', ['backlog-site']);
    });
    const waiting = (
      await s.db.query<{ id: number }>('select id from offers where search_text is null order by id')
    ).rows.map((r) => r.id);
    expect(waiting).toHaveLength(30);
    for (const word of ['marmoset', 'quokkabank', 'QKB', 'pangolin', 'zanzibar heights', 'weekday treat']) {
      expect(await offersFound(word), word).toEqual(waiting);
    }
    expect(await offersFound('treat 17')).toHaveLength(1);
    expect(await offersFound('pangolin nowhere')).toEqual([]);
    const hits = await paletteFound('pangolin');
    expect(hits).toHaveLength(20);
    expect(hits.every((id) => waiting.includes(id))).toBe(true);
  });

  it('catches up what a stopped server left, a piece at a time, and leaves the records’ versions alone', async () => {
    const versions = (await s.db.query('select id, version, updated_at from offers order by id')).rows;
    expect(await indexBacklog(s.db, 7)).toBe(30);
    expect(await wrongText()).toBe(0);
    expect((await s.db.query('select id, version, updated_at from offers order by id')).rows).toEqual(versions);
    expect(await indexBacklog(s.db)).toBe(0);
  });

  it('rolls back offers whether or not they were indexed yet', async () => {
    await api('POST', '/admin/v1/rollback_offer_ref', { from_source: 'backlog-site' });
    expect(await one('select count(*)::int from offers where from_source = $1', ['backlog-site'])).toBe(0);
    expect(
      await one("select count(*)::int from crawl_offers where source_id = $1 and state = 'new' and offer_id is null", [
        source,
      ]),
    ).toBe(offerRefs.length);
  });
});
