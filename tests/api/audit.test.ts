// The audit log (contract/audit.ts, server/services/audit.ts): every write operation of the
// contract (contract/operations.ts, so a new one joins by itself) is called with a sample input
// by an admin; a refused call leaves no entry, an accepted one exactly one when it changed a
// record's row (none when it changed nothing; an export of people's data, one of kind
// `export`), naming its operation and actor, with the record
// before and after. Then the list's filters and pages, the revert of an update, a delete and a
// create, the refusal of a stale revert naming the fields changed since, and that no call
// changes or deletes an entry. The revert's rules and history: tests/api/auditRevert.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, revertAudit, UNLOGGED_OPERATIONS, type AuditEntry } from '@contract/audit';
import { bankResource } from '@contract/bank';
import { categoryResource } from '@contract/category';
import { saveCmsPage } from '@contract/cms';
import { importCsv } from '@contract/csvImport';
import { homepageResources } from '@contract/homepage';
import { notificationResource } from '@contract/notification';
import { pathOf, pathParams, type AnyOp } from '@contract/operation';
import { operations } from '@contract/operations';
import { resources } from '@contract/resources';
import { ADMIN, multipart, startTestServer, type TestServer } from '../helpers/app';
import { tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';
import { insertContact, insertFeedback, insertSubjects } from '../helpers/contentRows';
import { sample, type Schema } from '../helpers/samples';
import { bearerOf, insertSession } from '../helpers/sessions';

let s: TestServer;
const calls = opCalls(() => s);
const { one } = calls;
/** A session of its own per call: a call of the walk may end the one it is made with (sign-out, a new password). */
const auth = async () =>
  bearerOf(
    await insertSession(s.db, await one<number>('select id from users where email = $1', [ADMIN.email]), {
      now: Date.now() + s.clock.offset,
    }),
  );
const call = async (op: AnyOp, input: Parameters<typeof calls.call>[1] = {}) => calls.call(op, input, await auth());
const ok = async (op: AnyOp, input: Parameters<typeof calls.ok>[1] = {}) => calls.ok(op, input, await auth());

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const reads = (op: AnyOp) => op.method === 'GET' || op.readOnly === true;
const writes = operations.filter((op) => !reads(op));

/** Records the calls act on: one of each resource, made through its add call. */
const recordResources = [...resources, ...homepageResources, notificationResource];
const refs: Record<string, number> = {};
const given = (name: string) => {
  if (name === 'version') return undefined;
  if (name === 'maintenance_mode') return false;
  const m = /^(.*)_ids?$/.exec(name);
  if (!m || !(m[1] in refs)) return undefined;
  return name.endsWith('_ids') ? [refs[m[1]]] : refs[m[1]];
};
const bodyOf = (op: AnyOp) =>
  sample(op.body as Schema | undefined, '', { nulls: true, requiredOnly: true, given }) as Record<
    string,
    unknown
  > | null;

async function fresh(resourceName: string | undefined): Promise<number | null> {
  // Contact messages and feedback come from the app, not from a call of this API.
  if (resourceName === 'contact') return insertContact(s.db);
  if (resourceName === 'feedback') {
    const { offer, user } = await insertSubjects(s.db);
    return insertFeedback(s.db, { user_id: user, offer_id: offer });
  }
  const add = recordResources.find((r) => r.name === resourceName)?.ops.add;
  if (!add) return null;
  const body = bodyOf(add) ?? {};
  if (resourceName === 'notification')
    Object.assign(body, {
      send_at: new Date(Date.now() + 3600_000).toISOString(),
      expect: await one<number>("select count(*)::int from users where role = 'user' and status = 'active'"),
    });
  const res = await call(add, { body });
  return res.status === 200 ? (res.json.data.id as number) : null;
}

/** A bank of the sample's other fields, named `name`. */
const addBank = async (name: string) =>
  (await ok(bankResource.ops.add!, { body: { ...bodyOf(bankResource.ops.add!), name } })).data as {
    id: number;
    version: number;
  };

/** The tables the log watches (migration 019's triggers), less the batches' bookkeeping. */
let audited: string[] = [];
const auditedData = async () => {
  if (!audited.length)
    audited = (
      await s.db.query<{ t: string }>(
        "select distinct event_object_table as t from information_schema.triggers where trigger_name = 'audit_insert' and event_object_table <> 'write_batches'",
      )
    ).rows.map((r) => r.t);
  const all = await tableChecksums(s.db);
  return JSON.stringify(audited.sort().map((t) => all[t]));
};

const entryCount = () => one<number>('select count(*)::int from audit_log');
const lastEntry = async () => (await ok(listAudit, { query: { per_page: 1 } })).data[0] as AuditEntry;

describe('every write operation', () => {
  it('leaves exactly one entry when it changed a record, none when refused or when it changed nothing', async () => {
    for (const r of resources) {
      if (!r.ops.add) continue;
      const id = await fresh(r.name);
      if (id) refs[r.name] = id;
    }
    const accepted: string[] = [];
    for (const op of writes) {
      if (op.id === revertAudit.id || op.files) continue; // the revert is tested below; uploads need a form
      const params: Record<string, unknown> = {};
      const id = (await fresh(op.resource)) ?? 1;
      for (const p of pathParams(op.path)) params[p] = p === 'id' ? id : sample(op.params?.properties[p] as Schema, p);
      const query = (sample(op.query as Schema | undefined, '', { requiredOnly: true, given }) ?? undefined) as
        Record<string, unknown> | undefined;
      for (const k of Object.keys(query ?? {})) if (/^(id|[a-z]+_id)$/.test(k)) query![k] = id;
      let body = op.body ? bodyOf(op) : undefined;
      if (body && /\.(bulkRemove|bulkUpdate|uses)$/.test(op.id)) body = { ...body, ids: [id] };
      if (body && 'version' in body) {
        const table = recordResources.find((r) => r.name === op.resource)?.storage.table ?? 'settings';
        body.version = (await one<number>(`select version from ${table} where id = $1`, [id])) ?? 1;
      }
      const before = await entryCount();
      const data = await auditedData();
      const res = await call(op, { params, query, body: body ?? undefined });
      const added = (await entryCount()) - before;
      expect(await one<number>('select count(*)::int from audit_staging'), `${op.id}: nothing staged stays`).toBe(0);
      if (res.status !== 200) {
        expect(added, `${op.id} refused (${res.status}) yet logged`).toBe(0);
        continue;
      }
      accepted.push(op.id);
      const changed = (await auditedData()) !== data;
      // An export of people's data changes no record and is logged all the same (contract/export.ts).
      const exported = op.permission === 'people.export';
      // A claim of a crawled ref is bookkeeping, no change a person made: it leaves none.
      const logged = !UNLOGGED_OPERATIONS.includes(op.id) && (changed || exported);
      expect(added, `${op.id}: ${changed ? 'changed data' : 'changed nothing'}`).toBe(logged ? 1 : 0);
      if (!added) continue;
      const entry = await lastEntry();
      expect(entry.operation).toBe(op.id);
      expect(entry.actor_name).toBeTruthy();
      if (entry.kind === 'create') expect([entry.before, entry.after && 'after']).toEqual([null, 'after']);
      if (entry.kind === 'delete') expect([entry.before && 'before', entry.after]).toEqual(['before', null]);
      if (entry.kind === 'update') expect(entry.after, `${op.id}: the fields it changed`).not.toBeNull();
      if (entry.kind === 'mass') expect(entry.count).toBeGreaterThan(1);
      expect(entry.kind === 'export', op.id).toBe(exported);
    }
    // The sample inputs reach every plain resource's writes (the rest may need more setup).
    for (const r of resources)
      for (const op of [r.ops.add, r.ops.update, r.ops.remove])
        if (op && !op.files) expect(accepted, 'accepted calls').toContain(op.id);
  }, 240_000);
});

describe('entries', () => {
  it('name who, the record, its label and the fields before and after', async () => {
    const bank = await addBank('Audit bank');
    let entry = await lastEntry();
    expect(entry).toMatchObject({ operation: 'bank.add', kind: 'create', resource: 'bank', record_id: bank.id });
    expect(entry).toMatchObject({ label: 'Audit bank', before: null, after: { name: 'Audit bank' } });
    await ok(bankResource.ops.update!, {
      params: { id: bank.id },
      body: { name: 'Audit bank 2', version: bank.version },
    });
    entry = await lastEntry();
    expect(entry).toMatchObject({ kind: 'update', before: { name: 'Audit bank' }, after: { name: 'Audit bank 2' } });
    expect(Object.keys(entry.after!)).toEqual(['name']);
  });

  it('filter by record, operation, actor and time, newest first, in pages', async () => {
    const ids: number[] = [];
    for (const name of ['Filter A', 'Filter B', 'Filter C'])
      ids.push((await ok(categoryResource.ops.add!, { body: { ...bodyOf(categoryResource.ops.add!), name } })).data.id);
    const page1 = await ok(listAudit, { query: { operation: 'category.add', per_page: 2 } });
    expect(page1.data.map((e: AuditEntry) => e.record_id).slice(0, 2)).toEqual([ids[2], ids[1]]);
    expect(page1.pagination).toMatchObject({ page: 1, per_page: 2, first_page: 1 });
    expect(page1.pagination.total).toBeGreaterThanOrEqual(3);
    const page2 = await ok(listAudit, { query: { operation: 'category.add', per_page: 2, page: 2 } });
    expect(page2.data[0].record_id).toBe(ids[0]);
    const byRecord = await ok(listAudit, { query: { resource: 'category', record_id: ids[1] } });
    expect(byRecord.data.map((e: AuditEntry) => e.label)).toEqual(['Filter B']);
    const actor = byRecord.data[0].actor_id as number;
    expect((await ok(listAudit, { query: { actor, operation: 'category.add' } })).data.length).toBeGreaterThanOrEqual(
      3,
    );
    expect((await ok(listAudit, { query: { actor: actor + 1000 } })).data).toEqual([]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await ok(listAudit, { query: { from: future } })).data).toEqual([]);
    expect((await ok(listAudit, { query: { to: future, resource: 'category', record_id: ids[0] } })).data).toHaveLength(
      1,
    );
  });
});

it('a CSV import is one entry with its counts and the ids it added, written as its batch is published', async () => {
  const rows = Array.from({ length: 250 }, (_, i) => `Audit import ${i},10% off,2026-12-01,2027-03-31`);
  const csv = `title,discount,valid_from,valid_to\n${rows.join('\n')}\n`;
  const form = multipart({ type: 'offers', file: { filename: 'a.csv', type: 'text/csv', data: Buffer.from(csv) } });
  const before = await entryCount();
  const res = await s.call({
    method: importCsv.method,
    url: pathOf(importCsv),
    headers: { ...(await auth()), ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await entryCount()).toBe(before + 1);
  const entry = await lastEntry();
  expect(entry).toMatchObject({ operation: 'csv.import', kind: 'mass', count: 250, record_id: null });
  const ids = await s.db.query<{ id: number }>("select id from offers where title like 'Audit import %' order by id");
  expect([...entry.tables.offers.ids].sort((a, b) => a - b)).toEqual(ids.rows.map((r) => r.id));
  expect(entry.tables.offers).toMatchObject({ added: 250, changed: 0, removed: 0 });
  // Too many rows to keep whole: counts and ids only, no revert here.
  expect(entry.revertible).toBe(false);
  expect((await call(revertAudit, { params: { id: entry.id } })).status).toBe(422);
});

it("a legal page's save is the page's entry, its text before and after (not a mass of the page and its version row)", async () => {
  const type = 'privacy-policy';
  await ok(saveCmsPage, { params: { type }, body: { content: '<p>Old words stay here.</p>' } });
  await ok(saveCmsPage, { params: { type }, body: { content: '<p>New words stay here.</p>' } });
  const entry = await lastEntry();
  expect(entry).toMatchObject({ operation: 'cms.save', kind: 'update', resource: 'cms_pages' });
  expect(entry.before).toMatchObject({ content: '<p>Old words stay here.</p>' });
  expect(entry.after).toMatchObject({ content: '<p>New words stay here.</p>' });
  expect(entry.tables.cms_page_versions).toMatchObject({ added: 1 });
});

describe('revert', () => {
  const bankRow = (id: number) => one<string>('select name from banks where id = $1', [id]);

  it('of an update sets the fields back, as a new write that is logged', async () => {
    const bank = await addBank('Revert me');
    await ok(bankResource.ops.update!, { params: { id: bank.id }, body: { name: 'Reverted?', version: bank.version } });
    const entry = await lastEntry();
    const res = await ok(revertAudit, { params: { id: entry.id } });
    expect(res.data.id).toBe(entry.id);
    expect(await bankRow(bank.id)).toBe('Revert me');
    const logged = await lastEntry();
    expect(logged).toMatchObject({ operation: 'audit.revert', record_id: bank.id, before: { name: 'Reverted?' } });
    expect(logged.after).toMatchObject({ name: 'Revert me' });
  });

  it('of a delete brings the record back; of a create removes it', async () => {
    const bank = await addBank('Deleted and back');
    const created = await lastEntry();
    await ok(bankResource.ops.remove!, { query: { bank_id: bank.id } });
    const deleted = await lastEntry();
    expect(deleted).toMatchObject({ kind: 'delete', record_id: bank.id, after: null });
    await ok(revertAudit, { params: { id: deleted.id } });
    expect(await bankRow(bank.id)).toBe('Deleted and back');
    // Its history since its creation (deleted, brought back) refuses the creation's revert.
    expect((await call(revertAudit, { params: { id: created.id } })).json.message).toMatch(
      /deleted and brought back since/,
    );
    const another = await addBank('Created and gone');
    await ok(revertAudit, { params: { id: (await lastEntry()).id } });
    expect(await bankRow(another.id)).toBeUndefined();
  });

  it('refuses with a 409 naming what changed since, and changes nothing', async () => {
    const bank = await addBank('Stale one');
    const v2 = (
      await ok(bankResource.ops.update!, {
        params: { id: bank.id },
        body: { name: 'Stale two', version: bank.version },
      })
    ).data;
    const entry = await lastEntry();
    await ok(bankResource.ops.update!, {
      params: { id: bank.id },
      body: { name: 'Stale three', website: 'https://three.example', version: v2.version },
    });
    const before = await entryCount();
    const res = await call(revertAudit, { params: { id: entry.id } });
    expect(res.status).toBe(409);
    // Its own field, Name, changed since; Website was not its field.
    expect(res.json.message).toMatch(
      /^Bank “Stale three” has changed since: Name \(by [^)]+\)\. Nothing was reverted\.$/,
    );
    expect(await bankRow(bank.id)).toBe('Stale three');
    expect(await entryCount()).toBe(before);
    // Deleted since: named too.
    await ok(bankResource.ops.remove!, { query: { bank_id: bank.id } });
    expect((await call(revertAudit, { params: { id: entry.id } })).json.message).toMatch(/deleted since/);
    expect((await call(revertAudit, { params: { id: 999_999 } })).status).toBe(404);
  });
});

it('has no call that changes or deletes an entry', async () => {
  const auditPaths = operations.filter((op) => op.path.includes('/audit_log'));
  expect(auditPaths.map((op) => `${op.method} ${op.path}`).sort()).toEqual(
    [`GET ${listAudit.path}`, `POST ${revertAudit.path}`].sort(),
  );
  const id = (await lastEntry()).id;
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    const res = await s.call({ method, url: `${pathOf(listAudit)}/${id}`, headers: await auth() });
    expect(res.statusCode, method).toBe(404);
  }
});
