// Saved views (contract/savedView.ts, server/routes/savedViews.ts) on both databases: saved and
// replaced by name per screen, shared with the team (listed to another admin with the owner's
// name) and made private again (gone for them), changed and deleted by their owner only, bad
// input refused naming the field; no refusal writes anything. Each write leaves its audit
// entry and its live event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteSavedView, listSavedViews, saveSavedView, updateSavedView, type SavedView } from '@contract/savedView';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser, type Account } from '../helpers/sessions';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
let sara: Account;
let omar: Account;
let saraAuth: Record<string, string>;
let omarAuth: Record<string, string>;
let viewerAuth: Record<string, string>;

beforeAll(async () => {
  s = await startTestServer();
  const now = Date.now() + s.clock.offset;
  sara = await insertUser(s.db, { role: 'admin', name: 'Sara Views' });
  omar = await insertUser(s.db, { role: 'admin', name: 'Omar Views' });
  const viewer = await insertUser(s.db, { role: 'viewer', name: 'Vera Viewer' });
  saraAuth = bearerOf(await insertSession(s.db, sara.id, { now }));
  omarAuth = bearerOf(await insertSession(s.db, omar.id, { now }));
  viewerAuth = bearerOf(await insertSession(s.db, viewer.id, { now }));
});
afterAll(() => s?.close());

const prefs = { shown: { valid_from: true }, density: 'dense' };
const liveOffers = { name: 'ADCB live', view: 'offers', path: '/offer-list', search: '?bank=3&state=live', prefs };
const names = async (auth: Record<string, string>) =>
  ((await ok(listSavedViews, {}, auth)).data as SavedView[]).map(
    (v) => `${v.name}${v.mine ? '' : ` (${v.owner_name})`}`,
  );
const save = async (auth: Record<string, string>, body: object) =>
  (await ok(saveSavedView, { body }, auth)).data as SavedView;

describe('saved views', () => {
  it('are saved per owner and replaced by name on their screen, whatever its case', async () => {
    const first = await save(saraAuth, liveOffers);
    expect(first).toMatchObject({
      ...liveOffers,
      shared: false,
      owner_id: sara.id,
      owner_name: 'Sara Views',
      mine: true,
      version: 1,
    });
    const again = await save(saraAuth, {
      ...liveOffers,
      name: 'adcb LIVE',
      search: '?bank=3',
      prefs: { shown: {}, density: 'comfortable' },
    });
    expect(again).toMatchObject({ id: first.id, name: 'adcb LIVE', search: '?bank=3', version: 2 });
    expect(again.prefs).toEqual({ shown: {}, density: 'comfortable' });
    // The same name on another screen is another view.
    await save(saraAuth, { ...liveOffers, name: 'ADCB live', view: 'cards', path: '/card-list', search: '' });
    expect(await names(saraAuth)).toEqual(['adcb LIVE', 'ADCB live']);
    // Another admin has none of them: they are private.
    expect(await names(omarAuth)).toEqual([]);
    // A viewer keeps views of their own too.
    await save(viewerAuth, { ...liveOffers, name: 'Mine' });
    expect(await names(viewerAuth)).toEqual(['Mine']);
  });

  it('shared, are listed to the team with their owner; private again, are gone for them', async () => {
    const v = await save(saraAuth, { ...liveOffers, name: 'Team offers' });
    const shared = (await ok(updateSavedView, { params: { id: v.id }, body: { shared: true } }, saraAuth)).data;
    expect(shared).toMatchObject({ shared: true, version: v.version + 1 });
    expect(await names(omarAuth)).toEqual(['Team offers (Sara Views)']);
    const seen = ((await ok(listSavedViews, {}, omarAuth)).data as SavedView[])[0];
    expect(seen).toMatchObject({
      id: v.id,
      owner_id: sara.id,
      mine: false,
      path: '/offer-list',
      search: liveOffers.search,
    });

    // The write is in the audit log and on the live stream, by its owner.
    expect(
      await one('select count(*)::int from audit_log where operation = $1 and record_id = $2', [
        'savedView.update',
        v.id,
      ]),
    ).toBe(1);
    expect(
      await one('select actor_id from change_events where operation = $1 order by id desc limit 1', [
        'savedView.update',
      ]),
    ).toBe(sara.id);

    // A save that names no sharing keeps it.
    await save(saraAuth, { ...liveOffers, name: 'team OFFERS' });
    expect(await names(omarAuth)).toEqual(['team OFFERS (Sara Views)']);

    await ok(updateSavedView, { params: { id: v.id }, body: { shared: false } }, saraAuth);
    expect(await names(omarAuth)).toEqual([]);
    // Saving it shared at once works too.
    await save(saraAuth, { ...liveOffers, name: 'Team offers', shared: true });
    expect(await names(omarAuth)).toEqual(['Team offers (Sara Views)']);
  });

  it('are changed and deleted by their owner only; a refusal says why and writes nothing', async () => {
    const shared = await save(saraAuth, { ...liveOffers, name: 'Shared one', shared: true });
    const hidden = await save(saraAuth, { ...liveOffers, name: 'Private one' });
    const before = await tableChecksums(s.db);

    const rename = await call(updateSavedView, { params: { id: shared.id }, body: { name: 'Mine now' } }, omarAuth);
    expect(rename.status).toBe(403);
    expect(rename.json.message).toBe("This view is Sara Views's: only its owner can rename, share or delete it.");
    expect(rename.json.errors.id).toEqual([rename.json.message]);
    const del = await call(deleteSavedView, { params: { id: shared.id } }, omarAuth);
    expect(del.status).toBe(403);
    // A private view of someone else is not theirs to know of.
    for (const res of [
      await call(deleteSavedView, { params: { id: hidden.id } }, omarAuth),
      await call(updateSavedView, { params: { id: hidden.id }, body: { shared: true } }, omarAuth),
      await call(deleteSavedView, { params: { id: 999999 } }, saraAuth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('No such saved view.');
    }
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
    expect(await names(omarAuth)).toContain('Shared one (Sara Views)');

    // The owner may.
    const renamed = await ok(updateSavedView, { params: { id: shared.id }, body: { name: 'Shared two' } }, saraAuth);
    expect(renamed.data.name).toBe('Shared two');
    expect((await ok(deleteSavedView, { params: { id: shared.id } }, saraAuth)).data).toEqual({ id: shared.id });
    expect(await names(omarAuth)).not.toContain('Shared two (Sara Views)');
    expect(await one('select count(*)::int from saved_views where id = $1', [shared.id])).toBe(0);
  });

  it('refuse bad input naming the field, a name taken on the screen and a stale version, writing nothing', async () => {
    const a = await save(saraAuth, { ...liveOffers, name: 'First' });
    await save(saraAuth, { ...liveOffers, name: 'Second' });
    // An app user (no staff) has no saved views at all.
    const user = await insertUser(s.db, { role: 'user' });
    const userAuth = bearerOf(await insertSession(s.db, user.id, { now: Date.now() + s.clock.offset }));
    expect((await call(listSavedViews, {}, userAuth)).status).toBe(403);
    const before = await tableChecksums(s.db);
    const bad: [object, string][] = [
      [{ ...liveOffers, name: '   ' }, 'name'],
      [{ ...liveOffers, name: 'x'.repeat(81) }, 'name'],
      [{ ...liveOffers, path: 'https://elsewhere.example/' }, 'path'],
      [{ ...liveOffers, search: 'bank=3' }, 'search'],
      [{ ...liveOffers, prefs: { shown: {}, density: 'huge' } }, 'prefs.density'],
      [{ name: 'No screen', path: '/offer-list', search: '', prefs }, 'view'],
    ];
    for (const [body, field] of bad) {
      const res = await call(saveSavedView, { body }, saraAuth);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json.errors), JSON.stringify(body)).toContain(field);
    }
    const taken = await call(updateSavedView, { params: { id: a.id }, body: { name: 'second' } }, saraAuth);
    expect(taken.status).toBe(422);
    expect(taken.json.errors.name).toEqual(['You already have a view of that name on this screen. Pick another name.']);
    const stale = await call(updateSavedView, { params: { id: a.id }, body: { shared: true, version: 7 } }, saraAuth);
    expect(stale.status).toBe(409);
    expect(stale.json.errors.version).toBeDefined();
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);

    // A change that changes nothing writes nothing either: no audit entry, no live event.
    const entries = await one('select count(*)::int from audit_log');
    const events = await one('select count(*)::int from change_events');
    await ok(updateSavedView, { params: { id: a.id }, body: { name: 'First', shared: false } }, saraAuth);
    expect((await ok(updateSavedView, { params: { id: a.id }, body: {} }, saraAuth)).data.version).toBe(a.version);
    expect([
      await one('select count(*)::int from audit_log'),
      await one('select count(*)::int from change_events'),
    ]).toEqual([entries, events]);
  });

  it('go with their owner when the account is deleted', async () => {
    const leaver = await insertUser(s.db, { role: 'editor', name: 'Leaver' });
    const auth = bearerOf(await insertSession(s.db, leaver.id, { now: Date.now() + s.clock.offset }));
    await save(auth, { ...liveOffers, name: 'Leaving', shared: true });
    expect(await names(omarAuth)).toContain('Leaving (Leaver)');
    await s.db.query('delete from users where id = $1', [leaver.id]);
    expect(await names(omarAuth)).not.toContain('Leaving (Leaver)');
  });
});
