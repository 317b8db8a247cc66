// Who may call what: every operation of the contract (contract/operations.ts, so a new one
// joins by itself) called with each kind of credential, the exact status asserted:
// - 'public' operations answer as they do with no token at all: a token, live or dead, is
//   neither needed nor held against the caller;
// - 'user' operations (any signed-in account) answer 401 without a live session, and let an
//   app user (role 'user') and an admin in;
// - 'admin' operations answer 401 without a live session and 403 to an app user.
// The account check comes before the body is read: the same 401 or 403 whatever the input,
// a broken body and an odd id included (no token and an empty body is 401, never 422).
//
// Tokens are made in the database as the server makes them (tests/helpers/sessions.ts), not
// through the sign-in call, whose rules for app users are not this file's subject; the
// logged-out one is ended through the logout call itself.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response as InjectResponse } from 'light-my-request';
import { logout, showMe, updateProfile } from '@contract/auth';
import { CSV_COLUMNS, type CsvTarget } from '@contract/csv';
import { eachFields } from '@contract/bulk';
import { pathOf, pathParams, type AnyOp } from '@contract/operation';
import { applyHealthFix, undoHealthFix } from '@contract/health';
import { homepageResources } from '@contract/homepage';
import { notificationResource } from '@contract/notification';
import { offerResource } from '@contract/offer';
import { operations } from '@contract/operations';
import { resources } from '@contract/resources';
import { saveSavedView } from '@contract/savedView';
import { multipart, startTestServer, type TestServer } from '../helpers/app';
import { insertContact, insertFeedback, insertSubjects } from '../helpers/contentRows';
import { sample, type Schema } from '../helpers/samples';
import { bearerOf, insertSession, insertUser, type Account } from '../helpers/sessions';

let s: TestServer;

/** The credentials a call can carry. */
const KINDS = [
  'no token',
  'garbage token',
  'expired token',
  'logged-out token',
  "disabled account's token",
  "app user's token",
  "admin's token",
] as const;
type Kind = (typeof KINDS)[number];
/** Kinds that carry no live session. */
const DEAD: readonly Kind[] = [
  'no token',
  'garbage token',
  'expired token',
  'logged-out token',
  "disabled account's token",
];

let admin: Account;
let appUser: Account;
const dead: Partial<Record<Kind, Record<string, string>>> = {};

/** The Authorization header for a call of `kind`: the live ones are new for every call (a call may end its session). */
async function authFor(kind: Kind): Promise<Record<string, string>> {
  if (kind === "app user's token") return bearerOf(await insertSession(s.db, appUser.id, { now: now() }));
  if (kind === "admin's token") return bearerOf(await insertSession(s.db, admin.id, { now: now() }));
  return dead[kind]!;
}
const now = () => Date.now() + s.clock.offset;

/** Client addresses for the calls (app.inject only, nothing goes on a network): one each, so the per-address sign-in limits never decide an answer here. */
let address = 0;
const nextAddress = () => `198.51.100.${(address++ % 250) + 1}`;

// ---------------------------------------------------------------------------------------
// Inputs.

/** Resources whose records the admin's calls act on: the screens' resources, the homepage's lists (one screen for four), notifications. */
const recordResources = [...resources, ...homepageResources, notificationResource];

/** Records made for the admin's calls: an id that exists (and may be updated or deleted). */
/** Records the app makes, not a call of this API (contact messages, feedback): written straight into the database. */
const fromTheApp: Readonly<Record<string, () => Promise<number>>> = {
  contact: () => insertContact(s.db),
  feedback: async () => insertFeedback(s.db, { user_id: appUser.id, offer_id: (await insertSubjects(s.db)).offer }),
};

async function freshRecord(op: AnyOp): Promise<number> {
  if (op.resource === 'savedView') return ownSavedView();
  const resource = recordResources.find((r) => r.name === op.resource);
  const add = resource?.ops.add;
  if (!add) return (await fromTheApp[op.resource ?? '']?.()) ?? 1;
  const body = bodyOf(add) as Record<string, unknown>;
  // An offer is selected once (a second time is a 409): each selected offer gets its own.
  if (resource!.name === 'selectedOffer') body.offer_id = await freshRecord(offerResource.ops.add!);
  // A notification sent at once may be sent before the call under test (a cancel is then a 409): one for later.
  if (resource!.name === 'notification')
    Object.assign(body, { send_at: new Date(now() + 3600_000).toISOString(), expect: await everyAppUser() });
  const res = await s.call({
    method: add.method,
    url: pathOf(add),
    headers: { ...(await authFor("admin's token")), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, `setting up a ${resource!.name}: ${res.body}`).toBe(200);
  return res.json().data.id;
}

/** A saved view of the admin's own (only its owner may change it), made by the save call. */
let views = 0;
async function ownSavedView(): Promise<number> {
  const res = await s.call({
    method: saveSavedView.method,
    url: pathOf(saveSavedView),
    headers: { ...(await authFor("admin's token")), 'content-type': 'application/json' },
    payload: JSON.stringify({ ...(bodyOf(saveSavedView) as object), name: `Access view ${++views}` }),
  });
  expect(res.statusCode, `setting up a saved view: ${res.body}`).toBe(200);
  return res.json().data.id;
}

/** The size of the audience 'all' (the sample's), which a notification's add confirms as `expect`. */
const everyAppUser = async () =>
  (await s.db.query<{ n: number }>("select count(*)::int as n from users where role = 'user' and status = 'active'"))
    .rows[0].n;

/** References to records made once, before the table: `bank_id` → a bank. */
const refs: Record<string, number> = {};
/** The crawl source the by-source calls name (seeded in beforeAll, with no ref left open). */
const CRAWL_SLUG = 'access-reviewed';
const given = (name: string) => {
  if (name === 'version') return 1;
  if (name === 'from_source') return CRAWL_SLUG;
  // Maintenance mode on needs its message (contract/settings.ts), which the sample leaves null.
  if (name === 'maintenance_mode') return false;
  // crawl_refs/assign: ref 1 of the kind the sample names (card) to the seeded card.
  if (name === 'live_id') return refs.card;
  const m = /^(.*)_ids?$/.exec(name);
  if (!m || !(m[1] in refs)) return undefined;
  return name.endsWith('_ids') ? [refs[m[1]]] : refs[m[1]];
};
const bodyOf = (op: AnyOp) => sample(op.body as Schema | undefined, '', { nulls: true, requiredOnly: true, given });

interface Input {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A valid-looking input: real ids for the admin's calls, fresh e-mails, the minimum body; a CSV import gets a file. */
async function validInput(op: AnyOp, kind: Kind): Promise<Input> {
  const params: Record<string, unknown> = {};
  const needsRecord = kind === "admin's token" && op.access === 'admin';
  if (needsRecord && (op.id === applyHealthFix.id || op.id === undoHealthFix.id)) return healthInput(op);
  for (const p of pathParams(op.path)) {
    // The record's id; any other path parameter (the step's `up`/`down`) as its schema says.
    if (p !== 'id') params[p] = sample(op.params?.properties[p] as Schema | undefined, p);
    else params[p] = needsRecord ? await freshRecord(op) : 1;
  }
  const query = sample(op.query as Schema | undefined, '', { requiredOnly: true, given }) as Record<
    string,
    unknown
  > | null;
  for (const k of Object.keys(op.query?.properties ?? {})) {
    if (/^(id|[a-z]+_id)$/.test(k) && query) query[k] = needsRecord ? await freshRecord(op) : 1;
  }
  const qs =
    query && Object.keys(query).length
      ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
      : '';
  const url = pathOf(op, params) + qs;
  if (!op.body) return { url, headers: {} };
  const body =
    needsRecord && /\.(bulkRemove|bulkUpdate|updateEach|undo|uses)$/.test(op.id)
      ? await bulkBody(op)
      : (bodyOf(op) as Record<string, unknown> | null);
  // The settings are one record, whose version every save moves on: the edit starts from the current one.
  if (op.id === 'notification.add' && body) body.expect = await everyAppUser();
  if (op.resource === 'settings' && body && 'version' in body)
    body.version = (await s.db.query<{ version: number }>('select version from settings where id = 1')).rows[0].version;
  const csvField = Object.entries(op.files ?? {}).find(([, k]) => k === 'csv')?.[0];
  if (csvField && body && !(String(body.type) in CSV_COLUMNS)) {
    // A crawl file (contract/crawlSources.ts importCrawl): one crawled card, as JSON lines.
    const line = JSON.stringify({ kind: 'card', key: `access-${nextAddress()}`, name: 'Access imported card' });
    const form = multipart({
      ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
      [csvField]: { filename: 'crawl.jsonl', type: 'text/plain', data: Buffer.from(`${line}\n`) },
    });
    return { url, headers: form.headers, payload: form.payload };
  }
  if (csvField && body) {
    const target = String(body.type) as CsvTarget;
    const cols = CSV_COLUMNS[target].filter((c) => c.required);
    const csv = `${cols.map((c) => c.name).join(',')}\n${cols.map((c) => JSON.stringify(c.example)).join(',')}\n`;
    const form = multipart({
      ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
      [csvField]: { filename: 'import.csv', type: 'text/csv', data: Buffer.from(csv) },
    });
    return { url, headers: form.headers, payload: form.payload };
  }
  return { url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };
}

/**
 * A health fix's input (contract/health.ts): "end now" on an offer made to be in the
 * unreachable queue (live, no card, no outlet); an undo's, the tokens of such a fix.
 */
async function healthInput(op: AnyOp): Promise<Input> {
  const id = await freshRecord(offerResource.ops.add!);
  await s.db.query("update offers set valid_from = '2000-01-01', valid_to = '2999-12-31' where id = $1", [id]);
  await s.db.query('delete from offer_cards where offer_id = $1', [id]);
  await s.db.query('delete from offer_outlets where offer_id = $1', [id]);
  const json = { 'content-type': 'application/json' };
  const fix = {
    url: pathOf(applyHealthFix, { queue: 'unreachable' }),
    headers: json,
    payload: JSON.stringify({ fix: 'end', ids: [id], expect: 1 }),
  };
  if (op.id === applyHealthFix.id) return fix;
  const res = await s.call({
    method: applyHealthFix.method,
    ...fix,
    headers: { ...(await authFor("admin's token")), ...json },
  });
  expect(res.statusCode, `a health fix to undo: ${res.body}`).toBe(200);
  return { url: pathOf(undoHealthFix), headers: json, payload: JSON.stringify({ undo: res.json().data.undo }) };
}

/**
 * A bulk call's body (contract/bulk.ts): a fresh record by id, and for a change one field
 * it may set; an undo's, the token of a fresh record's delete by the same admin.
 */
async function bulkBody(op: AnyOp): Promise<Record<string, unknown>> {
  const resource = resources.find((r) => r.name === op.resource)!;
  const ids = [await freshRecord(op)];
  if (op.id.endsWith('.bulkRemove') || op.id.endsWith('.uses')) return { ids };
  if (op.id.endsWith('.bulkUpdate')) {
    const field = resource.bulk![0];
    return { ids, set: { [field]: given(field) ?? sample(resource.update.properties[field] as Schema, field) } };
  }
  if (op.id.endsWith('.updateEach')) {
    // One field of the per-row change, the value a bulk change of it would take, at the record's version.
    const field = eachFields(resource).find((f) => resource.bulk?.includes(f)) ?? eachFields(resource)[0];
    const version = (
      await s.db.query<{ version: number }>(`select version from ${resource.storage.table} where id = $1`, [ids[0]])
    ).rows[0].version;
    return {
      rows: [
        {
          id: ids[0],
          version,
          set: { [field]: given(field) ?? sample(resource.update.properties[field] as Schema, field) },
        },
      ],
    };
  }
  const del = resource.ops.bulkRemove!;
  const res = await s.call({
    method: del.method,
    url: pathOf(del),
    headers: { ...(await authFor("admin's token")), 'content-type': 'application/json' },
    payload: JSON.stringify({ ids }),
  });
  expect(res.statusCode, `deleting a ${resource.name} to undo: ${res.body}`).toBe(200);
  return { token: res.json().data.undo };
}

/** An input no schema accepts: odd ids, a required query parameter missing, the body missing or broken. */
/** The bad query every call with a query is sent: a list's paging and an id, each out of range. */
const JUNK_QUERY = { id: 'abc', page: '0', per_page: '1e309', limit: '-1' };

/**
 * Whether the junk query is input the call reads: it names one of its parameters, or the call
 * needs one. A query of optional filters none of which it names (presence.list's `resource`)
 * is answered as if nothing was asked, as an unknown parameter is anywhere.
 */
const readsJunkQuery = (op: AnyOp) =>
  !!op.query &&
  (Object.keys(op.query.properties ?? {}).some((k) => k in JUNK_QUERY) || (op.query.required?.length ?? 0) > 0);

function invalidInput(op: AnyOp, broken: 'no body' | 'broken JSON'): Input {
  const params = Object.fromEntries(pathParams(op.path).map((p) => [p, 'abc']));
  const url = pathOf(op, params) + (op.query ? `?${new URLSearchParams(JUNK_QUERY)}` : '');
  if (!op.body)
    return {
      url,
      headers: broken === 'broken JSON' ? { 'content-type': 'application/json' } : {},
      payload: broken === 'broken JSON' ? '{"a":' : undefined,
    };
  return broken === 'no body'
    ? { url, headers: {} }
    : { url, headers: { 'content-type': 'application/json' }, payload: '{"a":' };
}

async function send(op: AnyOp, kind: Kind, input: Input): Promise<InjectResponse> {
  const res = await s.call({
    method: op.method,
    url: input.url,
    headers: { ...input.headers, ...(await authFor(kind)) },
    payload: input.payload,
    remoteAddress: nextAddress(),
    // The live stream's 200 stays open: its head is the answer (tests/helpers/app.ts streamHead).
    payloadAsStream: op.stream,
  });
  // Whatever the status, the one error shape.
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(body.message, `${op.id} as ${kind}: ${res.body}`).toEqual(expect.any(String));
    expect(body.errors.message[0]).toBe(body.message);
  }
  return res;
}

/** What the table expects: a status, or "as with no token" for public calls. */
function expected(op: AnyOp, kind: Kind): number | 'as with no token' {
  if (op.access === 'public') return 'as with no token';
  if (DEAD.includes(kind)) return 401;
  if (op.access === 'admin' && kind === "app user's token") return 403;
  return 200;
}

// ---------------------------------------------------------------------------------------

beforeAll(async () => {
  s = await startTestServer();
  admin = await insertUser(s.db, { role: 'admin', email: 'access-admin@test.example', name: 'Access admin' });
  appUser = await insertUser(s.db, { role: 'user', email: 'access-app-user@test.example', name: 'App user' });
  // The dead credentials.
  dead['no token'] = {};
  dead['garbage token'] = bearerOf(crypto.randomBytes(32).toString('base64url'));
  dead['expired token'] = bearerOf(await insertSession(s.db, admin.id, { now: now(), expiresIn: -60_000 }));
  const leaving = await insertSession(s.db, admin.id, { now: now() });
  expect((await s.call({ method: logout.method, url: pathOf(logout), headers: bearerOf(leaving) })).statusCode).toBe(
    200,
  );
  dead['logged-out token'] = bearerOf(leaving);
  const disabled = await insertUser(s.db, { role: 'admin', status: 'disabled', name: 'Disabled admin' });
  dead["disabled account's token"] = bearerOf(await insertSession(s.db, disabled.id, { now: now() }));
  // One record of each kind that others refer to (a card's bank, an offer's cards).
  for (const r of resources) {
    if (!r.ops.add) continue;
    const res = await s.call({
      method: r.ops.add.method,
      url: pathOf(r.ops.add),
      headers: { ...s.adminAuth, 'content-type': 'application/json' },
      payload: JSON.stringify(bodyOf(r.ops.add)),
    });
    expect(res.statusCode, `seeding ${r.name}: ${res.body}`).toBe(200);
    refs[r.name] = res.json().data.id;
  }
  refs.area = (await s.db.query<{ id: number }>('select id from dubai_cities order by id limit 1')).rows[0]?.id ?? 1;
  await seedCrawl();
});

/**
 * Crawl review (contract/crawl.ts), in the order its calls run below: source 1 with ref 1 of
 * each kind (the id every sample uses: path ids, `from`, `ref_id`), ready for each call made
 * on it (card ref 1 names the seeded network, so a card can be made of it); card ref 2 for
 * `card_ref_id` (assigned, then its decision is undo 1); an outlet ref whose id is the seeded
 * outlet's (transfer_outlet_ref takes `outlet_ids` from refs.outlet); and CRAWL_SLUG, a
 * source without refs, so verify passes and the bulk calls act on nothing.
 */
async function seedCrawl() {
  const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);
  const network = (await q<{ type: string }>('select type from networks where id = $1', [refs.network]))[0].type;
  const [source] = await q(
    "insert into crawl_sources (name, from_source, bank_id) values ('Access site', 'access-site', $1) returning id",
    [refs.bank],
  );
  expect(source.id, 'the first crawl source is source 1').toBe(1);
  const card = (key: string, name: string) =>
    q('insert into crawl_cards (source_id, source_key, name, network) values ($1, $2, $3, $4) returning id', [
      source.id,
      key,
      name,
      network,
    ]);
  expect((await card('c1', 'Access crawled card'))[0].id).toBe(1);
  refs.card_ref = (await card('c2', 'Access assigned card'))[0].id;
  for (const id of [...new Set([1, refs.outlet])]) {
    await q(
      "insert into crawl_outlets (id, source_id, source_key, merchant_name) values ($1, $2, $3, 'Access crawled outlet')",
      [id, source.id, `o${id}`],
    );
  }
  await q("select setval(pg_get_serial_sequence('crawl_outlets', 'id'), (select max(id) from crawl_outlets))");
  refs.outlet_ref = 1;
  await q(
    "insert into crawl_offers (source_id, source_key, title, discount, valid_from, valid_to) values ($1, 'f1', 'Access crawled offer', '10% off', '2026-01-01', '2027-01-01')",
    [source.id],
  );
  await q("insert into crawl_sources (name, from_source) values ('Access reviewed', $1)", [CRAWL_SLUG]);
}
afterAll(() => s?.close());

it('covers every operation, each with an access rule', () => {
  expect(operations.length).toBeGreaterThan(45);
  for (const op of operations) expect(['public', 'user', 'admin'], op.id).toContain(op.access);
});

/**
 * The walk's order: the contract's (contract/operations.ts, by area then name), except two calls
 * whose valid input needs the state of a point in the walk: verify runs before any crawl call adds
 * refs to the reviewed source, and restore after the save that made the version it restores.
 */
const FIRST = ['crawl.verify'];
const LAST = ['cms.restore'];
const walk = [
  ...operations.filter((op) => FIRST.includes(op.id)),
  ...operations.filter((op) => !FIRST.includes(op.id) && !LAST.includes(op.id)),
  ...operations.filter((op) => LAST.includes(op.id)),
];

describe.each(walk.map((op) => [`${op.id} (${op.access}): ${op.method} ${op.path}`, op] as const))(
  '%s',
  (_name, op) => {
    it.each(KINDS)('with %s: the exact status, before the input is read', async (kind) => {
      const want = expected(op, kind);
      const valid = await send(op, kind, await validInput(op, kind));
      const noBody = await send(op, kind, invalidInput(op, 'no body'));
      const broken = await send(op, kind, invalidInput(op, 'broken JSON'));
      if (want === 'as with no token') {
        const plain = await send(op, 'no token', await validInput(op, 'no token'));
        expect(valid.statusCode, `${valid.body}`).toBe(plain.statusCode);
        expect(noBody.statusCode).toBe((await send(op, 'no token', invalidInput(op, 'no body'))).statusCode);
        expect(broken.statusCode).toBe((await send(op, 'no token', invalidInput(op, 'broken JSON'))).statusCode);
        return;
      }
      expect(valid.statusCode, `valid input: ${valid.body}`).toBe(want);
      if (want === 200) {
        // Let in: bad input is then judged as bad input, never as a matter of access. A call
        // that reads no input has none to refuse (a body it does not take may be ignored).
        const readsInput = !!op.body || readsJunkQuery(op) || pathParams(op.path).length > 0;
        expect(readsInput ? [400, 404, 422] : [200], `no body: ${noBody.body}`).toContain(noBody.statusCode);
        expect(readsInput ? [400, 404, 422] : [200, 400], `broken JSON: ${broken.body}`).toContain(broken.statusCode);
      } else {
        expect(noBody.statusCode, `no body: ${noBody.body}`).toBe(want);
        expect(broken.statusCode, `broken JSON: ${broken.body}`).toBe(want);
      }
    });
  },
);

it('a session expires after 3 days on the server clock', async () => {
  const token = await insertSession(s.db, admin.id, { now: now() });
  const user = await insertSession(s.db, appUser.id, { now: now() });
  expect((await s.call({ method: 'GET', url: pathOf(showMe), headers: bearerOf(token) })).statusCode).toBe(200);
  s.clock.offset = 3 * 24 * 3600_000 + 60_000;
  try {
    expect((await s.call({ method: 'GET', url: pathOf(showMe), headers: bearerOf(token) })).statusCode).toBe(401);
    expect(
      (
        await s.call({
          method: updateProfile.method,
          url: pathOf(updateProfile),
          headers: { ...bearerOf(user), 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(401);
  } finally {
    s.clock.offset = 0;
  }
  expect((await s.call({ method: 'GET', url: pathOf(showMe), headers: bearerOf(token) })).statusCode).toBe(200);
});
