// A saved view its owner has not shared is theirs alone (contract/savedView.ts), wherever a
// write of it is written down (server/services/privateRows.ts, migration 026): the audit log
// lists its entries (its name, its search, before and after) to its owner only, in the list,
// under every filter and in the counts; the live stream tells its changes to the owner's
// streams only, while a share or an unshare reaches everyone (their list of shared views
// changes); and the server's log prints neither its name nor its search. A shared view's
// entries stay everyone's.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, type AuditEntry } from '@contract/audit';
import { bankResource } from '@contract/bank';
import type { ChangeEvent } from '@contract/events';
import { deleteSavedView, saveSavedView, updateSavedView, type SavedView } from '@contract/savedView';
import { ROOT } from '../../server/root';
import { startTestServer, type TestServer } from '../helpers/app';
import { openLiveStream } from '../helpers/liveStream';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser, type Account } from '../helpers/sessions';

let s: TestServer;
let base: string;
const { call, ok } = opCalls(() => s);
const accounts = {} as Record<'owner' | 'admin' | 'editor' | 'viewer', Account>;
const auth = {} as Record<keyof typeof accounts, Record<string, string>>;

beforeAll(async () => {
  // Every request's line, the calls that went well too (debug), so none is missed below.
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'debug';
  try {
    s = await startTestServer();
  } finally {
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
  }
  base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  const now = Date.now() + s.clock.offset;
  const roles = { owner: 'editor', admin: 'admin', editor: 'editor', viewer: 'viewer' } as const;
  for (const [who, role] of Object.entries(roles) as [keyof typeof roles, string][]) {
    accounts[who] = await insertUser(s.db, { role, name: `Private ${who}` });
    auth[who] = bearerOf(await insertSession(s.db, accounts[who].id, { now }));
  }
});
afterAll(() => s?.close());

const SECRET_NAME = 'Payroll hunt';
const SECRET_SEARCH = '?query=salaries-of-omar';
const prefs = { shown: {}, density: 'dense' };
const secret = { name: SECRET_NAME, view: 'offers', path: '/offer-list', search: SECRET_SEARCH, prefs };

const save = async (body: object) => (await ok(saveSavedView, { body }, auth.owner)).data as SavedView;
const entries = async (who: keyof typeof accounts, query: Record<string, unknown> = {}) => {
  const res = await ok(listAudit, { query: { per_page: 100, ...query } }, auth[who]);
  return { data: res.data as AuditEntry[], total: res.pagination.total as number, text: JSON.stringify(res) };
};

describe("a private saved view's audit entries", () => {
  let view: SavedView;
  let shared: SavedView;

  beforeAll(async () => {
    view = await save(secret);
    await ok(updateSavedView, { params: { id: view.id }, body: { name: `${SECRET_NAME} 2` } }, auth.owner);
    shared = await save({ ...secret, name: 'Team offers', search: '?state=live', shared: true });
  });

  it('are listed to no one but the owner: not to a viewer, an editor or another admin, under any filter', async () => {
    for (const who of ['viewer', 'editor', 'admin'] as const) {
      for (const query of [
        {},
        { operation: 'savedView.save' },
        { operation: 'savedView.update' },
        { resource: 'saved_views' },
        { record_id: view.id },
        { actor: accounts.owner.id },
      ]) {
        const { data, text } = await entries(who, query);
        expect(text, `${who} ${JSON.stringify(query)}`).not.toContain(SECRET_NAME);
        expect(text, `${who} ${JSON.stringify(query)}`).not.toContain('salaries-of-omar');
        expect(data.filter((e) => e.resource === 'saved_views' && e.record_id === view.id)).toEqual([]);
      }
      // The counts leave them out too: by the owner, only the shared view's save.
      const byOwner = await entries(who, { actor: accounts.owner.id });
      expect(byOwner.total, who).toBe(1);
      expect(byOwner.data.map((e) => e.label)).toEqual(['Team offers']);
      expect((await entries(who, { record_id: view.id })).total, who).toBe(0);
    }
  });

  it('are listed to their owner, with the name and search before and after', async () => {
    const { data, total } = await entries('owner', { actor: accounts.owner.id });
    expect(total).toBe(3);
    const [rename, saved] = data.filter((e) => e.record_id === view.id);
    expect(saved).toMatchObject({ operation: 'savedView.save', kind: 'create', label: SECRET_NAME });
    expect(saved!.after).toMatchObject({ name: SECRET_NAME, search: SECRET_SEARCH });
    expect(rename).toMatchObject({ operation: 'savedView.update', label: `${SECRET_NAME} 2` });
    expect(rename!.before).toEqual({ name: SECRET_NAME });
  });

  it("of a shared view are everyone's; made private, its next entries are its owner's again", async () => {
    for (const who of ['viewer', 'editor', 'admin', 'owner'] as const)
      expect(
        (await entries(who, { record_id: shared.id })).data.map((e) => e.label),
        who,
      ).toEqual(['Team offers']);
    // Unshared and renamed in one call: the new name was never anyone else's.
    await ok(updateSavedView, { params: { id: shared.id }, body: { shared: false, name: 'Quiet offers' } }, auth.owner);
    await ok(deleteSavedView, { params: { id: shared.id } }, auth.owner);
    expect((await entries('viewer', { record_id: shared.id })).total).toBe(1);
    expect((await entries('viewer')).text).not.toContain('Quiet offers');
    expect((await entries('owner', { record_id: shared.id })).total).toBe(3);
  });
});

describe('the live stream', () => {
  /** The shared stream reader (tests/helpers/liveStream.ts), read for its change events. */
  async function openStream(headers: Record<string, string>) {
    const stream = await openLiveStream(base, headers);
    await stream.ready();
    const changes = () => stream.of<ChangeEvent>('change');
    return { changes, ops: () => changes().map((e) => e.operation), close: stream.close };
  }

  it("tells a private view's changes to its owner alone, and its share and unshare to everyone", async () => {
    const mine = await openStream(auth.owner);
    const theirs = await openStream(auth.admin);
    try {
      const v = await save({ ...secret, name: 'Streamed privately' });
      await ok(updateSavedView, { params: { id: v.id }, body: { name: 'Still private' } }, auth.owner);
      await ok(updateSavedView, { params: { id: v.id }, body: { shared: true } }, auth.owner);
      await ok(updateSavedView, { params: { id: v.id }, body: { shared: false } }, auth.owner);
      await ok(deleteSavedView, { params: { id: v.id } }, auth.owner);
      // A write of everyone's last: once it has arrived, everything before it has too.
      await ok(bankResource.ops.add!, { body: { name: 'Private Stream Bank', code: 'PSTB' } }, auth.admin);
      await expect.poll(() => mine.ops().at(-1), { timeout: 5000 }).toBe('bank.add');
      await expect.poll(() => theirs.ops().at(-1), { timeout: 5000 }).toBe('bank.add');
      expect(mine.ops()).toEqual([
        'savedView.save',
        'savedView.update',
        'savedView.update',
        'savedView.update',
        'savedView.delete',
        'bank.add',
      ]);
      expect(theirs.ops()).toEqual(['savedView.update', 'savedView.update', 'bank.add']);
      expect(
        theirs
          .changes()
          .slice(0, 2)
          .map((e) => e.ids),
      ).toEqual([[v.id], [v.id]]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

it("prints neither a private view's name nor its search in the server's log, a refusal's reason included", async () => {
  const v = await save({ ...secret, name: 'Logged nowhere', search: '?query=logged-nowhere' });
  await save({ ...secret, name: 'Another one' });
  const taken = await call(updateSavedView, { params: { id: v.id }, body: { name: 'another ONE' } }, auth.owner);
  expect(taken.status).toBe(422);
  await new Promise((r) => setImmediate(r)); // the request's line is written once the answer has gone
  const lines = s.logs.filter((l) => l.reqId !== undefined);
  expect(lines.some((l) => l.status === 422 && l.op === 'savedView.update')).toBe(true);
  const text = JSON.stringify(s.logs);
  for (const word of [SECRET_NAME, 'salaries-of-omar', 'Logged nowhere', 'logged-nowhere', 'another ONE'])
    expect(text, word).not.toContain(word);
  // The owner is told all the same, beside the name they typed.
  expect(taken.json.errors.name[0]).toMatch(/^You already have a view of that name on this screen/);
});

it('marks the entries written before migration 026 as the server marks new ones', async () => {
  // The migration's backfill of audit_log, run again over every entry with the mark cleared.
  const sql = fs.readFileSync(path.join(ROOT, 'server/db/migrations/027_private_entries.sql'), 'utf8');
  const backfill = /update audit_log a set private_to[\s\S]*?;\n/.exec(sql)![0];
  const marks = async () =>
    (await s.db.query<{ id: string; private_to: number | null }>('select id, private_to from audit_log order by id'))
      .rows;
  const written = await marks();
  expect(written.filter((r) => r.private_to !== null).length).toBeGreaterThan(5);
  await s.db.query('update audit_log set private_to = null');
  await s.db.query(backfill);
  expect(await marks()).toEqual(written);
});
