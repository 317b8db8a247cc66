// The offers list's filters as migration 023_offer_bank_links.sql reads them give exactly the
// answers of the queries before it (tests/helpers/offerListBefore.ts): on the demo data, for
// every filter alone and in combinations, each sort, page 1 and 2 and the page after a row,
// the same rows in the same order and the same totals, every row's columns equal to the
// computed view's (migration 029_offer_list_rows.sql stores its arrays), uncounted pages
// (count=false) the same rows. Then the triggers that keep an offer's banks (a relink, a card
// moved to another bank, a card deleted, an offer deleted) and its list row.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerResource, type Offer } from '@contract/offer';
import { crudRepository, type ListParams } from '../../server/repositories/crud';
import { offerListOptions, offerRepository } from '../../server/repositories/offers';
import { seed } from '../../server/db/seed/seed';
import { createUploads } from '../../server/services/uploads';
import { COMPUTED_VIEW, createComputedView, offerListBefore } from '../helpers/offerListBefore';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const one = async <T>(sql: string, params?: unknown[]) => (await s.db.query<{ v: T }>(sql, params)).rows[0].v;
const ids = async (sql: string) => (await s.db.query<{ v: number }>(sql)).rows.map((r) => r.v);

beforeAll(async () => {
  s = await startTestServer();
  await s.db.transaction((tx) => seed(tx, createUploads(fs.mkdtempSync(path.join(os.tmpdir(), 'plans-')))));
  // Offers of a pending write batch are not shown (offers_view); a bank list read from its
  // bank rows alone (migration 025_bank_links_alone.sql) must leave them out too. Some of the
  // busiest bank's offers join one, some a finished one (shown).
  const [pending, done] = await ids(
    "insert into write_batches (kind, state) values ('import', 'pending'), ('import', 'done') returning id as v",
  );
  await s.db.query(
    `update offers set batch_id = case when id % 2 = 0 then $1::int else $2::int end
      where id in (select k.offer_id from offer_bank_links k
                    where k.bank_id = (select bank_id from offer_bank_links group by 1 order by count(*) desc limit 1)
                    order by k.offer_id limit 60)`,
    [pending, done],
  );
  await createComputedView(s.db);
  await s.db.query('analyze');
}, 120_000);
afterAll(() => s?.close());

/** A searched list that reads few rows in its sort's order before finding its matches instead (crud.ts WALK_ROWS). */
const shortWalk = crudRepository<Offer>(offerResource, { ...offerListOptions, walkRows: 60 });

/** Today's answer and the one before, side by side; a searched one also with a short walk, which must agree. */
async function both(params: ListParams) {
  const [now, before] = [await offerRepository.list(s.db, params), await offerListBefore.list(s.db, params)];
  // Uncounted (contract/envelope.ts ListCount): no count steers the plan, the same rows.
  const uncounted = await offerRepository.list(s.db, { ...params, count: 'false' });
  expect(
    uncounted.data.map((r) => r.id),
    `uncounted ${JSON.stringify(params)}`,
  ).toEqual(now.data.map((r) => r.id));
  expect(uncounted.pagination.has_more, `has_more ${JSON.stringify(params)}`).toBe(now.pagination.has_more);
  if (params.query) {
    const short = await shortWalk.list(s.db, params);
    expect(
      short.data.map((r) => r.id),
      `short walk ${JSON.stringify(params)}`,
    ).toEqual(now.data.map((r) => r.id));
    expect(short.pagination).toEqual(now.pagination);
  }
  // Every column of every row, the stored arrays (migration 029_offer_list_rows.sql) as computed.
  expect(now.data, `rows ${JSON.stringify(params)}`).toEqual(before.data);
  return {
    now: { ids: now.data.map((r) => r.id), p: now.pagination },
    before: { ids: before.data.map((r) => r.id), p: before.pagination },
  };
}

/** A small deterministic generator: the same combinations every run. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe('the offer list filters as before', () => {
  let values: Record<string, unknown[]>;
  beforeAll(async () => {
    const banks = await ids(
      'select c.bank_id as v from offer_cards oc join cards c on c.id = oc.card_id group by 1 order by count(*) desc limit 3',
    );
    values = {
      bank: [...banks, 999_999],
      card: [await one<number>('select card_id as v from offer_cards group by 1 order by count(*) desc limit 1')],
      outlet: [await one<number>('select outlet_id as v from offer_outlets group by 1 order by count(*) desc limit 1')],
      category: await ids(
        'select category_id as v from offers where category_id is not null group by 1 order by count(*) desc limit 2',
      ),
      from_source: await ids('select from_source as v from offers group by 1 order by count(*) desc limit 2'),
      state: ['live', 'upcoming', 'expired'],
      expiring: [30, 366],
      // The last four match more than a list counts (1,000), so their pages are walked for:
      // 'card' and 'e a' fill a page from the first rows of every order; 'off' and 'bank' fill
      // half of one (walked on), and no title of an 'off' offer comes first (found then sorted).
      query: ['cashback', 'cashback dining', 'marina 20%', 'card', 'e a', 'off', 'bank'],
    };
  });
  const sorts = ['-created_at', 'created_at', 'valid_to', '-valid_to', 'title', '-title', 'id'];

  it('every filter alone, with every value, in every sort', async () => {
    let n = 0;
    for (const [key, vs] of Object.entries(values))
      for (const v of vs)
        for (const sort of sorts) {
          const r = await both({ [key]: v, sort, page: 1, per_page: 50 });
          expect(r.now, `${key}=${String(v)} ${sort}`).toEqual(r.before);
          n += r.now.ids.length;
        }
    expect(n).toBeGreaterThan(1000); // most of them found rows: the comparison compared something
    for (const query of ['card', 'e a'])
      // past the count: the walked plan was compared too
      expect((await offerRepository.list(s.db, { query })).pagination.total_is).toBe('at_least');
  }, 120_000);

  it('every pair of filters, and 200 combinations of more, on pages 1 and 2 and after a row', async () => {
    const keys = Object.keys(values);
    const combos: Record<string, unknown>[] = [];
    for (let i = 0; i < keys.length; i++)
      for (let j = i + 1; j < keys.length; j++)
        for (const a of values[keys[i]]) combos.push({ [keys[i]]: a, [keys[j]]: values[keys[j]][0] });
    const r = rng(23);
    for (let i = 0; i < 200; i++) {
      const c: Record<string, unknown> = {};
      for (const k of keys) if (r() < 0.45) c[k] = values[k][Math.floor(r() * values[k].length)];
      combos.push(c);
    }
    let found = 0;
    for (const [i, c] of combos.entries()) {
      const sort = sorts[i % sorts.length];
      for (const page of [1, 2]) {
        const a = await both({ ...c, sort, page, per_page: 20 });
        expect(a.now, JSON.stringify({ ...c, sort, page })).toEqual(a.before);
        found += a.now.ids.length;
        if (page === 1 && a.now.ids.length && !sort.includes('title')) {
          const after = await both({ ...c, sort, page: 2, per_page: 20, after: a.now.ids.at(-1) });
          expect(after.now, JSON.stringify({ ...c, sort, after: true })).toEqual(after.before);
        }
      }
      const m = [await offerRepository.matchingIds(s.db, c, 500), await offerListBefore.matchingIds(s.db, c, 500)];
      expect(m[0]).toEqual(m[1]);
    }
    expect(found).toBeGreaterThan(1000);
  }, 300_000);
});

describe("an offer's banks, kept by triggers", () => {
  const banksOf = (offer: number) =>
    ids(`select bank_id as v from offer_bank_links where offer_id = ${offer} order by 1`);
  const truth = (offer: number) =>
    ids(
      `select distinct c.bank_id as v from offer_cards oc join cards c on c.id = oc.card_id where oc.offer_id = ${offer} order by 1`,
    );
  const allAgree = async () =>
    one<number>(`select count(*)::int as v from (
       (select offer_id, bank_id from offer_bank_links except select distinct oc.offer_id, c.bank_id from offer_cards oc join cards c on c.id = oc.card_id)
       union all
       (select distinct oc.offer_id, c.bank_id from offer_cards oc join cards c on c.id = oc.card_id except select offer_id, bank_id from offer_bank_links)) d`);

  const staleCopies = () =>
    one<number>(`select count(*)::int as v from offer_bank_links k join offers o on o.id = k.offer_id
       where (k.k_category_id, k.k_valid_from, k.k_valid_to, k.k_created_at, k.k_title, k.k_batch_id)
             is distinct from (o.category_id, o.valid_from, o.valid_to, o.created_at, lower(o.title), o.batch_id)`);

  it("follow relinks, a card moved to another bank, an offer's edit, a card deleted and an offer deleted", async () => {
    expect(await allAgree()).toBe(0);
    const offer = await one<number>('select offer_id as v from offer_cards order by offer_id limit 1');
    const [c1, c2] = await ids('select distinct on (bank_id) id as v from cards order by bank_id, id limit 2');
    await offerRepository.update(s.db, offer, { card_ids: [c1, c2] });
    expect(await banksOf(offer)).toEqual(await truth(offer));
    expect((await banksOf(offer)).length).toBe(2);
    await offerRepository.update(s.db, offer, { card_ids: [c1] });
    expect(await banksOf(offer)).toEqual(await truth(offer));
    expect((await banksOf(offer)).length).toBe(1);
    await offerRepository.update(s.db, offer, { card_ids: [] });
    expect(await banksOf(offer)).toEqual([]);

    const other = await one<number>(
      `select id as v from banks where id <> (select bank_id from cards where id = ${c1}) order by id limit 1`,
    );
    await offerRepository.update(s.db, offer, { card_ids: [c1] });
    await s.db.query('update cards set bank_id = $1 where id = $2', [other, c1]);
    expect(await banksOf(offer)).toEqual([other]);
    expect(await allAgree()).toBe(0);

    // The offer's own columns follow into its bank rows.
    const cat = await one<number>('select id as v from categories order by id desc limit 1');
    await offerRepository.update(s.db, offer, {
      title: 'Aardvark offer',
      category_id: cat,
      valid_from: '2020-01-01',
      valid_to: '2020-01-31',
    });
    expect(await staleCopies()).toBe(0);
    const r = await both({ bank: other, category: cat, state: 'expired', sort: 'title', page: 1, per_page: 50 });
    expect(r.now).toEqual(r.before);
    expect(r.now.ids).toContain(offer);

    await s.db.query('delete from cards where id = $1', [c2]);
    await s.db.query(
      `delete from offers where id = (select offer_id from offer_cards where card_id = ${c1} order by offer_id desc limit 1)`,
    );
    expect(await allAgree()).toBe(0);
    expect(await staleCopies()).toBe(0);
  });
});

describe("an offer's list row, kept by triggers (migration 029_offer_list_rows.sql)", () => {
  /** Offers whose stored names and ids differ from the computed ones: none, after every write. */
  const differing = () =>
    one<number>(`select count(*)::int as v from offers_view v join ${COMPUTED_VIEW} c using (id)
       where (v.card_ids, v.outlet_ids, v.bank_names, v.merchant_names)
             is distinct from (c.card_ids, c.outlet_ids, c.bank_names, c.merchant_names)`);
  const row = async (offer: number) =>
    (
      await s.db.query<{ card_ids: number[]; outlet_ids: number[]; bank_names: string[]; merchant_names: string[] }>(
        'select card_ids, outlet_ids, bank_names, merchant_names from offers_view where id = $1',
        [offer],
      )
    ).rows[0];

  it('follow a card linked, a bank renamed, a card moved, a merchant renamed, a card and an outlet deleted', async () => {
    expect(await differing()).toBe(0);
    const offer = await one<number>('select id as v from offers order by id desc limit 1');
    const [c1, c2] = await ids('select distinct on (bank_id) id as v from cards order by bank_id, id desc limit 2');
    const [o1] = await ids('select id as v from outlets order by id desc limit 1');

    // Linked: a card, then two and an outlet, through the repository (offer_cards, offer_outlets).
    await offerRepository.update(s.db, offer, { card_ids: [c1], outlet_ids: [] });
    expect((await row(offer)).card_ids).toEqual([c1]);
    await offerRepository.update(s.db, offer, { card_ids: [c1, c2], outlet_ids: [o1] });
    expect(await row(offer)).toMatchObject({ card_ids: [c1, c2].sort((a, b) => a - b), outlet_ids: [o1] });
    expect((await row(offer)).bank_names).toHaveLength(2);
    expect(await differing()).toBe(0);

    // A bank renamed: every offer of its cards shows the new name.
    const bank = await one<number>(`select bank_id as v from cards where id = ${c1}`);
    await s.db.query("update banks set name = 'Aaron Renamed Bank' where id = $1", [bank]);
    expect((await row(offer)).bank_names).toContain('Aaron Renamed Bank');
    expect(await differing()).toBe(0);

    // A card moved to the other card's bank: one bank name left.
    await s.db.query('update cards set bank_id = (select bank_id from cards where id = $1) where id = $2', [c2, c1]);
    expect((await row(offer)).bank_names).toHaveLength(1);
    expect(await differing()).toBe(0);

    // An outlet's merchant renamed.
    await s.db.query("update outlets set merchant_name = 'Aardvark Merchant' where id = $1", [o1]);
    expect((await row(offer)).merchant_names).toEqual(['Aardvark Merchant']);
    expect(await differing()).toBe(0);

    // A card deleted, an outlet deleted: their links go, and with them their ids and names.
    await s.db.query('delete from cards where id = $1', [c2]);
    expect((await row(offer)).card_ids).toEqual([c1]);
    await s.db.query('delete from outlets where id = $1', [o1]);
    expect(await row(offer)).toMatchObject({ outlet_ids: [], merchant_names: [] });
    expect(await differing()).toBe(0);

    // Unlinked, and a new offer with no link at all: empty arrays, as computed.
    await offerRepository.update(s.db, offer, { card_ids: [], outlet_ids: [] });
    expect(await row(offer)).toEqual({ card_ids: [], outlet_ids: [], bank_names: [], merchant_names: [] });
    const fresh = await offerRepository.create(s.db, {
      title: 'No links',
      discount: '1%',
      valid_from: '2026-01-01',
      valid_to: '2026-02-01',
    });
    expect(await row(fresh.id)).toEqual({ card_ids: [], outlet_ids: [], bank_names: [], merchant_names: [] });
    expect(await differing()).toBe(0);
    await s.db.query('delete from offers where id = $1', [offer]);
    expect(await one<number>(`select count(*)::int as v from offer_list_rows where offer_id = ${offer}`)).toBe(0);
  });
});
