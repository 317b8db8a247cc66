// The calls behind the crawl screens beyond the triage (contract/crawl.ts) on both databases:
// crawled bank data (crawl.banks), crawled offers of every source (crawl.allOfferRefs), and a
// live card created from a crawled card with the fields the create card dialog corrected
// (crawl.createCard with a body), undone like any other decision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardFromRef } from '@contract/crawlCards';
import { listAllOfferRefs, listCrawlBanks } from '@contract/crawlOverviews';
import { refHistory, undoDecision } from '@contract/crawlTriage';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const ids: Record<string, number> = {};

const { call, ok, one } = opCalls(() => s);

let serial = 0;
const source = (slug: string, bankId: number | null, importedAt = '2026-01-01T00:00:00Z') =>
  one('insert into crawl_sources (name, from_source, bank_id, last_import_at) values ($1, $1, $2, $3) returning id', [
    slug,
    bankId,
    importedAt,
  ]);
const cardRef = (
  sourceId: number,
  f: {
    name?: string;
    state?: string;
    card_id?: number | null;
    vanished?: boolean;
    network?: string;
    fee?: number;
    benefits?: string;
  } = {},
) =>
  one(
    `insert into crawl_cards (source_id, source_key, name, state, card_id, vanished_at, network, annual_fee, benefits, search_text)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, lower($3)) returning id`,
    [
      sourceId,
      `c${++serial}`,
      f.name ?? `Crawled card ${serial}`,
      f.state ?? 'new',
      f.card_id ?? null,
      f.vanished ? new Date() : null,
      f.network ?? 'Visa',
      f.fee ?? null,
      f.benefits ?? null,
    ],
  );
const outletRef = (
  sourceId: number,
  merchant: string,
  f: { branch?: string; state?: string; outlet_ids?: number[] } = {},
) =>
  one(
    'insert into crawl_outlets (source_id, source_key, merchant_name, branch, state, outlet_ids) values ($1, $2, $3, $4, $5, $6) returning id',
    [sourceId, `o${++serial}`, merchant, f.branch ?? null, f.state ?? 'new', f.outlet_ids ?? []],
  );
const offerRef = (
  sourceId: number,
  title: string,
  f: {
    state?: string;
    card_ref_ids?: number[];
    outlet_ref_ids?: number[];
    card_names?: string[];
    vanished?: boolean;
  } = {},
) =>
  one(
    `insert into crawl_offers (source_id, source_key, title, discount, state, card_names, card_ref_ids, outlet_ref_ids, vanished_at, search_text)
     values ($1, $2, $3, '15% off', $4, $5, $6, $7, $8, lower($3 || ' 15% off')) returning id`,
    [
      sourceId,
      `f${++serial}`,
      title,
      f.state ?? 'new',
      f.card_names ?? [],
      f.card_ref_ids ?? [],
      f.outlet_ref_ids ?? [],
      f.vanished ? new Date() : null,
    ],
  );

beforeAll(async () => {
  s = await startTestServer();
  ids.enbd = await one("insert into banks (name, code) values ('Emirates NBD', 'ENBD') returning id");
  ids.adcb = await one("insert into banks (name, code) values ('ADCB', 'ADCB') returning id");
  ids.quiet = await one("insert into banks (name, code) values ('Quiet Bank', 'QB') returning id");
  ids.visa = await one("insert into networks (type) values ('Visa') returning id");
  ids.mc = await one("insert into networks (type) values ('Mastercard') returning id");
  ids.category = await one("insert into categories (name) values ('Travel') returning id");
  ids.card = await one(
    "insert into cards (name, bank_id, network_id) values ('Skywards Infinite', $1, $2) returning id",
    [ids.enbd, ids.visa],
  );
  ids.outlet = await one(
    "insert into outlets (merchant_name, branch) values ('Shake Shack', 'Dubai Mall') returning id",
  );

  // ENBD has two sources, ADCB one, and one source names no bank.
  ids.enbdSite = await source('enbd-site', ids.enbd, '2026-01-01T00:00:00Z');
  ids.enbdApp = await source('enbd-app', ids.enbd, '2026-03-01T00:00:00Z');
  ids.adcbSite = await source('adcb-site', ids.adcb);
  ids.loose = await source('loose-site', null);
  ids.skyRef = await cardRef(ids.enbdSite, { name: 'Skywards Infinite', state: 'assigned', card_id: ids.card });
  await cardRef(ids.enbdSite);
  await cardRef(ids.enbdApp, { vanished: true });
  await cardRef(ids.enbdApp, { state: 'skipped', vanished: true });
  ids.shackRef = await outletRef(ids.enbdSite, 'Shake Shack', {
    branch: 'Dubai Mall',
    state: 'assigned',
    outlet_ids: [ids.outlet],
  });
  ids.burgerOffer = await offerRef(ids.enbdSite, 'Burger feast', {
    card_names: ['Skywards Infinite'],
    card_ref_ids: [ids.skyRef],
    outlet_ref_ids: [ids.shackRef],
  });
  ids.adcbOffer = await offerRef(ids.adcbSite, 'Burger Tuesday at ADCB', { state: 'skipped' });
  ids.spaOffer = await offerRef(ids.adcbSite, 'Spa day', { vanished: true });
  await cardRef(ids.loose);
});
afterAll(() => s?.close());

describe('crawl.banks', () => {
  it('gives one row per bank with crawl sources, by name, its sources newest first, their counts added up', async () => {
    const res = await ok(listCrawlBanks);
    expect(res.data.map((b: { bank_name: string | null }) => b.bank_name)).toEqual(['ADCB', 'Emirates NBD', null]);
    expect(res.pagination).toMatchObject({ total: 3, page: 1, per_page: 20, last_page: 1 });
    const enbd = res.data[1];
    expect(enbd.bank_id).toBe(ids.enbd);
    expect(enbd.sources.map((x: { from_source: string }) => x.from_source)).toEqual(['enbd-app', 'enbd-site']);
    expect(enbd.last_import_at).toBe('2026-03-01T00:00:00.000Z');
    expect(enbd.counts.card).toEqual({
      new: 2,
      assigned: 1,
      created: 0,
      onboarded: 0,
      skipped: 1,
      discontinued: 0,
      vanished: 2,
    });
    expect(enbd.counts.outlet).toMatchObject({ assigned: 1, vanished: 0 });
    expect(enbd.counts.offer).toMatchObject({ new: 1, vanished: 0 });
    expect(enbd.sources[0].counts.card).toMatchObject({ new: 1, skipped: 1, vanished: 2 });
    expect(res.data[0].counts.offer).toMatchObject({ new: 1, skipped: 1, vanished: 1 });
    // A bank with no crawl source has no row; the sources naming no bank share the last one.
    expect(res.data[2]).toMatchObject({ bank_id: null, sources: [{ from_source: 'loose-site' }] });
  });

  it('pages', async () => {
    const res = await ok(listCrawlBanks, { query: { page: 2, per_page: 2 } });
    expect(res.data.map((b: { bank_name: string | null }) => b.bank_name)).toEqual([null]);
    expect(res.pagination).toMatchObject({ total: 3, page: 2, last_page: 2, from: 3, to: 3 });
  });
});

describe('crawl.allOfferRefs', () => {
  it('lists the offers of every source, newest first, with what their names resolved to', async () => {
    const res = await ok(listAllOfferRefs);
    expect(res.data.map((o: { id: number }) => o.id)).toEqual([ids.spaOffer, ids.adcbOffer, ids.burgerOffer]);
    const burger = res.data[2];
    expect(burger).toMatchObject({
      title: 'Burger feast',
      source_name: 'enbd-site',
      from_source: 'enbd-site',
      discount: '15% off',
    });
    expect(burger.cards).toEqual([
      {
        ref_id: ids.skyRef,
        name: 'Skywards Infinite',
        state: 'assigned',
        card_id: ids.card,
        card_name: 'Skywards Infinite',
      },
    ]);
    expect(burger.outlets).toEqual([
      { ref_id: ids.shackRef, name: 'Shake Shack — Dubai Mall', state: 'assigned', outlet_ids: [ids.outlet] },
    ]);
    expect(res.data[0].cards).toEqual([]);
    expect(res.data[0].vanished_at).not.toBeNull();
  });

  it('searches by words, filters by source and state, pages', async () => {
    const words = await ok(listAllOfferRefs, { query: { query: 'burger' } });
    expect(words.data.map((o: { id: number }) => o.id)).toEqual([ids.adcbOffer, ids.burgerOffer]);
    const both = await ok(listAllOfferRefs, { query: { query: 'burger adcb' } });
    expect(both.data.map((o: { id: number }) => o.id)).toEqual([ids.adcbOffer]);
    const bySource = await ok(listAllOfferRefs, { query: { from: ids.adcbSite, state: 'new' } });
    expect(bySource.data.map((o: { id: number }) => o.id)).toEqual([ids.spaOffer]);
    const paged = await ok(listAllOfferRefs, { query: { page: 2, per_page: 2 } });
    expect(paged.data.map((o: { id: number }) => o.id)).toEqual([ids.burgerOffer]);
    expect(paged.pagination).toMatchObject({ total: 3, last_page: 2, from: 3, to: 3 });
  });

  it('says which source it does not know (404 on from)', async () => {
    const res = await call(listAllOfferRefs, { query: { from: 999_999 } });
    expect(res.status).toBe(404);
    expect(res.json.errors.from[0]).toMatch(/999999 not found/);
  });
});

describe('crawl.createCard with the fields the dialog corrected', () => {
  it('creates the card from them, hidden, and undo removes it again', async () => {
    const ref = await cardRef(ids.enbdSite, {
      name: 'Webshoper  Card',
      network: 'Visa',
      fee: 100,
      benefits: 'Cashback online',
    });
    const res = await ok(createCardFromRef, {
      params: { id: ref },
      body: {
        name: 'Webshopper Card',
        bank_id: ids.enbd,
        network_id: ids.mc,
        category_id: ids.category,
        card_type: 'debit',
        annual_fee: 0,
        min_salary: 5000,
        description: '5% cashback online',
      },
    });
    expect(res.data).toMatchObject({ state: 'created', card_name: 'Webshopper Card' });
    const card = (await s.db.query('select * from cards where id = $1', [res.data.card_id])).rows[0];
    expect(card).toMatchObject({
      name: 'Webshopper Card',
      bank_id: ids.enbd,
      network_id: ids.mc,
      category_id: ids.category,
      card_type: 'debit',
      display: false,
      description: '5% cashback online',
      from_source: 'enbd-site',
    });
    expect(Number(card.annual_fee)).toBe(0);
    expect(Number(card.min_salary)).toBe(5000);

    const history = (await ok(refHistory, { query: { kind: 'card', ref_id: ref } })).data;
    expect(history[0].action).toBe('create');
    await ok(undoDecision, { params: { id: history[0].id } });
    expect(await one('select count(*)::int from cards where id = $1', [res.data.card_id])).toBe(0);
  });

  it("takes the ref's own fields for those left out", async () => {
    const ref = await cardRef(ids.enbdSite, {
      name: 'Duo Card',
      network: 'Mastercard',
      fee: 250,
      benefits: 'Two cards, one limit',
    });
    const res = await ok(createCardFromRef, { params: { id: ref }, body: { card_type: 'credit' } });
    const card = (await s.db.query('select * from cards where id = $1', [res.data.card_id])).rows[0];
    expect(card).toMatchObject({
      name: 'Duo Card',
      bank_id: ids.enbd,
      network_id: ids.mc,
      description: 'Two cards, one limit',
    });
    expect(Number(card.annual_fee)).toBe(250);
  });

  it('names the field to change: a name the bank has (409 on name), an unknown bank (422 on bank_id)', async () => {
    const ref = await cardRef(ids.enbdSite, { name: 'Something new' });
    const taken = await call(createCardFromRef, { params: { id: ref }, body: { name: 'skywards infinite' } });
    expect(taken.status).toBe(409);
    expect(taken.json.errors.name[0]).toMatch(/has a card named "skywards infinite" already/);
    const noBank = await call(createCardFromRef, { params: { id: ref }, body: { bank_id: 999_999 } });
    expect(noBank.status).toBe(422);
    expect(noBank.json.errors.bank_id[0]).toBe('Bank 999999 does not exist.');
    const badFee = await call(createCardFromRef, { params: { id: ref }, body: { annual_fee: -1 } });
    expect(badFee.status).toBe(422);
    expect(badFee.json.errors.annual_fee).toBeDefined();
    // Nothing was made, nothing decided.
    expect(await one('select state from crawl_cards where id = $1', [ref])).toBe('new');
  });
});
