// Onboarding and rolling back a crawl source's offers (server/services/crawlBulk.ts), on both
// databases: the dry run and the answer count the offers already expired (left out unless
// include_expired) and those going live without a card or outlet link; the offer list filters
// by the source; a rollback keeps the offers an admin edited since onboarding, says how many,
// and answers a token that offer.undo takes, putting offers, links, refs and transfers back,
// or refusing once the refs went live again. Refs are arranged with SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollbackOfferRefs, transferOfferRefs } from '@contract/crawlOffers';
import { showSource } from '@contract/crawlSources';
import { addHeroBanner, showHeroBanner } from '@contract/homepageBanners';
import { offerResource } from '@contract/offer';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const offer = offerResource.ops;
const ids: Record<string, number> = {};
let serial = 0;

const source = (slug: string) =>
  one<number>(
    'insert into crawl_sources (name, from_source, bank_id, last_import_at) values ($1, $1, $2, now()) returning id',
    [slug, ids.bank],
  );
/** A card ref and an outlet ref of the source, assigned to the live card and outlet. */
async function assignedRefs(sourceId: number) {
  const card = await one<number>(
    "insert into crawl_cards (source_id, source_key, name, state, card_id, search_text) values ($1, $2, 'Crawled card', 'assigned', $3, '') returning id",
    [sourceId, `c${++serial}`, ids.card],
  );
  const outlet = await one<number>(
    "insert into crawl_outlets (source_id, source_key, merchant_name, state, outlet_ids, search_text) values ($1, $2, 'Crawled outlet', 'assigned', $3, '') returning id",
    [sourceId, `o${++serial}`, [ids.outlet]],
  );
  return { card, outlet };
}
function offerRef(
  sourceId: number,
  title: string,
  f: { cards?: number[]; outlets?: number[]; valid_from?: string; valid_to?: string; discount?: string | null } = {},
) {
  return one<number>(
    `insert into crawl_offers (source_id, source_key, title, discount, valid_from, valid_to, card_ref_ids, outlet_ref_ids, search_text)
     values ($1, $2, $3, $4, $5::date, $6::date, $7, $8, lower($3)) returning id`,
    [
      sourceId,
      `f${++serial}`,
      title,
      f.discount === undefined ? '10% off' : f.discount,
      f.valid_from ?? '2024-01-01',
      f.valid_to ?? '2099-12-31',
      f.cards ?? [],
      f.outlets ?? [],
    ],
  );
}

beforeAll(async () => {
  s = await startTestServer();
  ids.bank = await one("insert into banks (name, code) values ('Onboard Bank', 'OBB') returning id");
  const network = await one("insert into networks (type) values ('Visa') returning id");
  ids.card = await one("insert into cards (name, bank_id, network_id) values ('Onboard Gold', $1, $2) returning id", [
    ids.bank,
    network,
  ]);
  ids.outlet = await one("insert into outlets (merchant_name, branch) values ('Onboard Cafe', 'Marina') returning id");
});
afterAll(() => s?.close());

describe('onboarding: expired and unlinked offers', () => {
  it('counts them in the dry run and the answer; expired ones go live only with include_expired; the offer list filters by the source', async () => {
    const slug = 'src-expiry';
    const src = await source(slug);
    const { card, outlet } = await assignedRefs(src);
    await offerRef(src, 'Linked offer', { cards: [card], outlets: [outlet] });
    await offerRef(src, 'Card only offer', { cards: [card] });
    await offerRef(src, 'Unlinked offer');
    const expired = await offerRef(src, 'Expired offer', {
      cards: [card],
      outlets: [outlet],
      valid_from: '2020-01-01',
      valid_to: '2020-01-31',
    });
    await offerRef(src, 'Not ready offer', { discount: null });

    const dry = await ok(transferOfferRefs, { body: { from_source: slug, dry_run: true } });
    expect(dry.data).toMatchObject({ offers: 3, expired: 1, unlinked: 2, include_expired: false, dry_run: true });
    expect(dry.message).toBe(
      'Would onboard 3 offers of src-expiry. 1 has already expired and is left out (still new). 2 have no card or outlet link (1 no card, 2 no outlet) and would go live without them. 1 is not ready (no discount or dates) and stays new.',
    );
    const withExpired = await ok(transferOfferRefs, {
      body: { from_source: slug, dry_run: true, include_expired: true },
    });
    expect(withExpired.data).toMatchObject({ offers: 4, expired: 1, unlinked: 2, include_expired: true });
    expect(withExpired.data.sample).toContain('Expired offer');

    const done = await ok(transferOfferRefs, { body: { from_source: slug } });
    expect(done.data).toMatchObject({ offers: 3, expired: 1, dry_run: false });
    expect(await one('select state from crawl_offers where id = $1', [expired])).toBe('new');
    const later = await ok(transferOfferRefs, { body: { from_source: slug, include_expired: true } });
    expect(later.data).toMatchObject({ offers: 1, expired: 1, unlinked: 0 });
    expect(later.message).toBe(
      'Onboarded 1 offer of src-expiry. 1 has already expired and went live all the same. 1 is not ready (no discount or dates) and stays new.',
    );
    expect(await one('select state from crawl_offers where id = $1', [expired])).toBe('onboarded');

    // The offer list's source filter takes the source's slug.
    const listed = await ok(offer.list, { query: { page: 1, per_page: 50 }, body: { from_source: slug } });
    expect(listed.data.map((o: { title: string }) => o.title).sort()).toEqual([
      'Card only offer',
      'Expired offer',
      'Linked offer',
      'Unlinked offer',
    ]);
  });
});

describe('rolling back', () => {
  const slug = 'src-rollback';
  let src = 0;
  /** What a rollback and its undo change, less the clock columns. */
  const state = async () => ({
    offers: (
      await s.db.query(
        'select id, title, version, batch_id, from_source from offers where from_source = $1 order by id',
        [slug],
      )
    ).rows,
    links: (
      await s.db.query(
        'select oc.offer_id, oc.card_id from offer_cards oc join offers o on o.id = oc.offer_id where o.from_source = $1 order by 1, 2',
        [slug],
      )
    ).rows,
    outlets: (
      await s.db.query(
        'select oo.offer_id, oo.outlet_id from offer_outlets oo join offers o on o.id = oo.offer_id where o.from_source = $1 order by 1, 2',
        [slug],
      )
    ).rows,
    refs: (await s.db.query('select id, state, offer_id from crawl_offers where source_id = $1 order by id', [src]))
      .rows,
    transfers: (
      await s.db.query('select id, rolled_back_at from crawl_transfers where source_id = $1 order by id', [src])
    ).rows,
    banners: (await s.db.query('select id, link_type, offer_id, title, version from hero_banners order by id')).rows,
  });

  beforeAll(async () => {
    src = await source(slug);
    const { card, outlet } = await assignedRefs(src);
    for (let i = 1; i <= 5; i++) await offerRef(src, `Rollback offer ${i}`, { cards: [card], outlets: [outlet] });
  });

  it('keeps the offers edited since onboarding, naming how many in the dry run and the answer; its token undoes it exactly', async () => {
    await ok(transferOfferRefs, { body: { from_source: slug } });
    const live = (
      await s.db.query<{ id: number; title: string }>(
        'select id, title from offers where from_source = $1 order by id',
        [slug],
      )
    ).rows;
    const edited = live[0];
    await ok(offer.update!, { params: { id: edited.id }, body: { discount: '15% off', version: 1 } });
    const banner = (
      await ok(addHeroBanner, { body: { title: 'Rollback banner', link_type: 'offer', offer_id: live[1].id } })
    ).data;
    const before = await state();

    const dry = await ok(rollbackOfferRefs, { body: { from_source: slug, dry_run: true } });
    expect(dry.message).toBe('Would roll back 4 offers of src-rollback; 1 edited since onboarding is kept.');
    expect(dry.data).toMatchObject({ offers: 4, kept: 1, dry_run: true });
    expect(dry.data.undo).toBeUndefined();
    expect(await state()).toEqual(before);

    const res = await ok(rollbackOfferRefs, { body: { from_source: slug } });
    expect(res.message).toBe('Rolled back 4 offers of src-rollback; 1 edited since onboarding is kept.');
    expect(res.data).toMatchObject({ offers: 4, kept: 1, dry_run: false });
    expect(res.data.undo).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const after = await state();
    expect(after.offers.map((o) => o.id)).toEqual([edited.id]);
    expect(after.refs.filter((r) => r.state === 'onboarded')).toEqual([
      expect.objectContaining({ offer_id: edited.id }),
    ]);
    expect((await ok(showSource, { params: { id: src } })).data).toMatchObject({
      live_offers: 1,
      counts: { offer: { onboarded: 1, new: 4 } },
    });
    expect((await ok(showHeroBanner, { params: { id: banner.id } })).data).toMatchObject({
      link_type: null,
      offer_id: null,
    });

    const undone = await ok(offer.undo!, { body: { token: res.data.undo } });
    expect(undone.message).toBe('Undone: 4 offers as before.');
    expect(await state()).toEqual(before);
    expect((await ok(showSource, { params: { id: src } })).data).toMatchObject({
      live_offers: 5,
      counts: { offer: { onboarded: 5 } },
    });
  });

  it('an undo of a rollback refuses, naming the ref, once the source was onboarded again, and changes nothing', async () => {
    const res = await ok(rollbackOfferRefs, { body: { from_source: slug } });
    expect(res.data).toMatchObject({ offers: 4, kept: 1 });
    await ok(transferOfferRefs, { body: { from_source: slug } });
    const before = await state();
    const undo = await call(offer.undo!, { body: { token: res.data.undo } });
    expect(undo.status).toBe(409);
    expect(undo.json.message).toMatch(
      /^Crawled offer “Rollback offer \d” has changed its link since, so nothing was undone\.$/,
    );
    expect(await state()).toEqual(before);
  });
});
