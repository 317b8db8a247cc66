// Which offers no shown card or no outlet reaches, kept per offer by triggers
// (server/db/migrations/034_health_speed.sql, `offer_reach`, read by the "Unreachable offers"
// health queue): after every kind of write it derives from — an offer made with no link, links
// added and removed through the repository, a card hidden, discontinued and shown again, a card
// and an outlet deleted, an offer's dates and batch changed, an offer deleted and its delete
// undone, a health fix and its undo — the table equals the same facts computed from scratch.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHealthFix, listHealthRows, undoHealthFix } from '@contract/health';
import { offerResource } from '@contract/offer';
import { offerRepository } from '../../server/repositories/offers';
import { seed } from '../../server/db/seed/seed';
import { createUploads } from '../../server/services/uploads';
import { startTestServer, type TestServer } from '../helpers/app';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { ok } = opCalls(() => s);
const one = async <T>(sql: string, params?: unknown[]) => (await s.db.query<{ v: T }>(sql, params)).rows[0].v;

/** offer_reach as computed from the catalogue's tables, row for row. */
const FROM_SCRATCH = `
  select o.id as offer_id,
    not exists (select 1 from offer_cards oc where oc.offer_id = o.id) as no_card,
    not exists (select 1 from offer_cards oc join cards c on c.id = oc.card_id
                where oc.offer_id = o.id and c.display and c.status = 'Not Discontinued') as no_shown_card,
    not exists (select 1 from offer_outlets oo where oo.offer_id = o.id) as no_outlet,
    o.valid_from as k_valid_from, o.valid_to as k_valid_to, o.batch_id as k_batch_id
  from offers o`;

/** Rows of offer_reach that differ from the computation, or that it lacks: none, after every write. */
const differing = () =>
  one<number>(`select count(*)::int as v from
    (select * from (${FROM_SCRATCH}) f where f.no_shown_card or f.no_outlet) f
    full join offer_reach r using (offer_id)
   where (f.no_card, f.no_shown_card, f.no_outlet, f.k_valid_from, f.k_valid_to, f.k_batch_id)
         is distinct from (r.no_card, r.no_shown_card, r.no_outlet, r.k_valid_from, r.k_valid_to, r.k_batch_id)`);
const reach = (offer: number) =>
  s.db
    .query<{ no_card: boolean; no_shown_card: boolean; no_outlet: boolean }>(
      'select no_card, no_shown_card, no_outlet from offer_reach where offer_id = $1',
      [offer],
    )
    .then((r) => r.rows[0] ?? null);

beforeAll(async () => {
  s = await startTestServer();
  await s.db.transaction((tx) => seed(tx, createUploads(fs.mkdtempSync(path.join(os.tmpdir(), 'reach-')))));
}, 120_000);
afterAll(() => s?.close());

describe("an offer's reach, kept by triggers (migration 034_health_speed.sql)", () => {
  it('is right after the demo seed, which writes with the triggers off', async () => {
    expect(await one<number>('select count(*)::int as v from offers')).toBeGreaterThan(0);
    expect(await differing()).toBe(0);
  });

  it('follows links, cards hidden and discontinued, cards and outlets deleted, dates and batches', async () => {
    const [c1, c2] = (
      await s.db.query<{ id: number }>(
        "select id from cards where display and status = 'Not Discontinued' order by id desc limit 2",
      )
    ).rows.map((r) => r.id);
    const [o1] = (await s.db.query<{ id: number }>('select id from outlets order by id desc limit 1')).rows.map(
      (r) => r.id,
    );

    // Made with no link: unreachable at once.
    const offer = (
      await offerRepository.create(s.db, {
        title: 'Reach test',
        discount: '5%',
        valid_from: '2026-01-01',
        valid_to: '2030-01-01',
      })
    ).id;
    expect(await reach(offer)).toEqual({ no_card: true, no_shown_card: true, no_outlet: true });
    expect(await differing()).toBe(0);

    // A card, then an outlet: reachable (no row).
    await offerRepository.update(s.db, offer, { card_ids: [c1], outlet_ids: [] });
    expect(await reach(offer)).toEqual({ no_card: false, no_shown_card: false, no_outlet: true });
    await offerRepository.update(s.db, offer, { card_ids: [c1, c2], outlet_ids: [o1] });
    expect(await reach(offer)).toBeNull();
    expect(await differing()).toBe(0);

    // Its cards hidden and discontinued one by one; one shown again.
    await s.db.query('update cards set display = false where id = $1', [c1]);
    expect(await reach(offer)).toBeNull();
    await s.db.query("update cards set status = 'Discontinued' where id = $1", [c2]);
    expect(await reach(offer)).toEqual({ no_card: false, no_shown_card: true, no_outlet: false });
    expect(await differing()).toBe(0);
    await s.db.query('update cards set display = true where id = $1', [c1]);
    expect(await reach(offer)).toBeNull();
    expect(await differing()).toBe(0);

    // Dates and a batch changed on an unreachable offer: its copies follow (one statement, many rows too).
    await s.db.query('delete from offer_outlets where offer_id = $1', [offer]);
    await s.db.query("update offers set valid_to = '2031-06-30' where id = $1", [offer]);
    const [batch] = (
      await s.db.query<{ id: number }>(
        "insert into write_batches (kind, state) values ('import', 'pending') returning id",
      )
    ).rows.map((r) => r.id);
    await s.db.query('update offers set batch_id = $1 where id in (select offer_id from offer_reach)', [batch]);
    expect(await differing()).toBe(0);
    await s.db.query('update offers set batch_id = null where batch_id = $1', [batch]);
    await s.db.query('update offers set valid_from = valid_from - 1 where id % 3 = 0');
    expect(await differing()).toBe(0);

    // A card deleted, an outlet deleted: their links go, and the offers they reached lose them.
    await s.db.query('insert into offer_outlets (offer_id, outlet_id) values ($1, $2)', [offer, o1]);
    expect(await reach(offer)).toBeNull();
    await s.db.query('delete from outlets where id = $1', [o1]);
    expect(await reach(offer)).toMatchObject({ no_outlet: true });
    await s.db.query('delete from cards where id = any($1::int[])', [[c1, c2]]);
    expect(await reach(offer)).toEqual({ no_card: true, no_shown_card: true, no_outlet: true });
    expect(await differing()).toBe(0);

    // Deleted: its row goes with it.
    await s.db.query('delete from offers where id = $1', [offer]);
    expect(await reach(offer)).toBeNull();
    expect(await differing()).toBe(0);
  });

  it('is right after an offer deleted through the API and its delete undone', async () => {
    const offer = await one<number>(
      `select o.id as v from offers o where exists (select 1 from offer_cards oc where oc.offer_id = o.id)
          and not exists (select 1 from offer_outlets oo where oo.offer_id = o.id) order by o.id limit 1`,
    );
    const before = await reach(offer);
    expect(before).toMatchObject({ no_outlet: true });
    const res = await ok(offerResource.ops.remove!, { query: { offer_id: offer } });
    expect(await reach(offer)).toBeNull();
    await ok(offerResource.ops.undo!, { body: { token: res.undo } });
    expect(await reach(offer)).toEqual(before);
    expect(await differing()).toBe(0);
  });

  it('is right after a health fix and its undo, and the queue reads it', async () => {
    const rows = (await ok(listHealthRows, { params: { queue: 'unreachable' } })).data.rows as { id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const fixed = await ok(applyHealthFix, {
      params: { queue: 'unreachable' },
      body: { fix: 'end', ids: [rows[0].id], expect: 1 },
    });
    expect(await differing()).toBe(0);
    const after = (await ok(listHealthRows, { params: { queue: 'unreachable' } })).data.rows as { id: number }[];
    expect(after.map((r) => r.id)).not.toContain(rows[0].id);
    await ok(undoHealthFix, { body: { undo: fixed.data.undo } });
    expect(await differing()).toBe(0);
    const back = (await ok(listHealthRows, { params: { queue: 'unreachable' } })).data.rows as { id: number }[];
    expect(back.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });
});
