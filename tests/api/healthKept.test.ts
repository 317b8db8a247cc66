// The facts migrations 038_health_kept.sql, 041_live_witness.sql and 044_live_witness_every_row.sql
// keep by triggers for the
// health queues: which offers lack an image or terms (`offer_gaps`, counted by "Missing
// essentials") equals the same facts computed from scratch after every kind of write it derives
// from; each card's and each outlet's live offer (`card_live` and `outlet_live`, read by "Empty
// cards" and "Empty outlets", a row for every card and outlet) never names a link or dates that
// are not so, and the queues equal their plain computations, after links removed and added, a
// witness's dates changed, a card and an outlet created, an offer deleted and its delete undone.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHealthQueues, listHealthRows } from '@contract/health';
import { offerResource } from '@contract/offer';
import { cardResource } from '@contract/card';
import { outletResource } from '@contract/outlet';
import { offerRepository } from '../../server/repositories/offers';
import { seed } from '../../server/db/seed/seed';
import { createUploads } from '../../server/services/uploads';
import { keepHealthScores } from '../../server/services/health';
import { startTestServer, type TestServer } from '../helpers/app';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { ok } = opCalls(() => s);
const one = async <T>(sql: string, params?: unknown[]) => (await s.db.query<{ v: T }>(sql, params)).rows[0].v;
const q = (sql: string, params?: unknown[]) => s.db.query(sql, params);

/** Rows of offer_gaps that differ from the offers, or that it lacks: none, after every write. */
const gapsDiffering = () =>
  one<number>(`select count(*)::int as v from
    (select id as offer_id, image is null as no_image, terms is null or btrim(terms) = '' as no_terms,
            valid_to as k_valid_to, batch_id as k_batch_id
       from offers where image is null or terms is null or btrim(terms) = '') f
    full join offer_gaps g using (offer_id)
   where (f.no_image, f.no_terms, f.k_valid_to, f.k_batch_id) is distinct from (g.no_image, g.no_terms, g.k_valid_to, g.k_batch_id)`);
/** The entities whose live offer is kept, with their queue, table, links and which of their rows it holds. */
const WITNESSED = {
  card: { queue: 'emptyCards', table: 'cards', links: 'offer_cards', shown: 'x.display' },
  outlet: { queue: 'emptyOutlets', table: 'outlets', links: 'offer_outlets', shown: 'true' },
} as const;
type Entity = keyof typeof WITNESSED;
const ENTITIES = Object.keys(WITNESSED) as Entity[];
/** Witnesses whose link is gone or whose dates are not their offer's: none, ever (a row with none aside). */
const wrongWitnesses = (e: Entity) =>
  one<number>(`select count(*)::int as v from ${e}_live w where w.offer_id is not null and not exists (
    select 1 from ${WITNESSED[e].links} l join offers o on o.id = l.offer_id
     where l.${e}_id = w.${e}_id and l.offer_id = w.offer_id and o.valid_from = w.k_valid_from and o.valid_to = w.k_valid_to)`);
/** Rows of the entity's table with no row in its live table (it has one per row at most, by its key): none, ever. */
const rowsWithout = (e: Entity) =>
  one<number>(`select count(*)::int as v from ${WITNESSED[e].table} x
    where not exists (select 1 from ${e}_live w where w.${e}_id = x.id)`);
/**
 * Rows (of the ids given, or all) with a live offer and no witness live today: none after the
 * seed, and none of a deleted witness's rows (an offer's dates changed so it is live again do
 * not give it its rows at once: the loop does).
 */
const unwitnessed = (e: Entity, ids?: number[]) =>
  one<number>(
    `select count(*)::int as v from ${WITNESSED[e].table} x
    where ($1::int[] is null or x.id = any($1)) and not exists (select 1 from ${e}_live w where w.${e}_id = x.id and w.offer_id is not null
                       and w.k_valid_from <= catalogue_today() and w.k_valid_to >= catalogue_today())
      and exists (select 1 from ${WITNESSED[e].links} l join offers o on o.id = l.offer_id
                   where l.${e}_id = x.id and o.valid_from <= catalogue_today() and o.valid_to >= catalogue_today())`,
    [ids ?? null],
  );
/** The empty cards or outlets computed plainly. */
const empty = async (e: Entity) =>
  (
    await s.db.query<{
      id: number;
    }>(`select x.id from ${WITNESSED[e].table} x where ${WITNESSED[e].shown} and not exists (
      select 1 from ${WITNESSED[e].links} l join offers o on o.id = l.offer_id
       where l.${e}_id = x.id and o.valid_from <= catalogue_today() and o.valid_to >= catalogue_today()) order by x.id`)
  ).rows.map((r) => r.id);
/** Every row of a queue, page after page. */
const queue = async (id: string) => {
  const ids: number[] = [];
  for (let more = true; more;) {
    const page = (await ok(listHealthRows, { params: { queue: id }, query: { limit: 200, after: ids.at(-1) ?? 0 } }))
      .data as { rows: { id: number }[]; more: boolean };
    ids.push(...page.rows.map((r) => r.id));
    more = page.more;
  }
  return ids;
};
const count = async (id: string) =>
  ((await ok(listHealthQueues)).data as { id: string; count: number }[]).find((c) => c.id === id)!.count;
/** Both kept facts right, and the two queues as the plain computations say. */
async function allRight() {
  expect(await gapsDiffering()).toBe(0);
  for (const e of ENTITIES) {
    expect(await wrongWitnesses(e)).toBe(0);
    expect(await rowsWithout(e), `${e}s with no row in ${e}_live`).toBe(0);
    const rows = await empty(e);
    expect(await queue(WITNESSED[e].queue)).toEqual(rows);
    expect(await count(WITNESSED[e].queue)).toBe(rows.length);
  }
  const incomplete = await one<number>(`select count(*)::int as v from offers
    where valid_to >= catalogue_today() and (image is null or terms is null or btrim(terms) = '')
      and (batch_id is null or not exists (select 1 from write_batches wb where wb.id = batch_id and wb.state = 'pending'))`);
  expect(await count('offersIncomplete')).toBe(incomplete);
}

beforeAll(async () => {
  s = await startTestServer();
  await s.db.transaction((tx) => seed(tx, createUploads(fs.mkdtempSync(path.join(os.tmpdir(), 'kept-')))));
}, 300_000); // the demo seed: minutes on a loaded machine
afterAll(() => s?.close());

// Each test writes across the demo's offers and reads every queue: minutes on a loaded machine.
const SLOW = 180_000;

describe('the health queues’ kept facts (migrations 038_health_kept.sql, 041_live_witness.sql, 044_live_witness_every_row.sql)', () => {
  it(
    'are right after the demo seed, which writes with the triggers off',
    async () => {
      expect(await one<number>('select count(*)::int as v from offer_gaps')).toBeGreaterThan(0);
      // Every card and outlet with a live offer has a witness live today, so its queue probes
      // only the empty ones.
      for (const e of ENTITIES) expect(await unwitnessed(e), `${e}s with a live offer and no live witness`).toBe(0);
      await allRight();
    },
    SLOW,
  );

  it(
    'follow images, terms, dates and batches written',
    async () => {
      const offer = (
        await offerRepository.create(s.db, {
          title: 'Gaps test',
          discount: '5%',
          valid_from: '2026-01-01',
          valid_to: '2030-01-01',
        })
      ).id;
      expect(await one<boolean>('select no_image and no_terms as v from offer_gaps where offer_id = $1', [offer])).toBe(
        true,
      );
      await q("update offers set image = '/uploads/x.png', terms = 'Terms.' where id = $1", [offer]);
      expect(await one<number>('select count(*)::int as v from offer_gaps where offer_id = $1', [offer])).toBe(0);
      await q("update offers set terms = '  ' where id = $1", [offer]);
      expect(await gapsDiffering()).toBe(0);
      // Many rows in one statement, and a pending batch.
      await q("update offers set terms = null where id % 4 = 0 and terms is not null and terms <> ''");
      const [batch] = (
        await s.db.query<{ id: number }>(
          "insert into write_batches (kind, state) values ('import', 'pending') returning id",
        )
      ).rows.map((r) => r.id);
      await q('update offers set batch_id = $1 where id in (select offer_id from offer_gaps where offer_id % 2 = 0)', [
        batch,
      ]);
      await q('update offers set valid_to = valid_to + 400 where id % 5 = 0');
      expect(await gapsDiffering()).toBe(0);
      await q('update offers set batch_id = null where batch_id = $1', [batch]);
      await q('delete from offers where id = $1', [offer]);
      await allRight();
    },
    SLOW,
  );

  it.each(ENTITIES)(
    "%s: follow its links removed and added and its live offer's dates",
    async (e) => {
      const { links, queue: id } = WITNESSED[e];
      const key = `${e}_id`;
      // The first row whose witness names it in its queue once it has no live offer.
      const [{ row, witness }] = (
        await q(`select w.${key} as row, w.offer_id as witness from ${e}_live w join ${WITNESSED[e].table} x on x.id = w.${key}
          where ${WITNESSED[e].shown} order by w.${key} limit 1`)
      ).rows as { row: number; witness: number }[];
      // Its witness ended: another live offer, or none (then the row is empty).
      await q('update offers set valid_to = catalogue_today() - 1 where id = $1', [witness]);
      expect(await wrongWitnesses(e)).toBe(0);
      // Every link of the row removed: empty.
      const was = (await q(`select offer_id from ${links} where ${key} = $1`, [row])).rows as { offer_id: number }[];
      await q(`delete from ${links} where ${key} = $1`, [row]);
      expect(await queue(id)).toContain(row);
      expect(await wrongWitnesses(e)).toBe(0);
      // A live offer linked again: not empty, and a witness of its own at once.
      const live = await one<number>(
        'select id as v from offers where valid_from <= catalogue_today() and valid_to >= catalogue_today() order by id limit 1',
      );
      await q(`insert into ${links} (offer_id, ${key}) values ($1, $2)`, [live, row]);
      expect(await one<number>(`select offer_id as v from ${e}_live where ${key} = $1`, [row])).toBe(live);
      expect(await queue(id)).not.toContain(row);
      await q(`insert into ${links} (offer_id, ${key}) select x, $1 from unnest($2::int[]) x on conflict do nothing`, [
        row,
        was.map((l) => l.offer_id),
      ]);
      await allRight();
    },
    SLOW,
  );

  it(
    'hold a row for a card and an outlet created, in their queues',
    async () => {
      const [bank, network] = (
        await q(
          'select (select id from banks order by id limit 1) as bank, (select id from networks order by id limit 1) as network',
        )
      ).rows.map((r) => [r.bank, r.network])[0] as [number, number];
      const card = (
        await ok(cardResource.ops.add!, {
          body: { name: 'Witness test card', bank_id: bank, network_id: network, display: true },
        })
      ).data.id as number;
      const outlet = (await ok(outletResource.ops.add!, { body: { merchant_name: 'Witness test outlet' } })).data
        .id as number;
      for (const [e, id] of [
        ['card', card],
        ['outlet', outlet],
      ] as const) {
        expect(await one<number | null>(`select offer_id as v from ${e}_live where ${e}_id = $1`, [id])).toBeNull();
        expect(await queue(WITNESSED[e].queue)).toContain(id);
      }
      await allRight();
    },
    SLOW,
  );

  it(
    'keep the rows of a witness deleted, with no witness until the loop finds another',
    async () => {
      // An offer that is both a card's and an outlet's witness, deleted: their rows stay, with no
      // witness (a refresh per deleted offer made removing an import quadratic: migration 044),
      // out of the empty queues all the same (the outlet has another live offer), and the health
      // loop's refresh names another live offer.
      const [{ offer, card, outlet }] = (
        await q(`select c.offer_id as offer, c.card_id as card, o.outlet_id as outlet
          from card_live c join outlet_live o using (offer_id)
         where exists (select 1 from offer_outlets l join offers x on x.id = l.offer_id
                        where l.outlet_id = o.outlet_id and x.id <> o.offer_id
                          and x.valid_from <= catalogue_today() and x.valid_to >= catalogue_today())
         order by c.card_id desc limit 1`)
      ).rows as { offer: number; card: number; outlet: number }[];
      await q('delete from offers where id = $1', [offer]);
      const rows = { card, outlet };
      for (const e of ENTITIES)
        expect(
          await one<number | null>(`select offer_id as v from ${e}_live where ${e}_id = $1`, [rows[e]]),
        ).toBeNull();
      await allRight();
      await keepHealthScores(s.db);
      for (const e of ENTITIES) {
        expect(await unwitnessed(e, [rows[e]]), `the ${e} with a live offer and no live witness`).toBe(0);
        expect(await unwitnessed(e), `${e}s with a live offer and no live witness`).toBe(0);
      }
      await allRight();
    },
    SLOW,
  );

  it('are made once per entity by the helper, from a link to the entity’s table', async () => {
    // The functions are the entity's own: a second call would redefine them, and is refused.
    await expect(s.db.exec("select live_witness('outlet', 'offer_outlets', 'outlet_id')")).rejects.toThrow(
      /already exists/,
    );
    await expect(s.db.exec("select live_witness('thing', 'offers', 'title')")).rejects.toThrow(/references no table/);
  });

  it(
    'are right after an offer deleted through the API and its delete undone',
    async () => {
      // An offer that is both a card's and an outlet's witness.
      const offer = await one<number>(
        'select c.offer_id as v from card_live c join outlet_live o using (offer_id) order by c.card_id limit 1',
      );
      await q('update offers set image = null where id = $1', [offer]);
      const res = await ok(offerResource.ops.remove!, { query: { offer_id: offer } });
      for (const e of ENTITIES) expect(await wrongWitnesses(e)).toBe(0);
      await ok(offerResource.ops.undo!, { body: { token: res.undo } });
      expect(await one<number>('select count(*)::int as v from offer_gaps where offer_id = $1', [offer])).toBe(1);
      await allRight();
    },
    SLOW,
  );
});
