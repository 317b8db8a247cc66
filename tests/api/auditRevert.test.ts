// A revert (contract/audit.ts revertAudit, server/services/auditRevert.ts) is a write through
// the operation it reverses, on both databases: it obeys that operation's rules as the
// reverting admin would meet them by hand (the last active admin, one's own account, a saved
// view's owner), is decided by the history of each field (a later entry that changed a field
// this entry changed refuses it; one that changed only other fields does not), and brings a
// deleted record back whole, its links with it. The list's `revertible` says what a revert
// would answer, for the admin asking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, revertAudit, type AuditEntry } from '@contract/audit';
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { addDontMissOut, addHeroBanner, showDontMissOut, showHeroBanner } from '@contract/homepageBanners';
import { selectedOfferResource } from '@contract/homepageSelected';
import { networkResource } from '@contract/network';
import { offerResource, type Offer } from '@contract/offer';
import { listSavedViews, saveSavedView, updateSavedView, type SavedView } from '@contract/savedView';
import { userResource } from '@contract/user';
import { startTestServer, type TestServer } from '../helpers/app';
import { addLinkedOffer, makeOfferLinks, type OfferLinks } from '../helpers/offerLinks';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser } from '../helpers/sessions';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
const offer = offerResource.ops;
const user = userResource.ops;
type Auth = Record<string, string>;

const sessionOf = async (id: number): Promise<Auth> =>
  bearerOf(await insertSession(s.db, id, { now: Date.now() + s.clock.offset }));

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

/** The newest entry of the log. */
const lastEntry = async (auth?: Auth) => (await ok(listAudit, { query: { per_page: 1 } }, auth)).data[0] as AuditEntry;
/** Entry `id` as `auth` reads it in the log (its `revertible` is theirs). */
async function entryAs(id: number, auth?: Auth): Promise<AuditEntry> {
  const page = await ok(listAudit, { query: { per_page: 100 } }, auth);
  const found = (page.data as AuditEntry[]).find((e) => e.id === id);
  expect(found, `entry ${id} in the log`).toBeDefined();
  return found!;
}
const entryCount = () => one<number>('select count(*)::int from audit_log');
const activeAdmins = () => one<number>("select count(*)::int from users where role = 'admin' and status = 'active'");

describe('a revert obeys the rules of the operation it reverses', () => {
  it('leaves an active admin: one promoted by another cannot revert their promotion once they are the last', async () => {
    const x = (await ok(user.add!, { body: { name: 'Promoted Xena', email: 'xena@test.example', role: 'editor' } }))
      .data as { id: number; version: number };
    const promoted = (await ok(user.update!, { params: { id: x.id }, body: { role: 'admin', version: x.version } }))
      .data as { version: number };
    const promotion = await lastEntry();
    const xena = await sessionOf(x.id);
    // Xena demotes every other admin (admin 1 among them): she is the last one.
    const others = (
      await s.db.query<{ id: number; version: number }>(
        "select id, version from users where role = 'admin' and status = 'active' and id <> $1",
        [x.id],
      )
    ).rows;
    try {
      for (const o of others)
        await ok(user.update!, { params: { id: o.id }, body: { role: 'editor', version: o.version } }, xena);
      expect(await activeAdmins()).toBe(1);

      const before = await entryCount();
      const res = await call(revertAudit, { params: { id: promotion.id } }, xena);
      expect(res.status, res.body).toBe(422);
      expect(res.json.message).toBe(
        'The last active admin cannot be demoted. Make another account an active admin first.',
      );
      expect(await one('select role from users where id = $1', [x.id])).toBe('admin');
      expect(await entryCount()).toBe(before);
      expect((await entryAs(promotion.id, xena)).revertible).toBe(false);
      // By hand, the same sentence.
      const byHand = await call(
        user.update!,
        { params: { id: x.id }, body: { role: 'editor', version: promoted.version } },
        xena,
      );
      expect(byHand.json.message).toBe(res.json.message);
    } finally {
      // Whatever the revert did, admin 1 and the others are admins again for the tests after.
      await s.db.query("update users set role = 'admin' where id = any($1::int[])", [others.map((o) => o.id)]);
    }
  });

  it("refuses to delete one's own account, as delete_user on oneself is refused; another admin may", async () => {
    const y = (await ok(user.add!, { body: { name: 'Self Yusuf', email: 'yusuf@test.example', role: 'admin' } }))
      .data as { id: number };
    const created = await lastEntry();
    const yusuf = await sessionOf(y.id);
    const res = await call(revertAudit, { params: { id: created.id } }, yusuf);
    expect(res.status, res.body).toBe(422);
    const byHand = await call(user.remove!, { query: { user_id: y.id } }, yusuf);
    expect(res.json.message).toBe(byHand.json.message);
    expect(res.json.message).toBe('You cannot delete your own account.');
    expect(await one('select count(*)::int from users where id = $1', [y.id])).toBe(1);
    expect((await entryAs(created.id, yusuf)).revertible).toBe(false);
    expect((await entryAs(created.id)).revertible).toBe(true);

    // Admin 1 reverts it: the account goes, and that revert's own entry cannot be reverted
    // (an account deleted does not come back), which its `revertible` says.
    await ok(revertAudit, { params: { id: created.id } });
    expect(await one('select count(*)::int from users where id = $1', [y.id])).toBe(0);
    const removal = await lastEntry();
    expect(removal).toMatchObject({ operation: 'audit.revert', kind: 'delete', revertible: false });
    expect((await call(revertAudit, { params: { id: removal.id } })).status).toBe(422);
  });

  it("lets only a saved view's owner revert its entries: another admin is refused as by hand, and nothing goes", async () => {
    const owner = await insertUser(s.db, { role: 'admin', name: 'Owner Olga' });
    const other = await insertUser(s.db, { role: 'admin', name: 'Other Otto' });
    const olga = await sessionOf(owner.id);
    const otto = await sessionOf(other.id);
    const prefs = { shown: {}, density: 'dense' };
    const view = (
      await ok(
        saveSavedView,
        { body: { name: 'Olga private', view: 'offers', path: '/offer-list', search: '', prefs } },
        olga,
      )
    ).data as SavedView;
    // A private view's entries are listed to its owner alone (server/services/privateRows.ts).
    const saved = await lastEntry(olga);
    expect(saved).toMatchObject({ operation: 'savedView.save', kind: 'create' });

    const res = await call(revertAudit, { params: { id: saved.id } }, otto);
    expect(res.status, res.body).toBe(404);
    const byHand = await call(updateSavedView, { params: { id: view.id }, body: { name: 'Otto was here' } }, otto);
    expect(res.json.message).toBe(byHand.json.message);
    expect(await one('select count(*)::int from saved_views where id = $1', [view.id])).toBe(1);
    const ottosLog = (await ok(listAudit, { query: { per_page: 100 } }, otto)).data as AuditEntry[];
    expect(ottosLog.find((e) => e.id === saved.id)).toBeUndefined();

    // Shared, it is listed to Otto, and still Olga's alone to change: the route's 403, naming her.
    await ok(updateSavedView, { params: { id: view.id }, body: { shared: true } }, olga);
    const shared = await lastEntry(olga);
    const refused = await call(revertAudit, { params: { id: shared.id } }, otto);
    expect(refused.status, refused.body).toBe(403);
    expect(refused.json.message).toMatch(/Owner Olga's: only its owner/);
    expect(((await ok(listSavedViews, {}, olga)).data as SavedView[]).find((v) => v.id === view.id)?.shared).toBe(true);

    // Her own revert sets it back.
    expect((await entryAs(shared.id, olga)).revertible).toBe(true);
    await ok(revertAudit, { params: { id: shared.id } }, olga);
    expect(await one('select shared from saved_views where id = $1', [view.id])).toBe(false);
  });

  it('needs the role to hold the write: an editor reading the log sees nothing revertible', async () => {
    const editor = await insertUser(s.db, { role: 'editor', name: 'Edna Editor' });
    const edna = await sessionOf(editor.id);
    await ok(bankResource.ops.add!, { body: { name: 'Editor sees', code: 'EDS' } });
    const entry = await lastEntry();
    expect(entry.revertible).toBe(true);
    expect((await entryAs(entry.id, edna)).revertible).toBe(false);
    expect((await call(revertAudit, { params: { id: entry.id } }, edna)).status).toBe(403);
  });
});

describe('a revert is decided by the history of each field', () => {
  const addBank = async (name: string, code: string) =>
    (await ok(bankResource.ops.add!, { body: { name, code } })).data as { id: number; version: number };
  const rename = async (id: number, name: string, version: number) =>
    (await ok(bankResource.ops.update!, { params: { id }, body: { name, version } })).data as { version: number };

  it('refuses (409, naming the field and who changed it) a field changed since, even back to the value it left', async () => {
    const bank = await addBank('History A', 'HIA');
    let v = (await rename(bank.id, 'History B', bank.version)).version;
    const ab = await lastEntry();
    v = (await rename(bank.id, 'History C', v)).version;
    await rename(bank.id, 'History B', v);

    const before = await entryCount();
    const res = await call(revertAudit, { params: { id: ab.id } });
    expect(res.status, res.body).toBe(409);
    expect(res.json.message).toMatch(/^Bank “History B” has changed since: Name \(by .+\)\. Nothing was reverted\.$/);
    expect(await one('select name from banks where id = $1', [bank.id])).toBe('History B');
    expect(await entryCount()).toBe(before);
    expect((await entryAs(ab.id)).revertible).toBe(false);
  });

  it('allows a revert when later entries changed only other fields, and sets back only its own', async () => {
    const o = (
      await ok(offer.add!, {
        body: { title: 'Title one', discount: '10%', valid_from: '2026-01-01', valid_to: '2027-12-31' },
      })
    ).data as Offer & { version: number };
    const retitled = (
      await ok(offer.update!, { params: { id: o.id }, body: { title: 'Title two', version: o.version } })
    ).data as { version: number };
    const titleEntry = await lastEntry();
    await ok(offer.update!, { params: { id: o.id }, body: { discount: '25%', version: retitled.version } });

    expect((await entryAs(titleEntry.id)).revertible).toBe(true);
    await ok(revertAudit, { params: { id: titleEntry.id } });
    const now = (await ok(offer.show!, { query: { id: o.id } })).data as Offer;
    expect(now).toMatchObject({ title: 'Title one', discount: '25%' });
    // Reverted, its field has changed since: no second revert.
    expect((await entryAs(titleEntry.id)).revertible).toBe(false);
  });

  it('refuses what the database would: a name another record took since, a field pair its check refuses', async () => {
    const bank = await addBank('Unique Uma', 'UMA');
    await ok(bankResource.ops.remove!, { query: { bank_id: bank.id } });
    const deleted = await lastEntry();
    await addBank('unique uma', 'UMA2');
    const res = await call(revertAudit, { params: { id: deleted.id } });
    expect(res.status, res.body).toBe(422);
    expect(res.json.message).toBe('A bank with this name already exists.');
    expect((await entryAs(deleted.id)).revertible).toBe(false);

    // Valid from set earlier, then valid to within the gap: from's revert alone breaks the range.
    const o = (
      await ok(offer.add!, {
        body: { title: 'Ranged offer', discount: '5%', valid_from: '2026-06-01', valid_to: '2027-12-31' },
      })
    ).data as Offer & { version: number };
    const earlier = (
      await ok(offer.update!, { params: { id: o.id }, body: { valid_from: '2026-01-01', version: o.version } })
    ).data as { version: number };
    const fromEntry = await lastEntry();
    await ok(offer.update!, { params: { id: o.id }, body: { valid_to: '2026-03-01', version: earlier.version } });
    const broken = await call(revertAudit, { params: { id: fromEntry.id } });
    expect(broken.status, broken.body).toBe(422);
    expect(broken.json.message).toBe('Valid to must be on or after valid from.');
    expect((await entryAs(fromEntry.id)).revertible).toBe(false);
  });

  it("refuses a created record's removal once a later entry changed it at all", async () => {
    const bank = await addBank('Created then edited', 'CTE');
    const created = await lastEntry();
    await ok(bankResource.ops.update!, {
      params: { id: bank.id },
      body: { website: 'https://edited.example', version: bank.version },
    });
    const res = await call(revertAudit, { params: { id: created.id } });
    expect(res.status, res.body).toBe(409);
    expect(res.json.message).toMatch(/Bank “Created then edited” has changed since: Website \(by .+\)/);
    expect(await one('select count(*)::int from banks where id = $1', [bank.id])).toBe(1);
    expect((await entryAs(created.id)).revertible).toBe(false);
  });
});

describe("a delete's revert brings the record back whole", () => {
  let links: OfferLinks;
  beforeAll(async () => {
    links = await makeOfferLinks(ok, 'Links', 'LNK');
  });
  const linkedOffer = (title: string) => addLinkedOffer(ok, links, title);
  const shown = async (id: number) => {
    const o = (await ok(offer.show!, { query: { id } })).data as Offer;
    return { title: o.title, card_ids: [...o.card_ids].sort(), outlet_ids: [...o.outlet_ids].sort() };
  };

  it('of one offer: its cards, outlets and homepage places', async () => {
    const o = await linkedOffer('Linked single');
    const selected = (await ok(selectedOfferResource.ops.add!, { body: { offer_id: o.id } })).data as { id: number };
    const banner = (await ok(addHeroBanner, { body: { title: 'Links banner', link_type: 'offer', offer_id: o.id } }))
      .data as { id: number };
    const whole = await shown(o.id);
    expect(whole.card_ids).toHaveLength(2);

    await ok(offer.remove!, { query: { offer_id: o.id } });
    const deleted = await lastEntry();
    expect(deleted).toMatchObject({ kind: 'delete', record_id: o.id, revertible: true });
    const res = await call(revertAudit, { params: { id: deleted.id } });
    expect(res.status, res.body).toBe(200);
    expect(await shown(o.id)).toEqual(whole);
    expect(await one('select offer_id from selected_offers where id = $1', [selected.id])).toBe(o.id);
    expect((await ok(showHeroBanner, { params: { id: banner.id } })).data).toMatchObject({
      link_type: 'offer',
      offer_id: o.id,
    });
    expect(
      await one('select count(*)::int from offer_bank_links where offer_id = $1', [o.id]),
      "its bank's row, kept by the links' triggers",
    ).toBe(1);
  });

  it('of a bulk delete: every offer with its links', async () => {
    const a = await linkedOffer('Linked bulk A');
    const b = await linkedOffer('Linked bulk B');
    const was = [await shown(a.id), await shown(b.id)];
    await ok(offer.bulkRemove!, { body: { ids: [a.id, b.id] } });
    const deleted = await lastEntry();
    expect(deleted).toMatchObject({ operation: 'offer.bulkRemove', kind: 'mass', revertible: true });
    const res = await call(revertAudit, { params: { id: deleted.id } });
    expect(res.status, res.body).toBe(200);
    expect([await shown(a.id), await shown(b.id)]).toEqual(was);
  });

  it("of a bank: the homepage's link to it", async () => {
    const bank = (await ok(bankResource.ops.add!, { body: { name: 'Linked home bank', code: 'LHB' } })).data
      .id as number;
    const tile = (await ok(addDontMissOut, { body: { title: 'Bank tile', link_type: 'bank', bank_id: bank } }))
      .data as {
      id: number;
    };
    await ok(bankResource.ops.remove!, { query: { bank_id: bank } });
    expect((await ok(showDontMissOut, { params: { id: tile.id } })).data).toMatchObject({ link_type: null });
    await ok(revertAudit, { params: { id: (await lastEntry()).id } });
    expect((await ok(showDontMissOut, { params: { id: tile.id } })).data).toMatchObject({
      link_type: 'bank',
      bank_id: bank,
    });
  });

  it('of a creation: an offer made with links goes with them, links first', async () => {
    const o = await linkedOffer('Made and gone');
    const made = await lastEntry();
    expect(made).toMatchObject({ operation: 'offer.add', kind: 'create', revertible: true });
    await ok(revertAudit, { params: { id: made.id } });
    expect(await one('select count(*)::int from offers where id = $1', [o.id])).toBe(0);
    expect(await one('select count(*)::int from offer_cards where offer_id = $1', [o.id])).toBe(0);
    // Put back by reverting that revert: whole again.
    await ok(revertAudit, { params: { id: (await lastEntry()).id } });
    expect((await shown(o.id)).card_ids).toEqual([...links.cards].sort());
  });

  it('refuses (422, as an add would) while a record it links to is gone, and says so beforehand', async () => {
    const bank = (await ok(bankResource.ops.add!, { body: { name: 'Gone card bank', code: 'GCB' } })).data.id;
    const network = (await ok(networkResource.ops.add!, { body: { type: 'Gone network' } })).data.id;
    const card = (await ok(cardResource.ops.add!, { body: { name: 'Gone card', bank_id: bank, network_id: network } }))
      .data.id as number;
    const o = (
      await ok(offer.add!, {
        body: {
          title: 'Lost its card',
          discount: '5%',
          valid_from: '2026-01-01',
          valid_to: '2027-12-31',
          card_ids: [card],
        },
      })
    ).data as Offer;
    await ok(offer.remove!, { query: { offer_id: o.id } });
    const deleted = await lastEntry();
    await ok(cardResource.ops.remove!, { query: { card_id: card } });

    const res = await call(revertAudit, { params: { id: deleted.id } });
    expect(res.status, res.body).toBe(422);
    expect(res.json.message).toMatch(/Card/);
    expect(await one('select count(*)::int from offers where id = $1', [o.id])).toBe(0);
    expect((await entryAs(deleted.id)).revertible).toBe(false);
  });
});
