// Crawl review (contract/crawl.ts) on both databases: sources and their counts, refs of each
// kind, assign/create/skip and their undo, claims between two reviewers, and the by-source
// bulk calls, which are all or nothing and touch only what an onboarding made. Refs are
// arranged with SQL, independent of the import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MS } from '@contract/crawl';
import { assignCardRef, createCardFromRef, listCardRefs } from '@contract/crawlCards';
import {
  listOfferRefs,
  removeSourceFromCard,
  rollbackOfferRefs,
  showOfferRef,
  transferOfferRefs,
  updateOfferRef,
} from '@contract/crawlOffers';
import {
  assignOutletRef,
  createOutletFromRef,
  listOutletRefs,
  showOutletRef,
  transferOutletRefs,
} from '@contract/crawlOutlets';
import { listSources, showSource, verifySource } from '@contract/crawlSources';
import { claimRef, refHistory, releaseRef, skipRef, undoDecision } from '@contract/crawlTriage';
import { cardResource } from '@contract/card';
import { pathOf } from '@contract/operation';
import { opCalls } from '../helpers/ops';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { bearerOf, insertSession, insertUser } from '../helpers/sessions';

let s: TestServer;
const ids: Record<string, number> = {};
let second: Record<string, string>;

const { call, ok, one } = opCalls(() => s);

// ---- arranging refs ----
let serial = 0;
async function source(slug: string, bankId: number | null = ids.bank) {
  return one(
    `insert into crawl_sources (name, from_source, bank_id, last_import_at) values ($1, $1, $2, now()) returning id`,
    [slug, bankId],
  );
}
async function cardRef(
  sourceId: number,
  f: {
    name?: string;
    bank_name?: string | null;
    network?: string | null;
    annual_fee?: number | null;
    state?: string;
    card_id?: number | null;
  } = {},
) {
  return one(
    `insert into crawl_cards (source_id, source_key, name, bank_name, network, annual_fee, state, card_id, search_text)
     values ($1, $2, $3, $4, $5, $6, $7, $8, lower($3)) returning id`,
    [
      sourceId,
      `c${++serial}`,
      f.name ?? `Crawled card ${serial}`,
      f.bank_name ?? null,
      f.network === undefined ? 'Visa' : f.network,
      f.annual_fee ?? null,
      f.state ?? 'new',
      f.card_id ?? null,
    ],
  );
}
async function outletRef(
  sourceId: number,
  f: { merchant?: string; branch?: string | null; area?: string | null; state?: string; outlet_ids?: number[] } = {},
) {
  return one(
    `insert into crawl_outlets (source_id, source_key, merchant_name, branch, area_name, state, outlet_ids, search_text)
     values ($1, $2, $3, $4, $5, $6, $7, lower($3)) returning id`,
    [
      sourceId,
      `o${++serial}`,
      f.merchant ?? `Crawled outlet ${serial}`,
      f.branch ?? null,
      f.area ?? null,
      f.state ?? 'new',
      f.outlet_ids ?? [],
    ],
  );
}
async function offerRef(
  sourceId: number,
  f: {
    title?: string;
    discount?: string | null;
    valid_from?: string | null;
    valid_to?: string | null;
    card_ref_ids?: number[];
    outlet_ref_ids?: number[];
    checked?: boolean;
  } = {},
) {
  return one(
    `insert into crawl_offers (source_id, source_key, title, discount, valid_from, valid_to, card_ref_ids, outlet_ref_ids, checked, search_text)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, lower($3)) returning id`,
    [
      sourceId,
      `f${++serial}`,
      f.title ?? `Crawled offer ${serial}`,
      f.discount === undefined ? '10% off' : f.discount,
      f.valid_from === undefined ? '2026-01-01' : f.valid_from,
      f.valid_to === undefined ? '2027-01-01' : f.valid_to,
      f.card_ref_ids ?? [],
      f.outlet_ref_ids ?? [],
      f.checked ?? false,
    ],
  );
}

/** The live catalogue an onboarding may touch. */
async function catalogue() {
  const all = await tableChecksums(s.db);
  return {
    offers: all.offers,
    offer_cards: all.offer_cards,
    offer_outlets: all.offer_outlets,
    cards: all.cards,
    outlets: all.outlets,
  };
}

beforeAll(async () => {
  s = await startTestServer();
  ids.bank = await one("insert into banks (name, code) values ('Emirates NBD', 'ENBD') returning id");
  ids.otherBank = await one("insert into banks (name, code) values ('First Abu Dhabi Bank', 'FAB') returning id");
  ids.visa = await one("insert into networks (type) values ('Visa') returning id");
  ids.mc = await one("insert into networks (type) values ('Mastercard') returning id");
  ids.marina = await one("insert into dubai_cities (name) values ('Dubai Marina') returning id");
  ids.card = await one(
    "insert into cards (name, bank_id, network_id, annual_fee) values ('Skywards Infinite', $1, $2, 1500) returning id",
    [ids.bank, ids.visa],
  );
  ids.card2 = await one(
    "insert into cards (name, bank_id, network_id) values ('Go4it Platinum', $1, $2) returning id",
    [ids.bank, ids.mc],
  );
  ids.outlet = await one(
    "insert into outlets (merchant_name, branch, area_id) values ('Shake Shack', 'Dubai Mall', $1) returning id",
    [ids.marina],
  );
  ids.outlet2 = await one("insert into outlets (merchant_name, branch) values ('Nando''s', 'JBR') returning id");
  const other = await insertUser(s.db, {
    role: 'admin',
    email: 'second-reviewer@test.example',
    name: 'Second Reviewer',
  });
  second = bearerOf(await insertSession(s.db, other.id, { now: Date.now() }));
});
afterAll(() => s?.close());

describe('sources', () => {
  it('lists sources with every count present, shows one, 404 for a missing one', async () => {
    const id = await source('src-counts');
    await cardRef(id);
    await cardRef(id, { state: 'skipped' });
    await offerRef(id);
    const list = await ok(listSources, { query: { per_page: 500 } });
    const mine = list.data.find((x: { id: number }) => x.id === id);
    expect(mine.counts.card).toEqual({ new: 1, assigned: 0, created: 0, onboarded: 0, skipped: 1, discontinued: 0 });
    expect(mine.counts.offer.new).toBe(1);
    expect(mine.counts.outlet.new).toBe(0);
    expect(mine.live_offers).toBe(0);
    expect(mine.bank_name).toBe('Emirates NBD');
    expect(list.pagination).toMatchObject({ page: 1, per_page: 500, current_page: 1, first_page: 1 });
    expect((await ok(showSource, { params: { id } })).data.from_source).toBe('src-counts');
    expect((await call(showSource, { params: { id: 999999 } })).status).toBe(404);
  });

  it('verify refuses while refs are open, naming what is left, then marks the source reviewed', async () => {
    const id = await source('src-verify');
    const c = await cardRef(id);
    const f = await offerRef(id);
    const refused = await call(verifySource, { body: { from_source: 'src-verify' } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/1 card, 1 offer/);
    await ok(skipRef, { body: { kind: 'card', ref_id: c } });
    await ok(skipRef, { body: { kind: 'offer', ref_id: f } });
    const done = await ok(verifySource, { body: { from_source: 'src-verify' } });
    expect(done.data.reviewed_at).toEqual(expect.any(String));
    expect((await call(verifySource, { body: { from_source: 'no-such-source' } })).status).toBe(404);
  });
});

describe('crawled cards', () => {
  it('lists 10 a page with every pagination field, searches and filters by state', async () => {
    const id = await source('src-cards-list');
    for (let i = 0; i < 12; i++) await cardRef(id, { name: i === 3 ? 'Titanium Rewards' : `Listed card ${i}` });
    const page2 = await ok(listCardRefs, { query: { page: 2 }, body: { from: id } });
    expect(page2.pagination).toEqual({
      page: 2,
      per_page: 10,
      current_page: 2,
      total: 12,
      first_page: 1,
      last_page: 2,
      from: 11,
      to: 12,
    });
    expect(page2.data).toHaveLength(2);
    expect(page2.data[0]).toMatchObject({
      from_source: 'src-cards-list',
      state: 'new',
      claimed_by_name: null,
      last_decision_id: null,
    });
    const found = await ok(listCardRefs, { body: { from: id, query: 'titanium' } });
    expect(found.data.map((r: { name: string }) => r.name)).toEqual(['Titanium Rewards']);
    expect((await ok(listCardRefs, { body: { from: id, state: 'skipped' } })).pagination.total).toBe(0);
    expect((await call(listCardRefs, { body: { from: 999999 } })).status).toBe(404);
  });

  it('assigns a ref to a live card, and undo puts it back', async () => {
    const id = await source('src-assign');
    const ref = await cardRef(id, { name: 'Skywards Infinite', bank_name: 'Emirates NBD' });
    const res = await ok(assignCardRef, { body: { card_id: ids.card, card_ref_id: ref } });
    expect(res.data).toMatchObject({
      state: 'assigned',
      card_id: ids.card,
      card_name: 'Skywards Infinite',
      card_ref_id: ref,
    });
    expect(res.data.last_decision_id).toEqual(expect.any(Number));
    expect(
      (await call(assignCardRef, { body: { card_id: 999999, card_ref_id: ref } })).json.errors.card_id,
    ).toBeDefined();
    const undone = await ok(undoDecision, { params: { id: res.data.last_decision_id } });
    expect(undone.data).toMatchObject({ state: 'new', card_id: null, last_decision_id: null });
    expect((await call(undoDecision, { params: { id: res.data.last_decision_id } })).status).toBe(409);
  });

  it('creates a hidden live card of the source bank and network, and undo removes it again', async () => {
    const id = await source('src-create-card');
    const ref = await cardRef(id, { name: 'Crawled Duo Card', network: 'visa', annual_fee: 300 });
    const res = await ok(createCardFromRef, { params: { id: ref }, body: {} });
    expect(res.data.state).toBe('created');
    const card = (await s.db.query<Record<string, unknown>>('select * from cards where id = $1', [res.data.card_id]))
      .rows[0];
    expect(card).toMatchObject({
      name: 'Crawled Duo Card',
      bank_id: ids.bank,
      network_id: ids.visa,
      display: false,
      from_source: 'src-create-card',
      annual_fee: 300,
    });
    expect((await call(createCardFromRef, { params: { id: ref }, body: {} })).status).toBe(409);
    const history = await ok(refHistory, { query: { kind: 'card', ref_id: ref } });
    expect(history.data[0]).toMatchObject({ action: 'create', made_by_name: expect.any(String), undone_at: null });
    expect(history.data[0].detail.created_card_id).toBe(res.data.card_id);
    await ok(undoDecision, { params: { id: res.data.last_decision_id } });
    expect(await one('select count(*)::int from cards where id = $1', [res.data.card_id])).toBe(0);
    expect((await ok(showSource, { params: { id } })).data.counts.card.new).toBe(1);
  });

  it('needs a network: the one the site named, else network_id, else 422 naming network_id', async () => {
    const id = await source('src-network');
    const ref = await cardRef(id, { name: 'No Network Card', network: 'Rupay' });
    const refused = await call(createCardFromRef, { params: { id: ref }, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.network_id).toBeDefined();
    const res = await ok(createCardFromRef, { params: { id: ref }, body: { network_id: ids.mc } });
    expect(await one('select network_id from cards where id = $1', [res.data.card_id])).toBe(ids.mc);
    // No bank: the source has none and the site named none.
    const bankless = await source('src-no-bank', null);
    const orphan = await cardRef(bankless, { name: 'Orphan Card' });
    expect((await call(createCardFromRef, { params: { id: orphan }, body: {} })).json.errors.bank_id).toBeDefined();
    const named = await cardRef(bankless, { name: 'Named Bank Card', bank_name: 'fab' });
    const made = await ok(createCardFromRef, { params: { id: named }, body: {} });
    expect(await one('select bank_id from cards where id = $1', [made.data.card_id])).toBe(ids.otherBank);
  });

  it('undo refuses while an offer links the card it made, or a later decision stands', async () => {
    const id = await source('src-undo-use');
    const ref = await cardRef(id, { name: 'Linked Later Card' });
    const made = await ok(createCardFromRef, { params: { id: ref }, body: {} });
    const offer = await one(
      "insert into offers (title, discount, valid_from, valid_to) values ('Hand offer', '5%', '2026-01-01', '2027-01-01') returning id",
    );
    await s.db.query('insert into offer_cards (offer_id, card_id) values ($1, $2)', [offer, made.data.card_id]);
    const refused = await call(undoDecision, { params: { id: made.data.last_decision_id } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/linked to 1 offer/);
    await s.db.query('delete from offer_cards where offer_id = $1', [offer]);
    await ok(skipRef, { body: { kind: 'card', ref_id: ref } });
    expect((await call(undoDecision, { params: { id: made.data.last_decision_id } })).json.message).toMatch(
      /later decision/,
    );
  });
});

describe("confirming a card's status (update_card with { status } alone)", () => {
  const update = cardResource.ops.update!;
  const card = async (name: string, f: { status?: string; display?: boolean } = {}) =>
    one('insert into cards (name, bank_id, network_id, status, display) values ($1, $2, $3, $4, $5) returning id', [
      name,
      ids.bank,
      ids.visa,
      f.status ?? 'Not Discontinued',
      f.display ?? true,
    ]);
  const row = async (id: number) =>
    (
      await s.db.query<{ status: string; display: boolean; version: number }>(
        'select status, display, version from cards where id = $1',
        [id],
      )
    ).rows[0];
  const ref = async (id: number) =>
    (await ok(refHistory, { query: { kind: 'card', ref_id: id } })).data as { id: number; action: string }[];

  it('Discontinued hides the card, bumps its version, and records an undoable decision on the ref', async () => {
    const src = await source('src-discontinue');
    const live = await card('Discontinued Later Card');
    const r = await cardRef(src, { state: 'assigned', card_id: live });
    const res = await ok(update, { params: { id: live }, body: { status: 'Discontinued' } });
    expect(res.message).toBe('Card updated successfully!');
    expect(res.data).toMatchObject({ id: live, status: 'Discontinued', display: false, version: 2 });
    const listed = (await ok(listCardRefs, { body: { from: src } })).data[0];
    expect(listed).toMatchObject({
      state: 'discontinued',
      confirmed_status: 'Discontinued',
      last_decision_id: expect.any(Number),
    });
    const [decision] = await ref(r);
    expect(decision.action).toBe('discontinue');
    const undone = await ok(undoDecision, { params: { id: decision.id } });
    expect(undone.data).toMatchObject({ state: 'assigned', confirmed_status: null, card_id: live });
    expect(await row(live)).toMatchObject({ status: 'Not Discontinued', display: true, version: 3 });
  });

  it('Not Discontinued sets the status and leaves display alone; a discontinued ref goes back to assigned', async () => {
    const src = await source('src-not-discontinue');
    const live = await card('Back Again Card', { status: 'Discontinued', display: false });
    const r = await cardRef(src, { state: 'discontinued', card_id: live });
    const form = multipart({ status: 'Not Discontinued' });
    const res = await s.call({
      method: 'POST',
      url: pathOf(update, { id: live }),
      headers: { ...s.adminAuth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Not Discontinued', display: false });
    const [decision] = await ref(r);
    expect(decision.action).toBe('not_discontinue');
    expect((await ok(listCardRefs, { body: { from: src } })).data[0]).toMatchObject({
      state: 'assigned',
      confirmed_status: 'Not Discontinued',
    });
    // The card edited since: undo refuses, and changes nothing.
    await s.db.query('update cards set display = true where id = $1', [live]);
    const refused = await call(undoDecision, { params: { id: decision.id } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/card has changed since/);
    expect((await ok(listCardRefs, { body: { from: src } })).data[0].state).toBe('assigned');
  });

  it('works on a card no ref stands for; refuses another field, a file, a stale claim holder and a missing card', async () => {
    const src = await source('src-status-rules');
    const live = await card('Plain Status Card');
    expect((await ok(update, { params: { id: live }, body: { status: 'Discontinued' } })).data).toMatchObject({
      status: 'Discontinued',
      display: false,
    });
    // Another field of the update: the normal update, which needs its version.
    const mixed = await call(update, { params: { id: live }, body: { status: 'Discontinued', name: 'Renamed' } });
    expect(mixed.status).toBe(422);
    expect(Object.keys(mixed.json.errors)).toEqual(['version', 'message']);
    const bad = await call(update, { params: { id: live }, body: { status: 'Gone' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(['status', 'message']);
    const flag = await call(update, { params: { id: live }, body: { status: 'Discontinued', remove_image: true } });
    expect(flag.status).toBe(422);
    expect((await call(update, { params: { id: 999999 }, body: { status: 'Discontinued' } })).status).toBe(404);
    // The normal update still works, version and all.
    const { version } = await row(live);
    expect((await ok(update, { params: { id: live }, body: { name: 'Renamed Status Card', version } })).data.name).toBe(
      'Renamed Status Card',
    );
    // A ref another reviewer has open: theirs to decide.
    const held = await card('Held Status Card');
    const r = await cardRef(src, { state: 'assigned', card_id: held });
    await ok(claimRef, { body: { kind: 'card', ref_id: r } }, second);
    const before = await tableChecksums(s.db);
    const taken = await call(update, { params: { id: held }, body: { status: 'Discontinued' } });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe('Being reviewed by Second Reviewer.');
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });
});

describe('crawled outlets', () => {
  it('shows, creates, transfers (new ones only) and assigns (adding to outlet_ids)', async () => {
    const id = await source('src-outlets');
    const a = await outletRef(id, { merchant: 'Crawled Burger', branch: 'Marina Walk', area: 'dubai marina' });
    const b = await outletRef(id, { merchant: 'Crawled Pizza' });
    const c = await outletRef(id, { merchant: 'Crawled Sushi' });
    const d = await outletRef(id, { merchant: 'Crawled Tacos', state: 'skipped' });
    expect((await ok(showOutletRef, { query: { id: a } })).data).toMatchObject({
      merchant_name: 'Crawled Burger',
      outlet_ref_id: a,
      outlet_ids: [],
    });
    expect((await call(showOutletRef, { query: { id: 999999 } })).status).toBe(404);
    const made = await ok(createOutletFromRef, { params: { id: a } });
    expect(made.data.state).toBe('created');
    const live = (
      await s.db.query<Record<string, unknown>>('select * from outlets_view where id = $1', [made.data.outlet_ids[0]])
    ).rows[0];
    expect(live).toMatchObject({
      merchant_name: 'Crawled Burger',
      branch: 'Marina Walk',
      area_id: ids.marina,
      from_source: 'src-outlets',
    });
    const moved = await ok(transferOutletRefs, { body: { outlet_ids: [a, b, c, d] } });
    expect(moved.data).toEqual({ created: 2, skipped: 2 });
    expect(await one("select count(*)::int from outlets where from_source = 'src-outlets'")).toBe(3);
    expect((await call(transferOutletRefs, { body: { outlet_ids: [999999] } })).status).toBe(422);
    const assigned = await ok(assignOutletRef, { body: { outlet_ref_id: b, outlet_id: ids.outlet } });
    expect(assigned.data.outlet_ids).toHaveLength(2);
    expect(assigned.data.outlet_ids[1]).toBe(ids.outlet);
    expect((await ok(listOutletRefs, { query: { from: id, state: 'created' } })).pagination.total).toBe(3);
  });

  it('transfer_outlet_ref is all or nothing: one row breaking a rule changes nothing', async () => {
    const id = await source('src-outlets-fail');
    const refs = [
      await outletRef(id, { merchant: 'Fine Outlet One' }),
      await outletRef(id, { merchant: 'Poison Outlet' }),
      await outletRef(id, { merchant: 'Fine Outlet Two' }),
    ];
    await s.db.query("alter table outlets add constraint test_no_poison check (merchant_name <> 'Poison Outlet')");
    try {
      const before = await tableChecksums(s.db);
      expect((await call(transferOutletRefs, { body: { outlet_ids: refs } })).status).toBe(422);
      expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
    } finally {
      await s.db.query('alter table outlets drop constraint test_no_poison');
    }
  });
});

describe('triage: claims, skip, history', () => {
  it('a claim keeps a ref for its reviewer until it runs out, and ranks candidates', async () => {
    const id = await source('src-claims');
    const ref = await cardRef(id, {
      name: 'Skywards Infinite',
      bank_name: 'Emirates NBD',
      network: 'Mastercard',
      annual_fee: 1575,
    });
    const mine = await ok(claimRef, { body: { kind: 'card', ref_id: ref } });
    expect(mine.data.ref.claimed_by_name).toEqual(expect.any(String));
    expect(mine.data.candidates[0]).toMatchObject({ id: ids.card, title: 'Skywards Infinite' });
    expect(mine.data.candidates[0].score).toBeGreaterThan(0.5);
    expect(mine.data.candidates[0].differs).toEqual({ network: ['Mastercard', 'Visa'], annual_fee: ['1575', '1500'] });
    expect(mine.data.candidates.length).toBeLessThanOrEqual(9);
    const theirs = await call(claimRef, { body: { kind: 'card', ref_id: ref } }, second);
    expect(theirs.status).toBe(409);
    expect(theirs.json.message).toMatch(/^Being reviewed by /);
    expect((await call(skipRef, { body: { kind: 'card', ref_id: ref } }, second)).status).toBe(409);
    expect((await call(releaseRef, { body: { kind: 'card', ref_id: ref } }, second)).status).toBe(409);
    const listed = await ok(listCardRefs, { body: { from: id } });
    expect(listed.data[0].claimed_by_name).toBe(mine.data.ref.claimed_by_name);
    s.clock.offset = CLAIM_MS + 1000;
    try {
      const taken = await ok(claimRef, { body: { kind: 'card', ref_id: ref } }, second);
      expect(taken.data.ref.claimed_by_name).toBe('Second Reviewer');
      expect((await call(claimRef, { body: { kind: 'card', ref_id: ref } })).status).toBe(409);
      await ok(releaseRef, { body: { kind: 'card', ref_id: ref } }, second);
      await ok(claimRef, { body: { kind: 'card', ref_id: ref } });
    } finally {
      s.clock.offset = 0;
    }
  });

  it('ranks outlets and offers too; history lists decisions newest first', async () => {
    const id = await source('src-history');
    const o = await outletRef(id, { merchant: 'Shake Shack', branch: 'Dubai Mall', area: 'Deira' });
    const claimed = await ok(claimRef, { body: { kind: 'outlet', ref_id: o } });
    expect(claimed.data.candidates[0]).toMatchObject({ id: ids.outlet, differs: { area: ['Deira', 'Dubai Marina'] } });
    const f = await offerRef(id, { title: 'Nothing alike at all' });
    expect((await ok(claimRef, { body: { kind: 'offer', ref_id: f } })).data.candidates).toEqual(expect.any(Array));
    await ok(updateOfferRef, { params: { id: f }, body: { title: 'Corrected title', checked: true } });
    await ok(skipRef, { body: { kind: 'offer', ref_id: f } });
    const h = await ok(refHistory, { query: { kind: 'offer', ref_id: f } });
    expect(h.data.map((d: { action: string }) => d.action)).toEqual(['skip', 'update']);
    expect(h.data[1].detail.fields).toEqual({ title: 'Nothing alike at all', checked: false });
    // Undo the skip, then the update: the title and checked as crawled.
    await ok(undoDecision, { params: { id: h.data[0].id } });
    const back = await ok(undoDecision, { params: { id: h.data[1].id } });
    expect(back.data).toMatchObject({ state: 'new', checked: false, title: h.data[1].detail.fields.title });
    expect((await call(refHistory, { query: { kind: 'offer', ref_id: 999999 } })).status).toBe(404);
  });
});

describe('onboarding offers by source', () => {
  let src: number;
  const slug = 'src-offers';
  beforeAll(async () => {
    src = await source(slug);
    const card = await cardRef(src, { state: 'assigned', card_id: ids.card });
    const unassigned = await cardRef(src);
    const outlet = await outletRef(src, { state: 'assigned', outlet_ids: [ids.outlet, ids.outlet2] });
    await offerRef(src, { title: 'Onboard one', card_ref_ids: [card], outlet_ref_ids: [outlet], checked: true });
    await offerRef(src, { title: 'Onboard two', card_ref_ids: [card] });
    await offerRef(src, { title: 'Onboard three', card_ref_ids: [unassigned] });
    await offerRef(src, { title: 'Not ready', discount: null });
  });

  it('answers 404 for an unknown source', async () => {
    for (const op of [transferOfferRefs, rollbackOfferRefs, removeSourceFromCard]) {
      const res = await call(op, { body: { from_source: 'nobody-crawled-this' } });
      expect(res.status, op.id).toBe(404);
      expect(res.json.errors.from_source).toBeDefined();
    }
  });

  it('dry_run changes nothing and answers the counts and a sample', async () => {
    const before = await tableChecksums(s.db);
    const res = await ok(transferOfferRefs, { body: { from_source: slug, dry_run: true } });
    expect(res.data).toEqual({
      from_source: slug,
      offers: 3,
      cards: 1,
      outlets: 2,
      sample: ['Onboard one', 'Onboard two', 'Onboard three'],
      dry_run: true,
      expired: 0,
      include_expired: false,
      unlinked: 2,
    });
    expect(res.message).toMatch(/^Would onboard 3 offers of src-offers\./);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('a failure half-way changes nothing', async () => {
    await s.db.query("alter table offers add constraint test_no_poison check (title <> 'Onboard three')");
    try {
      const before = await tableChecksums(s.db);
      expect((await call(transferOfferRefs, { body: { from_source: slug } })).status).toBe(422);
      expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
    } finally {
      await s.db.query('alter table offers drop constraint test_no_poison');
    }
  });

  it('checked=1 onboards only checked refs; a second transfer adds nothing; rollback restores the catalogue exactly and spares hand-made offers', async () => {
    const hand = await one(
      "insert into offers (title, discount, valid_from, valid_to, from_source) values ('Hand-made', '1%', '2026-01-01', '2027-01-01', $1) returning id",
      [slug],
    );
    await s.db.query('insert into offer_cards (offer_id, card_id) values ($1, $2)', [hand, ids.card]);
    const before = await catalogue();

    const checked = await ok(transferOfferRefs, { body: { from_source: slug, checked: 1 } });
    expect(checked.data).toMatchObject({ offers: 1, cards: 1, outlets: 2, sample: ['Onboard one'], dry_run: false });
    const live = (
      await s.db.query<{ id: number; card_ids: number[]; outlet_ids: number[]; from_source: string }>(
        "select * from offers_view where title = 'Onboard one'",
      )
    ).rows[0];
    expect(live).toMatchObject({
      card_ids: [ids.card],
      outlet_ids: [ids.outlet, ids.outlet2].sort((a, b) => a - b),
      from_source: slug,
    });

    const rest = await ok(transferOfferRefs, { body: { from_source: slug } });
    expect(rest.data.offers).toBe(2);
    expect(rest.message).toMatch(
      /Onboarded 2 offers of src-offers\. 2 have no card or outlet link \(1 no card, 2 no outlet\) .* 1 is not ready/,
    );
    const again = await ok(transferOfferRefs, { body: { from_source: slug } });
    expect(again.data.offers).toBe(0);
    expect(await one('select count(*)::int from offers where from_source = $1', [slug])).toBe(4);
    expect((await ok(showSource, { params: { id: src } })).data).toMatchObject({
      live_offers: 3,
      counts: { offer: { onboarded: 3, new: 1 } },
    });
    const refs = await ok(listOfferRefs, { query: { from: src, state: 'onboarded' } });
    expect(refs.data.every((r: { offer_id: number | null }) => r.offer_id !== null)).toBe(true);
    expect((await ok(showOfferRef, { params: { id: refs.data[0].id } })).data.state).toBe('onboarded');

    // An onboarded ref cannot be corrected or skipped, only checked.
    expect((await call(updateOfferRef, { params: { id: refs.data[0].id }, body: { title: 'Too late' } })).status).toBe(
      409,
    );
    expect((await call(skipRef, { body: { kind: 'offer', ref_id: refs.data[0].id } })).status).toBe(409);

    // Rolling back only the checked one, then the rest.
    const partial = await ok(rollbackOfferRefs, { body: { from_source: slug, checked: 1 } });
    expect(partial.data).toMatchObject({ offers: 1, sample: ['Onboard one'] });
    const dry = await ok(rollbackOfferRefs, { body: { from_source: slug, dry_run: true } });
    expect(dry.data).toMatchObject({ offers: 2, dry_run: true });
    const all = await ok(rollbackOfferRefs, { body: { from_source: slug } });
    expect(all.message).toBe('Rolled back 2 offers of src-offers.');
    expect(await catalogue()).toEqual(before);
    expect(await one('select count(*)::int from offers where id = $1', [hand])).toBe(1);
    expect((await ok(showSource, { params: { id: src } })).data).toMatchObject({
      live_offers: 0,
      counts: { offer: { onboarded: 0, new: 4 } },
    });
    expect(
      await one('select count(*)::int from crawl_transfers where source_id = $1 and rolled_back_at is null', [src]),
    ).toBe(0);
  });

  it("remove-from-card unlinks the source's onboarded offers from a card, never hand-made ones", async () => {
    const hand = await one(
      "insert into offers (title, discount, valid_from, valid_to, from_source) values ('Hand-made two', '1%', '2026-01-01', '2027-01-01', $1) returning id",
      [slug],
    );
    await s.db.query('insert into offer_cards (offer_id, card_id) values ($1, $2)', [hand, ids.card]);
    await ok(transferOfferRefs, { body: { from_source: slug } });
    expect((await call(removeSourceFromCard, { body: { from_source: slug, card_id: 999999 } })).status).toBe(422);
    const dry = await ok(removeSourceFromCard, { body: { from_source: slug, card_id: ids.card, dry_run: true } });
    expect(dry.data).toMatchObject({ offers: 2, cards: 1, dry_run: true });
    const res = await ok(removeSourceFromCard, { body: { from_source: slug, card_id: ids.card } });
    expect(res.message).toBe(`Unlinked 2 offers of src-offers from card ${ids.card}.`);
    expect(
      await one(
        'select count(*)::int from offer_cards oc join offers o on o.id = oc.offer_id where o.from_source = $1 and o.batch_id is not null',
        [slug],
      ),
    ).toBe(0);
    expect(await one('select count(*)::int from offer_cards where offer_id = $1', [hand])).toBe(1);
    await ok(rollbackOfferRefs, { body: { from_source: slug } });
  });

  it('refuses an offer that ends before it starts, naming it, and writes nothing', async () => {
    const id = await source('src-backwards');
    await offerRef(id, { title: 'Fine offer' });
    await offerRef(id, { title: 'Backwards offer', valid_from: '2027-01-01', valid_to: '2026-01-01' });
    const before = await tableChecksums(s.db);
    const res = await call(transferOfferRefs, { body: { from_source: 'src-backwards' } });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/Backwards offer/);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });
});
