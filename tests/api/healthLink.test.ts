import { describe, expect, it } from 'vitest';
import {
  applyHealthFix,
  findHealthSource,
  listHealthCandidates,
  listHealthRows,
  undoHealthFix,
  type HealthCandidate,
  type HealthRow,
} from '@contract/health';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { healthSetup } from '../helpers/healthSetup';

const { server, q, call, ok, one, ids, viewer, reviewer, insert } = healthSetup('link', async () => {
  ids.bankA = await insert.bank('Alpha Bank', 'ALPH');
  ids.bankB = await insert.bank('Beta Bank', 'BETA');
  const network = await insert.network('Link Network');
  // Inserted so that id order is not the ranking's.
  ids.betaPlatinum = await insert.card('Platinum Rewards', ids.bankB, network);
  ids.alphaCashback = await insert.card('Cashback Card', ids.bankA, network);
  ids.alphaHidden = await insert.card('Platinum Rewards Old', ids.bankA, network, false);
  ids.alphaPlatinum = await insert.card('Platinum Rewards', ids.bankA, network);
  ids.marina = await insert.area('Marina');
  ids.downtown = await insert.area('Downtown');
  ids.nandos = await insert.outlet("Nando's", ids.marina);
  ids.zumaDowntown = await insert.outlet('Zuma', ids.downtown);
  ids.zumaMarina = await insert.outlet('Zuma', ids.marina);
  ids.lonely = await insert.outlet('Lonely Cafe', ids.marina);
  const offer = async (key: string, title: string, source: string) =>
    (ids[key] = (
      await q(
        `insert into offers (title, discount, valid_from, valid_to, image, terms, from_source)
         values ($1, '10% off', catalogue_today() - 5, catalogue_today() + 60, '/uploads/x.png', 'Terms.', $2) returning id`,
        [title, source],
      )
    )[0].id);
  await offer('noCard', 'Dinner for two', 'alpha-site');
  await insert.links(ids.noCard, { outlets: [ids.nandos, ids.zumaDowntown] });
  await offer('noOutlet', '20% off at Zuma', 'alpha-site');
  await insert.links(ids.noOutlet, { cards: [ids.alphaCashback] });
  const [{ id: source }] = await q(
    "insert into crawl_sources (name, from_source, bank_id) values ('Alpha site', 'alpha-site', $1) returning id",
    [ids.bankA],
  );
  ids.source = source;
  await q(
    "insert into crawl_cards (source_id, source_key, name, state, card_id) values ($1, 'c1', 'Cashback', 'assigned', $2)",
    [source, ids.alphaCashback],
  );
  const [{ id: outletRef }] = await q(
    "insert into crawl_outlets (source_id, source_key, merchant_name, area_name, state, outlet_ids) values ($1, 'o1', 'Zuma', 'marina', 'assigned', $2) returning id",
    [source, [ids.lonely]],
  );
  await q(
    `insert into crawl_offers (source_id, source_key, title, state, card_names, offer_id)
     values ($1, 'f1', 'Dinner for two', 'onboarded', '{Platinum Rewards}', $2)`,
    [source, ids.noCard],
  );
  await q(
    `insert into crawl_offers (source_id, source_key, title, state, outlet_names, outlet_ref_ids, offer_id)
     values ($1, 'f2', '20% off at Zuma', 'onboarded', '{Zuma}', $2, $3)`,
    [source, [outletRef], ids.noOutlet],
  );
});

const candidates = async (id: number, kind?: string) =>
  (await ok(listHealthCandidates, { params: { id }, ...(kind && { query: { kind } }) })).data as {
    kind: string;
    version: number;
    candidates: HealthCandidate[];
  };
const queueIds = async (queue: string) =>
  ((await ok(listHealthRows, { params: { queue } })).data.rows as HealthRow[]).map((r) => r.id);
const link = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(applyHealthFix, { params: { queue: 'unreachable' }, body: { fix: 'link', expect: 1, ...body } }, headers);
const cardsOf = async (offer: number) =>
  (await q<{ card_id: number }>('select card_id from offer_cards where offer_id = $1 order by 1', [offer])).map(
    (r) => r.card_id,
  );

describe('candidates, ranked as crawl triage ranks them', () => {
  it('cards: the same bank first, then the crawled card names; none hidden', async () => {
    const c = await candidates(ids.noCard);
    expect(c.kind).toBe('card');
    expect(c.version).toBe(await one('select version from offers where id = $1', [ids.noCard]));
    expect(c.candidates.map((x) => x.id)).toEqual([ids.alphaPlatinum, ids.alphaCashback, ids.betaPlatinum]);
    expect(c.candidates[0].why).toEqual(['Same bank', 'Similar name']);
    expect(c.candidates[2].why).toEqual(['Similar name']);
  });

  it('outlets: the same merchant name first, then the crawled outlets’ area; none linked already', async () => {
    const c = await candidates(ids.noOutlet);
    expect(c.kind).toBe('outlet');
    expect(c.candidates.slice(0, 2).map((x) => x.id)).toEqual([ids.zumaMarina, ids.zumaDowntown]);
    expect(c.candidates[0].why).toEqual(['Same merchant', 'Same area']);
    expect(c.candidates.map((x) => x.id)).not.toContain(ids.nandos);
    const other = await candidates(ids.noCard, 'outlet');
    expect(other.candidates.map((x) => x.id)).not.toContain(ids.nandos);
  });

  it('an offer that does not exist: 404', async () => {
    expect((await call(listHealthCandidates, { params: { id: 999999 } })).status).toBe(404);
  });
});

describe('linking a candidate', () => {
  it('links through the offer’s update, audited; the offer leaves the queue; undo puts the links back', async () => {
    expect(await queueIds('unreachable')).toEqual([ids.noCard, ids.noOutlet]);
    const { version } = await candidates(ids.noCard);
    const before = await tableChecksums(server().db);
    const entries = await one<number>('select count(*)::int from audit_log');
    const res = await link({ ids: [ids.noCard], card: ids.alphaPlatinum, version }, reviewer);
    expect(res.status, res.body).toBe(200);
    expect(res.json.message).toBe('Linked card “Platinum Rewards” to “Dinner for two”.');
    expect(await one<number>('select count(*)::int from audit_log')).toBe(entries + 1);
    expect(await cardsOf(ids.noCard)).toEqual([ids.alphaPlatinum]);
    expect(await one('select version from offers where id = $1', [ids.noCard])).toBe(version + 1);
    expect(await queueIds('unreachable')).toEqual([ids.noOutlet]);
    const undone = await call(undoHealthFix, { body: { undo: res.json.data.undo } }, reviewer);
    expect(undone.status, undone.body).toBe(200);
    expect(await cardsOf(ids.noCard)).toEqual([]);
    expect(await queueIds('unreachable')).toEqual([ids.noCard, ids.noOutlet]);
    const moved = changedTables(before, await tableChecksums(server().db)).map((t) => t.split(':')[0]);
    expect(
      moved.filter((t) => !['undo_log', 'undo_rows', 'write_counts', 'offers', 'offer_list_rows'].includes(t)),
    ).toEqual([]);
  });

  it('links an outlet to an offer that has a card', async () => {
    const { version } = await candidates(ids.noOutlet);
    const res = await link({ ids: [ids.noOutlet], outlet: ids.zumaMarina, version });
    expect(res.status, res.body).toBe(200);
    expect(await queueIds('unreachable')).toEqual([ids.noCard]);
    expect((await call(undoHealthFix, { body: { undo: res.json.data.undo } })).status).toBe(200);
    expect(await queueIds('unreachable')).toEqual([ids.noCard, ids.noOutlet]);
  });

  it('an undo after the offer changed again puts nothing back', async () => {
    const { version } = await candidates(ids.noCard);
    const res = await link({ ids: [ids.noCard], card: ids.alphaCashback, version });
    expect(res.status, res.body).toBe(200);
    await q('update offers set discount = $2, version = version + 1 where id = $1', [ids.noCard, '15% off']);
    const undone = await call(undoHealthFix, { body: { undo: res.json.data.undo } });
    expect(undone.status).toBe(409);
    expect(await cardsOf(ids.noCard)).toEqual([ids.alphaCashback]);
    await q('delete from offer_cards where offer_id = $1', [ids.noCard]);
  });
});

describe('refused links change nothing', () => {
  const version = () => one<number>('select version from offers where id = $1', [ids.noCard]);
  const cases: [string, () => Promise<Record<string, unknown>>, number, string][] = [
    [
      'a stale version',
      async () => ({ ids: [ids.noCard], card: ids.alphaPlatinum, version: (await version()) - 1 }),
      409,
      'version',
    ],
    ['no version', async () => ({ ids: [ids.noCard], card: ids.alphaPlatinum }), 422, 'version'],
    [
      'a hidden card',
      async () => ({ ids: [ids.noCard], card: ids.alphaHidden, version: await version() }),
      422,
      'card',
    ],
    [
      'a card that does not exist',
      async () => ({ ids: [ids.noCard], card: 999999, version: await version() }),
      422,
      'card',
    ],
    [
      'a card and an outlet at once',
      async () => ({ ids: [ids.noCard], card: ids.alphaPlatinum, outlet: ids.zumaMarina, version: await version() }),
      422,
      'card',
    ],
    ['nothing to link', async () => ({ ids: [ids.noCard], version: await version() }), 422, 'card'],
    [
      'an outlet linked already',
      async () => ({ ids: [ids.noCard], outlet: ids.nandos, version: await version() }),
      422,
      'outlet',
    ],
    [
      'two offers',
      async () => ({ ids: [ids.noCard, ids.noOutlet], expect: 2, card: ids.alphaPlatinum, version: await version() }),
      422,
      'ids',
    ],
  ];
  it.each(cases)('%s: answers %i naming %s', async (_name, body, status, field) => {
    const input = await body();
    const before = await tableChecksums(server().db);
    const res = await link(input);
    expect(res.status, res.body).toBe(status);
    expect(Object.keys(res.json.errors)).toContain(field);
    expect(changedTables(before, await tableChecksums(server().db))).toEqual([]);
  });

  it('a viewer: 403', async () => {
    const before = await tableChecksums(server().db);
    const res = await link({ ids: [ids.noCard], card: ids.alphaPlatinum, version: await version() }, viewer);
    expect(res.status).toBe(403);
    expect(changedTables(before, await tableChecksums(server().db))).toEqual([]);
  });

  it('the crawl source "fix" writes nothing: 422 naming the fix', async () => {
    const res = await call(applyHealthFix, {
      params: { queue: 'emptyOutlets' },
      body: { fix: 'source', ids: [ids.lonely], expect: 1 },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toContain('fix');
  });
});

describe('empty shelves and their crawl source', () => {
  it('outlets with no live offer', async () => {
    expect(await queueIds('emptyOutlets')).toEqual([ids.zumaMarina, ids.lonely]);
  });

  it('the crawl source that last named a card, an outlet, a category, or none', async () => {
    const source = async (entity: string, id: number) =>
      (await ok(findHealthSource, { params: { entity, id } })).data as { id: number; kind: string } | null;
    expect(await source('card', ids.alphaCashback)).toMatchObject({
      id: ids.source,
      kind: 'cards',
      name: 'Alpha site',
    });
    expect(await source('outlet', ids.lonely)).toMatchObject({ id: ids.source, kind: 'outlets' });
    expect(await source('card', ids.betaPlatinum)).toBeNull();
    const [{ id: cat }] = await q("insert into categories (name) values ('Link Dining') returning id");
    await q('update offers set category_id = $1 where id = $2', [cat, ids.noOutlet]);
    expect(await source('category', cat)).toMatchObject({ id: ids.source, kind: 'offers' });
    expect((await call(findHealthSource, { params: { entity: 'bank', id: 1 } })).status).toBe(422);
  });
});
