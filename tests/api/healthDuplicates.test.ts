// The catalogue health queues "Likely duplicate offers" and "Likely duplicate outlets"
// (contract/healthQueues.ts, server/services/health.ts) on both databases: a catalogue with
// planted pairs and, beside them, near-misses that are not duplicates (another discount, no card
// in common, dates apart, another merchant, another area); merging either way and its one-step
// undo (links, homepage places and engagement history back where they were); "not a
// duplicate" and its undo; the similarity setting; refused fixes changing no table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyHealthFix,
  HEALTH_FACTS_AHEAD,
  listHealthFacts,
  listHealthRows,
  undoHealthFix,
  type HealthRow,
  type HealthRowFacts,
} from '@contract/health';
import { patchSettings, showSettings } from '@contract/settings';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser } from '../helpers/sessions';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);

const ids: Record<string, number> = {};
let viewer: Record<string, string>;

async function offer(
  name: string,
  title: string,
  o: { discount?: string; from?: number; to?: number; cards: string[]; outlets: string[] },
) {
  const [{ id }] = await q(
    `insert into offers (title, discount, valid_from, valid_to, image, terms)
     values ($1, $2, catalogue_today() + $3::int, catalogue_today() + $4::int, '/uploads/x.png', 'Terms apply.') returning id`,
    [title, o.discount ?? '20% off', o.from ?? -5, o.to ?? 60],
  );
  for (const c of o.cards) await q('insert into offer_cards (offer_id, card_id) values ($1, $2)', [id, ids[c]]);
  for (const u of o.outlets) await q('insert into offer_outlets (offer_id, outlet_id) values ($1, $2)', [id, ids[u]]);
  ids[name] = id;
}

beforeAll(async () => {
  s = await startTestServer();
  const [{ id: bank }] = await q("insert into banks (name, code) values ('Dup Bank', 'DUPB') returning id");
  const [{ id: network }] = await q("insert into networks (type) values ('Dup Network') returning id");
  for (const c of ['card1', 'card2', 'card3'])
    ids[c] = (
      await q('insert into cards (name, bank_id, network_id, display) values ($1, $2, $3, true) returning id', [
        c,
        bank,
        network,
      ])
    )[0].id;
  ids.marina = (await q("insert into dubai_cities (name) values ('Marina') returning id"))[0].id;
  ids.difc = (await q("insert into dubai_cities (name) values ('DIFC') returning id"))[0].id;
  const outlet = async (name: string, merchant: string, branch: string, area: string) =>
    (ids[name] = (
      await q('insert into outlets (merchant_name, branch, area_id) values ($1, $2, $3) returning id', [
        merchant,
        branch,
        ids[area],
      ])
    )[0].id);
  await outlet('zumaDifc', 'Zuma', 'Gate Village', 'difc');
  await outlet('zumaMarina', 'Zuma', 'Marina Walk', 'marina');
  await outlet('nobu', 'Nobu', 'Atlantis', 'marina');
  await outlet('caribou', 'Caribou Coffee', 'Marina Walk', 'marina');
  await outlet('caribouAgain', 'Caribou Coffee', 'Marina Walk.', 'marina');
  await outlet('caribouDifc', 'Caribou Coffee', 'Marina Walk', 'difc');
  await offer('a', '20% off dinner at Zuma', { cards: ['card1'], outlets: ['zumaDifc'] });
  await offer('b', '20% off dinner at Zuma!', { from: -2, to: 40, cards: ['card1', 'card2'], outlets: ['zumaMarina'] });
  await offer('otherDiscount', '20% off dinner at Zuma', {
    discount: '30% off',
    cards: ['card1'],
    outlets: ['zumaDifc'],
  });
  await offer('noCardShared', '20% off dinner at Zuma', { cards: ['card3'], outlets: ['zumaDifc'] });
  await offer('datesApart', '20% off dinner at Zuma', { from: 70, to: 90, cards: ['card1'], outlets: ['zumaDifc'] });
  await offer('otherMerchant', '20% off dinner at Zuma', { cards: ['card1'], outlets: ['nobu'] });
  await offer('c', 'Free dessert with any main course', { discount: 'Free', cards: ['card2'], outlets: ['caribou'] });
  await offer('d', 'Free dessert with any main course.', {
    discount: 'Free',
    cards: ['card2'],
    outlets: ['caribouAgain'],
  });
  // b is on the homepage three ways and has an engagement history.
  await q("insert into hero_banners (position, title, link_type, offer_id) values (1, 'Zuma', 'offer', $1)", [ids.b]);
  await q("insert into dont_miss_out (position, title, link_type, offer_id) values (1, 'Zuma', 'offer', $1)", [ids.b]);
  await q('insert into selected_offers (position, offer_id) values (1, $1)', [ids.b]);
  await q(
    "insert into events (type, offer_id, card_id, at) select 'offer_viewed', $1, $2, now() - make_interval(days => g % 5) from generate_series(1, 12) g",
    [ids.b, ids.card1],
  );
  const v = await insertUser(s.db, { role: 'viewer', email: 'dup-viewer@test.example' });
  viewer = bearerOf(await insertSession(s.db, v.id));
  await pairsFound();
});
afterAll(() => s?.close());

/** The pairs' loop (server/services/healthPairs.ts) finds the pairs of the rows this file wrote by hand. */
async function pairsFound() {
  s.app.healthPairs.kick();
  await s.app.healthPairs.idle();
}

const rowsOf = async (queue: string) =>
  ((await ok(listHealthRows, { params: { queue } })).data as { rows: HealthRow[] }).rows;
const pairsOf = async (queue: string) => (await rowsOf(queue)).map((r) => [r.other?.id, r.id]);
const fix = (queue: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(applyHealthFix, { params: { queue }, body }, headers);
const eventsOf = (id: number) => one<number>('select count(*)::int from events where offer_id = $1', [id]);
const viewsOf = (id: number) =>
  one<number>('select coalesce(sum(offer_viewed), 0)::int from event_daily where offer_id = $1', [id]);
const linksOf = (table: string, col: string, id: number, other: string) =>
  q<{ x: number }>(`select ${other} as x from ${table} where ${col} = $1 order by 1`, [id]).then((r) =>
    r.map((x) => x.x),
  );

/** Applies a fix, runs `check`, undoes it, and checks that no table but the undo's own bookkeeping differs. */
async function fixAndUndo(
  queue: string,
  body: Record<string, unknown>,
  check: () => Promise<void>,
  moved: string[] = [],
) {
  const before = await tableChecksums(s.db);
  const res = await fix(queue, body);
  expect(res.status, res.body).toBe(200);
  await check();
  const undone = await call(undoHealthFix, { body: { undo: res.json.data.undo } });
  expect(undone.status, undone.body).toBe(200);
  const changed = changedTables(before, await tableChecksums(s.db)).map((t) => t.split(':')[0]);
  // A card's or an outlet's kept live offer (migrations 041_live_witness.sql,
  // 044_live_witness_every_row.sql) may be another of its live offers after the undo.
  const kept = ['undo_log', 'undo_rows', 'write_counts', 'audit_log', 'card_live', 'outlet_live'];
  expect(changed.filter((t) => ![...kept, ...moved].includes(t))).toEqual([]);
  return res.json;
}

describe('the duplicate queues', () => {
  it('find the planted pairs once each, lower id on the left, and none of the near-misses', async () => {
    expect(await pairsOf('duplicateOffers')).toEqual([
      [ids.a, ids.b],
      [ids.c, ids.d],
    ]);
    expect(await pairsOf('duplicateOutlets')).toEqual([[ids.caribou, ids.caribouAgain]]);
    const [row] = await rowsOf('duplicateOffers');
    expect(row.reason).toBe(`Like #${ids.a} (100% similar)`);
    expect(row.other).toMatchObject({ id: ids.a, title: '20% off dinner at Zuma' });
    expect(row.facts).toMatchObject({ 'Homepage places': '3', 'Engagement events': '12', Cards: 'card1, card2' });
    expect(row.other!.facts).toMatchObject({ 'Homepage places': '0', Cards: 'card1' });
  });

  it('page a pair queue from the pairs, a row at a time after the last key', async () => {
    // A pair queue's pages walk the kept pairs by the right-hand key (server/services/health.ts
    // RIGHT_OF_A_PAIR): the page after b is d, after d none, with "more" said right.
    const page = async (after: number) =>
      (await ok(listHealthRows, { params: { queue: 'duplicateOffers' }, query: { limit: 1, after } })).data as {
        rows: HealthRow[];
        more: boolean;
      };
    const first = await page(0);
    expect([first.rows.map((r) => r.id), first.more]).toEqual([[ids.b], true]);
    const second = await page(ids.b);
    expect([second.rows.map((r) => [r.other?.id, r.id]), second.more]).toEqual([[[ids.c, ids.d]], false]);
    expect((await page(ids.d)).rows).toEqual([]);
  });

  it('follow the similarity setting, refused outside 0.5–1', async () => {
    const settings = async () => (await ok(showSettings)).data as { version: number };
    const set = async (value: number) =>
      call(patchSettings, {
        params: { id: 1 },
        body: { health_duplicate_similarity: value, version: (await settings()).version },
      });
    for (const bad of [0.4, 1.1]) {
      const before = await tableChecksums(s.db);
      const res = await call(patchSettings, {
        params: { id: 1 },
        body: { health_duplicate_similarity: bad, version: (await settings()).version },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.errors)).toContain('health_duplicate_similarity');
      expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
    }
    // "dinner at Zuma" and "Zuma!" read the same (trigrams skip punctuation): still a pair at 1.
    expect((await set(1)).status).toBe(200);
    expect((await pairsOf('duplicateOffers')).length).toBe(2);
    expect((await set(0.85)).status).toBe(200);
    expect((await ok(showSettings)).data.health_duplicate_similarity).toBe(0.85);
  });
});

describe('merging', () => {
  it('keeps the left offer, moves links, homepage places and events onto it, and undoes as one step', async () => {
    const answer = await fixAndUndo(
      'duplicateOffers',
      { fix: 'mergeLeft', ids: [ids.b], expect: 1 },
      async () => {
        expect(await one<number>('select count(*)::int from offers where id = $1', [ids.b])).toBe(0);
        expect(await linksOf('offer_cards', 'offer_id', ids.a, 'card_id')).toEqual([ids.card1, ids.card2]);
        expect(await linksOf('offer_outlets', 'offer_id', ids.a, 'outlet_id')).toEqual([ids.zumaDifc, ids.zumaMarina]);
        for (const t of ['hero_banners', 'dont_miss_out', 'selected_offers'])
          expect(await one<number>(`select offer_id from ${t}`), t).toBe(ids.a);
        expect(await eventsOf(ids.a)).toBe(12);
        expect(await viewsOf(ids.a)).toBe(12);
        expect(await pairsOf('duplicateOffers')).toEqual([[ids.c, ids.d]]);
      },
      // The offers' list rows are remade by their links' triggers (migration 029).
      ['offer_list_rows'],
    );
    expect(answer.message).toMatch(/^Merged one pair of offers: kept #\d+, deleted #\d+, moved /);
    expect(answer.message).toContain('12 engagement events');
    expect(await linksOf('offer_cards', 'offer_id', ids.a, 'card_id')).toEqual([ids.card1]);
    expect(await linksOf('offer_cards', 'offer_id', ids.b, 'card_id')).toEqual([ids.card1, ids.card2]);
    expect(await one<number>('select offer_id from hero_banners')).toBe(ids.b);
    expect(await eventsOf(ids.b)).toBe(12);
    expect(await viewsOf(ids.b)).toBe(12);
    expect(await viewsOf(ids.a)).toBe(0);
    expect(await pairsOf('duplicateOffers')).toEqual([
      [ids.a, ids.b],
      [ids.c, ids.d],
    ]);
  });

  it('keeps the right offer: the left one deleted, and back with its undo', async () => {
    await fixAndUndo(
      'duplicateOffers',
      { fix: 'mergeRight', ids: [ids.b, ids.d], expect: 2 },
      async () => {
        expect(await one<number>('select count(*)::int from offers where id = any($1::int[])', [[ids.a, ids.c]])).toBe(
          0,
        );
        expect(await linksOf('offer_outlets', 'offer_id', ids.d, 'outlet_id')).toEqual([ids.caribou, ids.caribouAgain]);
        expect(await one<number>('select offer_id from hero_banners')).toBe(ids.b);
        expect(await pairsOf('duplicateOffers')).toEqual([]);
      },
      ['offer_list_rows'],
    );
    expect(await one<number>('select count(*)::int from offers where id = any($1::int[])', [[ids.a, ids.c]])).toBe(2);
  });

  it('merges outlets, moving their offers', async () => {
    await fixAndUndo(
      'duplicateOutlets',
      { fix: 'mergeLeft', ids: [ids.caribouAgain], expect: 1 },
      async () => {
        expect(await linksOf('offer_outlets', 'outlet_id', ids.caribou, 'offer_id')).toEqual([ids.c, ids.d]);
        expect(await one<number>('select count(*)::int from outlets where id = $1', [ids.caribouAgain])).toBe(0);
        expect(await pairsOf('duplicateOutlets')).toEqual([]);
      },
      ['offer_list_rows'],
    );
    expect(await linksOf('offer_outlets', 'outlet_id', ids.caribouAgain, 'offer_id')).toEqual([ids.d]);
  });
});

describe('not a duplicate', () => {
  it('is remembered, so the pair is not shown again; its undo shows it again', async () => {
    await fixAndUndo(
      'duplicateOffers',
      { fix: 'notDuplicate', ids: [ids.d], expect: 1 },
      async () => {
        expect(await pairsOf('duplicateOffers')).toEqual([[ids.a, ids.b]]);
      },
      // The verdict's row stays, cleared (its version moves on, as a bulk change's undo).
      ['health_duplicate_verdicts'],
    );
    expect(await pairsOf('duplicateOffers')).toEqual([
      [ids.a, ids.b],
      [ids.c, ids.d],
    ]);
    // Said again, it sticks.
    expect((await fix('duplicateOutlets', { fix: 'notDuplicate', ids: [ids.caribouAgain], expect: 1 })).status).toBe(
      200,
    );
    expect(await pairsOf('duplicateOutlets')).toEqual([]);
  });
});

describe('refused fixes change nothing', () => {
  // A third offer like "a": its pair and b's share "a".
  beforeAll(async () => {
    await offer('b2', '20% off dinner at Zuma', { cards: ['card1'], outlets: ['zumaDifc'] });
    await pairsFound();
  });
  const cases: [string, number, string, () => [string, Record<string, unknown>]][] = [
    ['an id not in the queue', 409, 'expect', () => ['duplicateOffers', { fix: 'mergeLeft', ids: [ids.a], expect: 1 }]],
    [
      'an id that is no record',
      409,
      'expect',
      () => ['duplicateOffers', { fix: 'mergeLeft', ids: [99999], expect: 1 }],
    ],
    [
      'a count not confirmed',
      422,
      'expect',
      () => ['duplicateOffers', { fix: 'mergeLeft', ids: [ids.b, ids.d], expect: 1 }],
    ],
    ['a fix the queue lacks', 422, 'fix', () => ['duplicateOffers', { fix: 'end', ids: [ids.b], expect: 1 }]],
    [
      'pairs sharing a record',
      422,
      'ids',
      () => ['duplicateOffers', { fix: 'mergeLeft', ids: [ids.b, ids.b2], expect: 2 }],
    ],
  ];
  it.each(cases)('%s: answers %i naming %s', async (_name, status, field, input) => {
    const [queue, body] = input();
    const before = await tableChecksums(s.db);
    const res = await fix(queue, body);
    expect(res.status, res.body).toBe(status);
    expect(Object.keys(res.json.errors)).toContain(field);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('a viewer: 403', async () => {
    const before = await tableChecksums(s.db);
    const res = await fix('duplicateOffers', { fix: 'mergeLeft', ids: [ids.b], expect: 1 }, viewer);
    expect(res.status).toBe(403);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });
});

describe("a pair queue's facts (health.facts)", () => {
  it('come with the first rows of a page, and health.facts reads the rest and no row out of the queue', async () => {
    // More pairs than a page carries facts for (contract/health.ts HEALTH_FACTS_AHEAD).
    for (let n = 0; n <= HEALTH_FACTS_AHEAD; n++) {
      const title = `${n + 2} nights for the price of ${n + 1} at Nobu`;
      await offer(`left${n}`, title, { discount: 'Stay', cards: ['card3'], outlets: ['nobu'] });
      await offer(`right${n}`, `${title}!`, { discount: 'Stay', cards: ['card3'], outlets: ['nobu'] });
    }
    await pairsFound();
    const rows = await rowsOf('duplicateOffers');
    const withFacts = rows.filter((r) => r.facts && r.other?.facts).map((r) => r.id);
    expect(withFacts).toEqual(rows.slice(0, HEALTH_FACTS_AHEAD).map((r) => r.id));
    expect(rows.length).toBeGreaterThan(HEALTH_FACTS_AHEAD);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({
      id: ids[`right${HEALTH_FACTS_AHEAD}`],
      other: { id: ids[`left${HEALTH_FACTS_AHEAD}`] },
    });
    expect(last.facts).toBeUndefined();

    // The left record of a pair is no row of the queue: it is left out.
    const ids2 = `${last.id},${ids[`left${HEALTH_FACTS_AHEAD}`]}`;
    const read = (await ok(listHealthFacts, { params: { queue: 'duplicateOffers' }, query: { ids: ids2 } }))
      .data as HealthRowFacts[];
    expect(read).toEqual([
      {
        id: last.id,
        facts: expect.objectContaining({ Cards: 'card3', Merchant: 'Nobu', 'Homepage places': '0' }),
        other: { id: last.other!.id, title: last.other!.title, facts: expect.objectContaining({ Cards: 'card3' }) },
      },
    ]);
  });

  it.each(['', 'x', '1,,2', Array.from({ length: 51 }, (_, i) => i + 1).join(',')])(
    'refuses ids “%s” naming the field',
    async (bad) => {
      const res = await call(listHealthFacts, { params: { queue: 'duplicateOffers' }, query: { ids: bad } });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.errors)).toContain('ids');
    },
  );
});
