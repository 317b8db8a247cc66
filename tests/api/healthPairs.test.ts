// The "Likely duplicates" pairs kept by their background loop (server/services/healthPairs.ts,
// migration 036_health_pairs.sql), on both databases: an offer's title edited to make a pair
// shows it once the loop has run; edited back, the pair leaves the queue at once (the read
// checks each kept pair) and the loop drops its row; an outlet moved to another area likewise;
// a lower similarity setting has every pair found again; the loop says what it did. The loop
// looks for an offer's pairs by title (the trigram index), not among every offer sharing a card:
// what it keeps is checked against the pair definition itself, over every two offers; outlets
// are compared by name with a prefix filter, checked the same way over every two outlets.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listHealthRows, type HealthRow } from '@contract/health';
import { offerResource, type Offer } from '@contract/offer';
import { outletResource } from '@contract/outlet';
import { patchSettings, showSettings } from '@contract/settings';
import { LEVEL, startTestServer, type TestServer } from '../helpers/app';
import { OFFER_ALIKE, OUTLET_ALIKE, recomputePairs, SHARE_A_CARD } from '../../server/repositories/healthPairs';
import { addLinkedOffer, makeOfferLinks, type OfferLinks } from '../helpers/offerLinks';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { ok } = opCalls(() => s);
let links: OfferLinks;

beforeAll(async () => {
  s = await startTestServer();
  links = await makeOfferLinks(ok, 'Pairs', 'PRB');
});
afterAll(() => s?.close());

const pairsOf = async (queue: string) =>
  ((await ok(listHealthRows, { params: { queue } })).data as { rows: HealthRow[] }).rows.map((r) => [
    r.other?.id,
    r.id,
  ]);
const kept = async (kind: string) =>
  (
    await s.db.query<{ a: number; b: number }>(
      'select a_id as a, b_id as b from health_pairs where kind = $1 order by b_id, a_id',
      [kind],
    )
  ).rows.map((r) => [r.a, r.b]);
/** The loop's round after the calls' writes (each kicks it) has ended. */
const loopDone = () => s.app.healthPairs.idle();
const retitle = async (o: Offer, title: string) =>
  (await ok(offerResource.ops.update!, { params: { id: o.id }, body: { title, version: o.version } })).data as Offer;

it('runs its statements without JIT on PostgreSQL: a pair count the planner costs high compiled for seconds', async () => {
  // PGlite has no JIT to turn off (and keeps the setting's default).
  if (s.db.kind === 'postgres') expect((await s.db.query<{ jit: string }>('show jit')).rows[0].jit).toBe('off');
  else expect((await s.db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
});

it('finds a pair made by an edit once the loop has run, and drops one unmade at once', async () => {
  const a = await addLinkedOffer(ok, links, '25% off brunch at Pairs cafe');
  let b = await addLinkedOffer(ok, links, 'Spa day for two at Pairs cafe');
  await loopDone();
  expect(await pairsOf('duplicateOffers')).toEqual([]);
  expect(await kept('offer')).toEqual([]);

  s.logs.clear();
  b = await retitle(b, '25% off brunch at Pairs cafe!');
  await loopDone();
  expect(await pairsOf('duplicateOffers')).toEqual([[a.id, b.id]]);
  expect(await kept('offer')).toEqual([[a.id, b.id]]);
  expect(s.logs.some((l) => l.level === LEVEL.info && /^health pairs: 1 offers \(1 pairs\)/.test(l.msg))).toBe(true);

  // Unmade: out of the queue before the loop runs again, and its row gone after.
  await retitle(b, 'Spa day for two at Pairs cafe');
  expect(await pairsOf('duplicateOffers')).toEqual([]);
  await loopDone();
  expect(await kept('offer')).toEqual([]);
});

it('follows an outlet moved to another area', async () => {
  // Areas are reference data, not written through the API.
  const area = async (name: string) =>
    (await s.db.query<{ id: number }>('insert into dubai_cities (name) values ($1) returning id', [name])).rows[0].id;
  const [jbr, difc] = [await area('Pairs JBR'), await area('Pairs DIFC')];
  const outlet = async (branch: string) =>
    (await ok(outletResource.ops.add!, { body: { merchant_name: 'Pairs Bakery', branch, area_id: jbr } })).data as {
      id: number;
      version: number;
    };
  const x = await outlet('The Walk');
  const y = await outlet('The Walk.');
  await loopDone();
  expect(await pairsOf('duplicateOutlets')).toEqual([[x.id, y.id]]);
  await ok(outletResource.ops.update!, { params: { id: y.id }, body: { area_id: difc, version: y.version } });
  expect(await pairsOf('duplicateOutlets')).toEqual([]);
  await loopDone();
  expect(await kept('outlet')).toEqual([]);
});

it('finds every pair again at a lower similarity setting, and a higher one applies at once', async () => {
  const a = await addLinkedOffer(ok, links, 'Free coffee with any cake at Pairs cafe');
  const b = await addLinkedOffer(ok, links, 'Free coffee with any cake at Pairs cafe on weekdays');
  await loopDone();
  expect(await pairsOf('duplicateOffers')).toEqual([]);
  const set = async (value: number) => {
    const { version } = (await ok(showSettings)).data as { version: number };
    await ok(patchSettings, { params: { id: 1 }, body: { health_duplicate_similarity: value, version } });
  };
  await set(0.6);
  await loopDone();
  expect(await pairsOf('duplicateOffers')).toEqual([[a.id, b.id]]);
  await set(0.85);
  expect(await pairsOf('duplicateOffers')).toEqual([]);
  await loopDone();
  expect(await kept('offer')).toEqual([]);
});

it('pairs offers alike that share a card, and no others: what the definition says over every two offers', async () => {
  const apart = await makeOfferLinks(ok, 'Apart', 'APB');
  const [pairsMarina, pairsDowntown] = links.outlets;
  // The same merchant written otherwise: a merchant in common is its name, any case.
  const shouting = (await ok(outletResource.ops.add!, { body: { merchant_name: 'PAIRS CAFE', branch: 'JBR' } })).data
    .id as number;
  const title = 'Two for one burgers at the grill';
  const offer = (t: string, cards: number[], outlets: number[]) =>
    addLinkedOffer(ok, links, t, { card_ids: cards, outlet_ids: outlets });
  const a = await offer(title, [links.cards[0]], [pairsMarina]);
  // Same merchant and title, no card in common; a card in common, another merchant; a card
  // and the merchant in common, another title: none a pair.
  const b = await offer(title, [apart.cards[0]], [pairsDowntown]);
  const c = await offer(title, [links.cards[0]], [apart.outlets[0]]);
  const d = await offer('Spa day for two at the grill', [links.cards[0]], [pairsDowntown]);
  // A card and the merchant (its other spelling) in common, the same title: a's pair.
  const e = await offer(title, [links.cards[0], apart.cards[1]], [shouting]);
  await loopDone();
  const ours = new Set([a, b, c, d, e].map((o) => o.id));
  expect((await kept('offer')).filter(([x, y]) => ours.has(x) || ours.has(y))).toEqual([[a.id, e.id]]);
  expect(await pairsOf('duplicateOffers')).toContainEqual([a.id, e.id]);
  const defined = await s.db.query<{ a: number; b: number }>(
    `select p.id as a, t.id as b from offers p join offers t on p.id < t.id
      where ${OFFER_ALIKE('p', 't')} and ${SHARE_A_CARD('p', 't')} order by t.id, p.id`,
  );
  expect(await kept('offer')).toEqual(defined.rows.map((r) => [r.a, r.b]));
});

it('pairs outlets alike in an area, and no others: what the definition says over every two outlets', async () => {
  // Areas are reference data, not written through the API.
  const area = async (name: string) =>
    (await s.db.query<{ id: number }>('insert into dubai_cities (name) values ($1) returning id', [name])).rows[0].id;
  const areas = [await area('Names Marina'), await area('Names Barsha'), null];
  // Names near and far from each other: a chain's branches written alike or with a letter, a
  // word or punctuation changed, accents, case, no letters at all, no branch; seeded, so a
  // failure repeats.
  const brands = ['Pairs Bakery', 'Shawarma House', 'Tim Hortons', 'Café Été', 'Cafe Ete', 'a', '!!!', 'Noodle Bar'];
  const branches = [
    null,
    'The Walk',
    'The Walk.',
    'Walk',
    'Al Barsha 1',
    'Al Barsha 12',
    'JLT Cluster D',
    'jlt cluster f',
  ];
  let seed = 7;
  const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const ids: number[] = [];
  for (let i = 0; i < 120; i++) {
    const brand = brands[next(brands.length)];
    const name = next(4) === 0 ? brand.toUpperCase() : next(5) === 0 ? `${brand}s` : brand;
    ids.push(
      (
        await s.db.query<{ id: number }>(
          'insert into outlets (merchant_name, branch, area_id) values ($1, $2, $3) returning id',
          [name, branches[next(branches.length)], areas[next(areas.length)]],
        )
      ).rows[0].id,
    );
  }
  const outletPairs = async () =>
    (
      await s.db.query<{ a: number; b: number }>(
        'select a_id as a, b_id as b from health_pairs where kind = $1 order by b_id, a_id',
        ['outlet'],
      )
    ).rows.map((r) => [r.a, r.b]);
  const defined = async () =>
    (
      await s.db.query<{ a: number; b: number }>(
        `select p.id as a, t.id as b from outlets p join outlets t on p.id < t.id where ${OUTLET_ALIKE('p', 't')} order by t.id, p.id`,
      )
    ).rows.map((r) => [r.a, r.b]);
  const all = (await s.db.query<{ id: number }>('select id from outlets')).rows.map((r) => r.id);
  const recompute = (of: number[]) => s.db.transaction((tx) => recomputePairs(tx, 'outlet', of));
  const set = async (value: number) => {
    const { version } = (await ok(showSettings)).data as { version: number };
    await ok(patchSettings, { params: { id: 1 }, body: { health_duplicate_similarity: value, version } });
    await loopDone();
  };

  for (const similarity of [0.85, 0.5, 1]) {
    await set(similarity);
    // Every outlet at once (a full round's piece) …
    await recompute(all);
    const expected = await defined();
    expect(
      expected.filter(([a, b]) => ids.includes(a) && ids.includes(b)).length,
      'the names make pairs',
    ).toBeGreaterThan(10);
    expect(await outletPairs(), `at ${similarity}`).toEqual(expected);
    // … and one at a time (a call's write).
    await s.db.query("delete from health_pairs where kind = 'outlet'");
    for (const id of ids) await recompute([id]);
    expect((await outletPairs()).filter(([a, b]) => ids.includes(a) || ids.includes(b))).toEqual(
      expected.filter(([a, b]) => ids.includes(a) || ids.includes(b)),
    );
  }
  await set(0.85);
});
