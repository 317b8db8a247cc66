// Staff roles on the server (contract/roles.ts, enforced by server/http/authGuard.ts): every
// operation of the contract (contract/operations.ts, so a new one joins by itself) called by
// one account of each role, the cell checked against `mayRun`, as contract/roles.md lists it:
// - refused: exactly 403 with `refusalFor`'s sentence, in the one error shape, and nothing
//   written anywhere (a checksum of every table around all the refused calls);
// - let in: anything but 403 (a sample input may well be a 404 or a 422; what matters here is
//   that the role was not what refused it).
// Then the accounts rule of server/services/users.ts: the last active admin cannot be
// demoted, disabled or deleted, by any call that writes accounts.
//
// One server and one set of accounts for the whole file; the refused calls carry one token
// per role (a refused call ends no session), the admitted ones a fresh one each (logout and a
// password change end theirs). Every cell on one database; on the other, one refused and one
// admitted cell per operation (tests/helpers/walk.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, pathParams, type AnyOp } from '@contract/operation';
import { operations } from '@contract/operations';
import { ROLES, mayRun, refusalFor, type RoleName } from '@contract/roles';
import { userResource } from '@contract/user';
import { HttpError } from '../../server/errors';
import { userRules } from '../../server/services/users';
import { LEVEL, startTestServer, streamHead, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';
import { sample, type Schema } from '../helpers/samples';
import { bearerOf, insertSession, insertUser, type Account } from '../helpers/sessions';
import { walkOf } from '../helpers/walk';

let s: TestServer;
const { call, one } = opCalls(() => s);
const accounts = {} as Record<RoleName, Account>;
const tokens = {} as Record<RoleName, Record<string, string>>;
const now = () => Date.now() + s.clock.offset;
const freshAuth = async (role: RoleName) => bearerOf(await insertSession(s.db, accounts[role].id, { now: now() }));

beforeAll(async () => {
  s = await startTestServer();
  for (const role of ROLES) {
    accounts[role] = await insertUser(s.db, { role, email: `roles-${role}@test.example`, name: `Roles ${role}` });
    tokens[role] = bearerOf(await insertSession(s.db, accounts[role].id, { now: now() }));
  }
});
afterAll(() => s?.close());

/** A valid-looking input from the operation's schemas: ids 1, the required fields only. */
function inputOf(op: AnyOp) {
  const opts = { nulls: true, requiredOnly: true };
  const params = Object.fromEntries(
    pathParams(op.path).map((p) => [p, sample(op.params?.properties[p] as Schema | undefined, p, opts)]),
  );
  const query = op.query ? (sample(op.query as Schema, '', opts) as Record<string, unknown>) : undefined;
  const body = op.body ? sample(op.body as Schema, '', opts) : undefined;
  return { params, ...(query && Object.keys(query).length && { query }), ...(body !== undefined && { body }) };
}

/**
 * Calls `op` with its sample input. Straight to the app, not through `s.call`'s check against
 * the OpenAPI document (tests/api/openapi.test.ts and the other files hold the server to it):
 * a thousand calls are the point here, twice, and the check was most of their time.
 */
async function send(op: AnyOp, headers: Record<string, string>) {
  const { params, query, body } = inputOf(op);
  const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await s.app.inject({
    method: op.method,
    url: pathOf(op, params) + qs,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
    // The live stream's 200 stays open: its head is the answer.
    payloadAsStream: op.stream,
  });
  const read = op.stream ? await streamHead(res) : res;
  return { status: read.statusCode, body: read.body, json: () => read.json() };
}

const cells = operations.flatMap((op) => ROLES.map((role) => ({ op, role, allowed: mayRun(role, op) })));

describe('every operation × role', () => {
  it('has refusals and admissions in every role but the admin', () => {
    expect(operations.length).toBeGreaterThan(45);
    for (const role of ROLES) {
      const refused = cells.filter((c) => c.role === role && !c.allowed).length;
      expect(refused > 0, role).toBe(role !== 'admin');
    }
  });

  it('refuses each cell mayRun refuses: exactly 403, its sentence, nothing written', async () => {
    const before = await tableChecksums(s.db);
    const wrong: string[] = [];
    for (const { op, role } of walkOf(
      cells.filter((c) => !c.allowed),
      (c) => c.op.id,
    )) {
      const res = await send(op, tokens[role]);
      const want = refusalFor(role, op);
      const json = res.status === 403 ? res.json() : {};
      if (res.status !== 403 || json.message !== want || json.errors?.message?.[0] !== want)
        wrong.push(`${op.id} as ${role}: ${res.status} ${res.body}`);
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it('lets in each cell mayRun lets in: any answer but 403', async () => {
    const wrong: string[] = [];
    // A call of one's own may end the account's sessions (logout, a new password): those go
    // last, each with a fresh session, so no other call meets a session ended under it.
    const admitted = walkOf(
      cells.filter((c) => c.allowed),
      (c) => c.op.id,
    );
    const own = admitted.filter((c) => c.op.access === 'user');
    for (const { op, role } of [...admitted.filter((c) => c.op.access !== 'user'), ...own]) {
      const res = await send(op, op.access === 'user' ? await freshAuth(role) : tokens[role]);
      // 401 would mean the account's session had gone, and the cell went untried (a sign-in's own 401 is its answer).
      if (res.status === 403 || (res.status === 401 && op.access !== 'public'))
        wrong.push(`${op.id} as ${role}: ${res.status} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('logs a refusal like any other 4xx: its operation, account, status and sentence', async () => {
    const op = userResource.ops.add!;
    s.logs.clear();
    const res = await call(op, inputOf(op), await freshAuth('viewer'));
    expect(res.status).toBe(403);
    const line = s.logs.find((l) => l.status === 403);
    expect(line).toMatchObject({
      level: LEVEL.info,
      op: op.id,
      user: accounts.viewer.id,
      reason: 'A viewer may not change staff accounts and app users.',
    });
  });
});

describe('the last active admin', () => {
  const { update, remove, bulkRemove, updateEach } = userResource.ops;
  let a: Account;
  let b: Account;
  const as = async (who: Account) => bearerOf(await insertSession(s.db, who.id, { now: now() }));
  const versionOf = (id: number) => one<number>('select version from users where id = $1', [id]);
  const activeAdmins = () =>
    s.db
      .query<{ id: number }>("select id from users where role = 'admin' and status = 'active' order by id")
      .then((r) => r.rows.map((x) => x.id));
  /** Two fresh admins, A and B, and no other active admin. */
  async function twoAdmins() {
    await s.db.query("update users set status = 'disabled' where role = 'admin'");
    a = await insertUser(s.db, { role: 'admin', name: 'Admin A' });
    b = await insertUser(s.db, { role: 'admin', name: 'Admin B' });
  }

  it('cannot be demoted, disabled or demoted row by row; the field is named and nothing changes', async () => {
    await twoAdmins();
    await s.db.query("update users set status = 'disabled' where id = $1", [b.id]);
    const auth = await as(a);
    const demote = await call(
      update!,
      { params: { id: a.id }, body: { role: 'editor', version: await versionOf(a.id) } },
      auth,
    );
    expect(demote.status, demote.body).toBe(422);
    expect(demote.json.errors.role).toEqual([
      'The last active admin cannot be demoted. Make another account an active admin first.',
    ]);
    const disable = await call(
      update!,
      { params: { id: a.id }, body: { status: 'disabled', version: await versionOf(a.id) } },
      auth,
    );
    expect(disable.status, disable.body).toBe(422);
    expect(disable.json.errors.status[0]).toMatch(/^The last active admin cannot be disabled\./);
    const rows = await call(
      updateEach!,
      { body: { rows: [{ id: a.id, version: await versionOf(a.id), set: { role: 'viewer' } }] } },
      auth,
    );
    expect(rows.status, rows.body).toBe(422);
    expect(rows.json.errors.rows[0]).toMatch(/^The last active admin cannot be demoted or disabled\./);
    expect(await activeAdmins()).toEqual([a.id]);
  });

  it('cannot delete itself, alone or in a bulk delete', async () => {
    await twoAdmins();
    const auth = await as(a);
    const del = await call(remove!, { query: { user_id: a.id } }, auth);
    expect(del.status, del.body).toBe(422);
    expect(del.json.errors.user_id).toEqual(['You cannot delete your own account.']);
    const bulk = await call(bulkRemove!, { body: { ids: [b.id, a.id] } }, auth);
    expect(bulk.status, bulk.body).toBe(422);
    expect(await activeAdmins()).toEqual([a.id, b.id]);
  });

  it('is kept by every write of accounts: a delete, a bulk delete, an undo that would leave none is refused and rolled back', async () => {
    // Through the API a caller is an active admin, who cannot delete themselves: the rule
    // behind it is checked here on the writes themselves.
    await twoAdmins();
    await s.db.query("update users set status = 'disabled' where id = $1", [b.id]);
    const cases = [
      ['remove', 'user_id', /^The last active admin cannot be deleted\./],
      ['bulkRemove', 'ids', /^The last active admin cannot be deleted\./],
      ['undo', 'token', /^Undoing this would leave no active admin\./],
    ] as const;
    for (const [callName, field, text] of cases) {
      const refused = await s.db
        .transaction((tx) =>
          userRules.around!(tx, callName, {}, () => tx.query("update users set role = 'viewer' where id = $1", [a.id])),
        )
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(refused, callName).toBeInstanceOf(HttpError);
      expect((refused as HttpError).statusCode).toBe(422);
      expect((refused as HttpError).fields[field]?.[0]).toMatch(text);
      expect(await activeAdmins()).toEqual([a.id]);
    }
  });

  it('with two admins, one can be demoted (oneself too), then the other is the last', async () => {
    await twoAdmins();
    const self = await call(
      update!,
      { params: { id: a.id }, body: { role: 'editor', version: await versionOf(a.id) } },
      await as(a),
    );
    expect(self.status, self.body).toBe(200);
    expect(await activeAdmins()).toEqual([b.id]);
    const back = await call(
      update!,
      { params: { id: a.id }, body: { role: 'admin', version: await versionOf(a.id) } },
      await as(b),
    );
    expect(back.status, back.body).toBe(200);
    const other = await call(
      update!,
      { params: { id: b.id }, body: { status: 'disabled', version: await versionOf(b.id) } },
      await as(a),
    );
    expect(other.status, other.body).toBe(200);
    const last = await call(
      update!,
      { params: { id: a.id }, body: { role: 'user', version: await versionOf(a.id) } },
      await as(a),
    );
    expect(last.status, last.body).toBe(422);
    expect(await activeAdmins()).toEqual([a.id]);
  });

  it('a change that demotes one admin and promotes another in one go passes', async () => {
    await twoAdmins();
    await s.db.query("update users set role = 'editor' where id = $1", [b.id]);
    const res = await call(
      updateEach!,
      {
        body: {
          rows: [
            { id: a.id, version: await versionOf(a.id), set: { role: 'reviewer' } },
            { id: b.id, version: await versionOf(b.id), set: { role: 'admin' } },
          ],
        },
      },
      await as(a),
    );
    expect(res.status, res.body).toBe(200);
    expect(await activeAdmins()).toEqual([b.id]);
  });

  it('two admins demoting each other at the same moment: one of them stays', async () => {
    await twoAdmins();
    const [authA, authB] = [await as(a), await as(b)];
    const [va, vb] = [await versionOf(a.id), await versionOf(b.id)];
    const answers = await Promise.all([
      call(update!, { params: { id: b.id }, body: { role: 'viewer', version: vb } }, authA),
      call(update!, { params: { id: a.id }, body: { role: 'viewer', version: va } }, authB),
    ]);
    // The second to run finds its caller demoted (403) or itself the last admin (422).
    expect(answers.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect([403, 422]).toContain(answers.find((r) => r.status !== 200)!.status);
    expect((await activeAdmins()).length).toBe(1);
  });
});
