// Duplicating an offer (contract/offer.ts duplicateOffer, server/routes/offers.ts) on both
// databases: the copy has the original's fields, cards and outlets, "(copy)" after its title
// (cut to fit the title's length), is a manual offer, and leaves one audit entry; the original
// is untouched. A bad or unknown id is refused naming the field, and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, type AuditEntry } from '@contract/audit';
import { duplicateOffer, offerResource, type Offer } from '@contract/offer';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { addLinkedOffer, makeOfferLinks, type OfferLinks } from '../helpers/offerLinks';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser } from '../helpers/sessions';

let s: TestServer;
const { call, ok } = opCalls(() => s);
const offer = offerResource.ops;
let links: OfferLinks;

beforeAll(async () => {
  s = await startTestServer();
  links = await makeOfferLinks(ok, 'Copy', 'CPB');
});
afterAll(() => s?.close());

const add = (title: string) =>
  addLinkedOffer(ok, links, title, { description: 'Fifteen off', terms: 'Weekdays only', from_source: 'enbd-site' });

describe('duplicate offer', () => {
  it('copies the fields, cards and outlets as a new manual offer titled “… (copy)”, audited', async () => {
    const original = await add('Coffee at Copy cafe');
    const res = await ok(duplicateOffer, { params: { id: original.id } });
    expect(res.message).toBe('Offer duplicated.');
    const copy = res.data as Offer;
    expect(copy.id).not.toBe(original.id);
    // Every field an add takes (and the image), so a field added to the offer is held here too.
    const keys = [...Object.keys(offerResource.create.properties), 'image'].filter(
      (k) => k !== 'title' && k !== 'from_source',
    ) as (keyof Offer)[];
    const copyable = (o: Offer) =>
      Object.fromEntries(keys.map((k) => [k, Array.isArray(o[k]) ? [...(o[k] as number[])].sort() : o[k]]));
    expect(keys).toEqual(expect.arrayContaining(['discount', 'terms', 'category_id', 'card_ids', 'outlet_ids']));
    expect(copyable(copy)).toEqual(copyable(original));
    expect(copy).toMatchObject({ title: 'Coffee at Copy cafe (copy)', from_source: 'manual', version: 1 });
    // Read back: it is there, and the original is as it was.
    expect(((await ok(offer.show!, { query: { id: copy.id } })).data as Offer).card_ids.sort()).toEqual(
      [...links.cards].sort(),
    );
    expect((await ok(offer.show!, { query: { id: original.id } })).data).toMatchObject({
      title: original.title,
      version: original.version,
      from_source: 'enbd-site',
    });
    const entries = (await ok(listAudit, { query: { operation: 'offer.duplicate', page: 1, per_page: 5 } }))
      .data as AuditEntry[];
    expect(entries[0]).toMatchObject({ kind: 'create', resource: 'offer', record_id: copy.id, label: copy.title });
  });

  it('cuts a long title so the copy’s still fits', async () => {
    const long = `${'Long title '.repeat(14)}end`.slice(0, 160);
    const copy = (await ok(duplicateOffer, { params: { id: (await add(long)).id } })).data as Offer;
    expect(copy.title.length).toBeLessThanOrEqual(160);
    expect(copy.title.endsWith(' (copy)')).toBe(true);
  });

  it('refuses an unknown or malformed id naming the field, writing nothing', async () => {
    const before = await tableChecksums(s.db);
    const gone = await call(duplicateOffer, { params: { id: 987654 } });
    expect(gone.status).toBe(404);
    expect(gone.json.errors.id).toBeDefined();
    const bad = await call(duplicateOffer, { params: { id: 'abc' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toContain('id');
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('is refused to a role that may not change offers', async () => {
    const viewer = await insertUser(s.db, { role: 'viewer', name: 'Vic Viewer' });
    const auth = bearerOf(await insertSession(s.db, viewer.id, { now: Date.now() + s.clock.offset }));
    const original = await add('Viewer cannot copy');
    const before = await tableChecksums(s.db);
    expect((await call(duplicateOffer, { params: { id: original.id } }, auth)).status).toBe(403);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });
});
