// Bulk calls and undo (contract/bulk.ts, server/services/undo.ts) on both databases: by ids
// and by filter with the confirmed count, one transaction each, and an undo that puts back
// exactly what was there, cascades and cleared links included, or refuses with nothing
// changed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { offerResource } from '@contract/offer';
import { userResource } from '@contract/user';
import { UPLOAD_GRACE_MS } from '../../server/services/storageCleanup';
import { insertSession } from '../helpers/sessions';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const ids: Record<string, number> = {};
const offer = offerResource.ops;
const card = cardResource.ops;

/** Every row of the tables an offer delete reaches, to compare before and after (offers put back wait for the search backlog). */
const snapshot = async () => ({
  backlog: await s.app.searchBacklog.idle(),
  offers: (await s.db.query('select id, title, category_id, version, image, search_text from offers order by id')).rows,
  links: (await s.db.query('select offer_id, card_id from offer_cards order by 1, 2')).rows,
  selected: (await s.db.query('select id, offer_id, position from selected_offers order by position')).rows,
  banners: (await s.db.query('select id, link_type, offer_id, position from hero_banners order by id')).rows,
});

let serial = 0;
const newOffer = (title: string, f: { category?: number; image?: string | null } = {}) =>
  one(
    "insert into offers (title, discount, valid_from, valid_to, category_id, image) values ($1, '10%', '2026-01-01', '2026-12-31', $2, $3) returning id",
    [`${title} ${++serial}`, f.category ?? null, f.image ?? null],
  );

beforeAll(async () => {
  s = await startTestServer();
  ids.bank = await one("insert into banks (name, code) values ('Bulk Bank', 'BB') returning id");
  ids.emptyBank = await one("insert into banks (name, code) values ('Empty Bank', 'EB') returning id");
  ids.visa = await one("insert into networks (type) values ('Visa') returning id");
  ids.dining = await one("insert into categories (name) values ('Dining') returning id");
  ids.travel = await one("insert into categories (name) values ('Travel') returning id");
  ids.card = await one("insert into cards (name, bank_id, network_id) values ('Bulk Gold', $1, $2) returning id", [
    ids.bank,
    ids.visa,
  ]);
});
afterAll(() => s?.close());

describe('deleting many and undoing it', () => {
  beforeEach(async () => {
    await s.db.query('delete from selected_offers');
    await s.db.query('delete from hero_banners');
  });

  it('deletes checked offers in one call; undo puts back the rows, their links, their places in a homepage list and the links that pointed at them', async () => {
    const file = `${crypto.randomUUID()}.png`;
    fs.mkdirSync(path.join(s.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(s.dataDir, 'uploads', file), 'png');
    const a = await newOffer('Dinner', { category: ids.dining, image: `/uploads/${file}` });
    const b = await newOffer('Lunch');
    const c = await newOffer('Kept');
    await s.db.query('insert into offer_cards (offer_id, card_id) values ($1, $3), ($2, $3)', [a, b, ids.card]);
    // Selected offers c, a, b (positions 1..3): deleting a and b closes the gap; undo reopens it.
    await s.db.query('insert into selected_offers (offer_id, position) values ($1, 1), ($2, 2), ($3, 3)', [c, a, b]);
    await s.db.query(
      "insert into hero_banners (title, position, link_type, offer_id) values ('Banner', 1, 'offer', $1)",
      [a],
    );
    const before = await snapshot();

    const res = await ok(offer.bulkRemove!, { body: { ids: [a, b] } });
    expect(res).toMatchObject({ message: 'Deleted 2 offers.', data: { count: 2 } });
    expect(res.data.undo).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const after = await snapshot();
    expect(after.offers.map((o) => o.id)).not.toContain(a);
    expect(after.selected).toEqual([expect.objectContaining({ offer_id: c, position: 1 })]);
    expect(after.banners[0]).toMatchObject({ link_type: null, offer_id: null });
    // The image stays while the delete can be undone.
    expect(fs.existsSync(path.join(s.dataDir, 'uploads', file))).toBe(true);

    expect(await ok(offer.undo!, { body: { token: res.data.undo } })).toMatchObject({
      message: 'Undone: 2 offers as before.',
      data: { count: 2 },
    });
    expect(await snapshot()).toEqual(before);
    // Once only.
    expect((await call(offer.undo!, { body: { token: res.data.undo } })).status).toBe(404);
  });

  it('deletes what a filter matches when the count is the one confirmed; another count is a 409 that deletes nothing', async () => {
    await newOffer('Filtered', { category: ids.travel });
    await newOffer('Filtered', { category: ids.travel });
    const matching = Number(await one('select count(*)::int from offers where category_id = $1', [ids.travel]));
    const before = await snapshot();

    const stale = await call(offer.bulkRemove!, { body: { where: { category: ids.travel }, expect: matching + 1 } });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(
      `${matching} offers match now, not ${matching + 1}: the list has changed. Look at it again and retry.`,
    );
    expect(stale.json.errors.expect).toBeDefined();
    expect(await snapshot()).toEqual(before);

    const res = await ok(offer.bulkRemove!, { body: { where: { category: ids.travel }, expect: matching } });
    expect(res.data.count).toBe(matching);
    expect(await one('select count(*)::int from offers where category_id = $1', [ids.travel])).toBe(0);
    await ok(offer.undo!, { body: { token: res.data.undo } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a delete blocked by dependants as a whole, and keeps nothing for it', async () => {
    const entries = await one('select count(*)::int from undo_log');
    const res = await call(bankResource.ops.bulkRemove!, { body: { ids: [ids.emptyBank, ids.bank] } });
    expect(res.status).toBe(409);
    expect(await one('select count(*)::int from banks where id = any($1)', [[ids.emptyBank, ids.bank]])).toBe(2);
    expect(await one('select count(*)::int from undo_log')).toBe(entries);
  });

  it('a single delete answers an undo token too', async () => {
    const id = await newOffer('Single');
    const res = await ok(offer.remove!, { query: { offer_id: id } });
    expect(res.undo).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await one('select count(*)::int from offers where id = $1', [id])).toBe(0);
    await ok(offer.undo!, { body: { token: res.undo } });
    expect(await one('select title from offers where id = $1', [id])).toMatch(/^Single/);
  });

  it("refuses an undo once someone took a deleted bank's name, with nothing changed", async () => {
    const id = await one("insert into banks (name, code) values ('Gone Bank', 'GB') returning id");
    const res = await ok(bankResource.ops.remove!, { query: { bank_id: id } });
    await s.db.query("insert into banks (name, code) values ('Gone Bank', 'GB2')");
    const undo = await call(bankResource.ops.undo!, { body: { token: res.undo } });
    expect(undo.status).toBeGreaterThanOrEqual(400);
    expect(undo.status).toBeLessThan(500);
    expect(await one("select count(*)::int from banks where name = 'Gone Bank'")).toBe(1);
  });

  it('keeps the files of a delete once its undo has run out, for its audit entry; the storage clean-up removes them after both', async () => {
    const file = `${crypto.randomUUID()}.png`;
    const stored = () => fs.existsSync(path.join(s.dataDir, 'uploads', file));
    fs.writeFileSync(path.join(s.dataDir, 'uploads', file), 'png');
    const id = await newOffer('Pictured', { image: `/uploads/${file}` });
    const res = await ok(offer.bulkRemove!, { body: { ids: [id] } });
    await s.db.query("update undo_log set expires_at = now() - interval '1 second' where token = $1", [res.data.undo]);
    // The next undoable write ends what ran out.
    await ok(offer.bulkRemove!, { body: { ids: [await newOffer('Other')] } });
    expect((await call(offer.undo!, { body: { token: res.data.undo } })).status).toBe(404);
    // A round of the pruning and clean-up (server/services/storageCleanup.ts), the file past its grace period.
    const cleanUp = async () => {
      s.clock.offset = UPLOAD_GRACE_MS + 60_000;
      try {
        s.app.auditPruning.kick();
        await s.app.auditPruning.idle();
      } finally {
        s.clock.offset = 0;
      }
    };
    await cleanUp();
    expect(stored()).toBe(true);
    await s.db.query("update audit_log set at = now() - interval '10 years' where changes::text like $1", [
      `%${file}%`,
    ]);
    await cleanUp();
    expect(stored()).toBe(false);
  });
});

describe('changing many and undoing it', () => {
  it('sets category and status of the cards a filter matches; undo sets them back', async () => {
    const more = [
      await one("insert into cards (name, bank_id, network_id) values ('Bulk Silver', $1, $2) returning id", [
        ids.bank,
        ids.visa,
      ]),
      await one("insert into cards (name, bank_id, network_id) values ('Bulk Platinum', $1, $2) returning id", [
        ids.bank,
        ids.visa,
      ]),
    ];
    const rows = () =>
      s.db
        .query('select id, category_id, status, version from cards where bank_id = $1 order by id', [ids.bank])
        .then((r) => r.rows);
    const before = await rows();
    const res = await ok(card.bulkUpdate!, {
      body: { where: { bank: ids.bank }, expect: 3, set: { category_id: ids.travel, status: 'Discontinued' } },
    });
    expect(res).toMatchObject({ message: 'Updated 3 cards.', data: { count: 3 } });
    expect((await rows()).map((r) => [r.category_id, r.status])).toEqual(
      before.map(() => [ids.travel, 'Discontinued']),
    );
    // The list shows what the change made (the card view names the category).
    const listed = await ok(card.list, { query: { page: 1, per_page: 50 }, body: { bank: ids.bank } });
    expect(listed.data.map((r: { category_name: string }) => r.category_name)).toEqual(['Travel', 'Travel', 'Travel']);

    await ok(card.undo!, { body: { token: res.data.undo } });
    expect((await rows()).map((r) => [r.id, r.category_id, r.status])).toEqual(
      before.map((r) => [r.id, r.category_id, r.status]),
    );
    expect(more).toHaveLength(2);
  });

  it('refuses an undo when a record changed since, and changes nothing', async () => {
    const a = await newOffer('Dated');
    const b = await newOffer('Dated');
    const res = await ok(offer.bulkUpdate!, {
      body: { ids: [a, b], set: { valid_from: '2026-02-01', valid_to: '2026-02-28' } },
    });
    await s.db.query("update offers set title = 'Edited since', version = version + 1 where id = $1", [b]);
    const before = await s.db.query('select * from offers where id = any($1) order by id', [[a, b]]);
    const undo = await call(offer.undo!, { body: { token: res.data.undo } });
    expect(undo.status).toBe(409);
    expect(undo.json.message).toBe('Offer “Edited since” has changed since, so nothing was undone.');
    expect((await s.db.query('select * from offers where id = any($1) order by id', [[a, b]])).rows).toEqual(
      before.rows,
    );
  });

  it('checks the fields like an edit: a missing bank names bank_id, a field outside the bulk set is refused, an empty set too', async () => {
    const before = await s.db.query('select * from cards order by id');
    const missing = await call(card.bulkUpdate!, { body: { ids: [ids.card], set: { bank_id: 999999 } } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.bank_id).toBeDefined();
    expect(
      (await call(card.bulkUpdate!, { body: { ids: [ids.card], set: { name: 'Same name for all' } } })).status,
    ).toBe(422);
    expect((await call(card.bulkUpdate!, { body: { ids: [ids.card], set: {} } })).status).toBe(422);
    const wrongDates = await call(offer.bulkUpdate!, {
      body: { ids: [await newOffer('Range')], set: { valid_to: '2025-01-01' } },
    });
    expect(wrongDates.status).toBe(422);
    expect((await s.db.query('select * from cards order by id')).rows).toEqual(before.rows);
  });

  it('says which records: ids or a filter with its count, not both and not neither', async () => {
    const both = await call(offer.bulkRemove!, { body: { ids: [1], where: {}, expect: 1 } });
    expect(both.status).toBe(422);
    expect(both.json.errors.ids).toBeDefined();
    expect((await call(offer.bulkRemove!, { body: {} })).json.errors.ids).toBeDefined();
    expect((await call(offer.bulkRemove!, { body: { where: {} } })).json.errors.expect).toBeDefined();
  });
});

describe('who may undo', () => {
  it("another admin cannot undo someone's delete; nor can anyone delete their own account in bulk", async () => {
    const id = await newOffer('Mine');
    const res = await ok(offer.bulkRemove!, { body: { ids: [id] } });
    const otherId = await one(
      "insert into users (name, email, role, status, password_hash) values ('Other', 'other-bulk@test.example', 'admin', 'active', 'x') returning id",
    );
    const other = { authorization: `Bearer ${await insertSession(s.db, otherId, { now: Date.now() })}` };
    expect((await call(offer.undo!, { body: { token: res.data.undo } }, other)).status).toBe(404);

    const me = await one<number>("select id from users where email = 'admin@test.example'");
    const self = await call(userResource.ops.bulkRemove!, { body: { ids: [otherId, me] } });
    expect(self.status).toBe(422);
    expect(await one('select count(*)::int from users where id = any($1)', [[otherId, me]])).toBe(2);
  });
});
