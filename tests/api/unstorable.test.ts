// Text PostgreSQL cannot hold is bad input, refused with a 422 naming the field before any SQL
// runs (server/services/storable.ts): a NUL (U+0000: text and jsonb refuse it, which was a 500),
// and a UTF-16 surrogate without its pair (JSON can spell one, "\ud800": text silently stored
// U+FFFD in its place, jsonb refused it). From every part of a call: path, query string, JSON
// body, multipart field, the live stream's header, a crawl file's JSON lines. Each refusal
// changes nothing and is logged as any 422 is. (A CSV file holding a NUL is no text file:
// refused whole, tests/api/csv.test.ts.) tests/api/fuzz.test.ts sends every class of text to
// every text field of every operation.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { listAudit } from '@contract/audit';
import { importCrawl } from '@contract/crawlSources';
import { streamEvents } from '@contract/events';
import { login, updateProfile } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { pathOf, type AnyOp } from '@contract/operation';
import { saveSavedView, updateSavedView } from '@contract/savedView';
import { userResource } from '@contract/user';
import { LEVEL, multipart, startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser, type Account } from '../helpers/sessions';

let s: TestServer;
const { call, ok, one } = opCalls(() => s);
let viewer: Account;
let viewerAuth: Record<string, string>;
let viewId: number;
let before: Record<string, string>;

const NUL = 'Name contains a character that cannot be stored (NUL).';
const SURROGATE = 'Name contains a character that cannot be stored (an unpaired surrogate).';
const prefs = { shown: { valid_from: true }, density: 'dense' };

beforeAll(async () => {
  s = await startTestServer();
  viewer = await insertUser(s.db, { role: 'user', name: 'Viewer' });
  viewerAuth = bearerOf(await insertSession(s.db, viewer.id, { now: Date.now() + s.clock.offset }));
  viewId = (await ok(saveSavedView, { body: { name: 'Mine', view: 'offers', path: '/offer-list', search: '', prefs } }))
    .data.id;
  await ok(bankResource.ops.add!, { body: { name: 'Stored Bank', code: 'STORED' } });
});
afterAll(() => s?.close());
beforeEach(async () => {
  before = await tableChecksums(s.db, { withAudit: true });
  s.logs.clear();
});

/** The answer is a 422 naming `field` first with `text`, its message the same, and no table changed. */
async function refused(
  res: { status: number; json: { message?: string; errors?: Record<string, string[]> } },
  field: string,
  text: string,
) {
  expect(res.status, JSON.stringify(res.json)).toBe(422);
  expect(res.json.message).toBe(text);
  expect(res.json.errors?.[field]?.[0]).toBe(text);
  expect(res.json.errors?.message).toEqual([text]);
  expect(changedTables(before, await tableChecksums(s.db, { withAudit: true }))).toEqual([]);
}

/** A multipart call of `op` as the admin (or `headers`), the answer read as `call`'s. */
async function form(
  op: AnyOp,
  fields: Parameters<typeof multipart>[0],
  params?: Record<string, unknown>,
  headers: Record<string, string> = s.adminAuth,
) {
  const f = multipart(fields);
  const res = await s.call({
    method: op.method,
    url: pathOf(op, params),
    headers: { ...headers, ...f.headers },
    payload: f.payload,
  });
  return { status: res.statusCode, json: res.json() };
}

it('GET /admin/v1/audit_log?resource=a%00b: a 422 on resource, logged as other refusals', async () => {
  const res = await s.call({ method: 'GET', url: `${pathOf(listAudit)}?resource=a%00b`, headers: s.adminAuth });
  const text = 'Resource contains a character that cannot be stored (NUL).';
  await refused({ status: res.statusCode, json: res.json() }, 'resource', text);
  await new Promise((r) => setImmediate(r)); // the request's line is written once the answer has gone
  expect(s.logs.filter((l) => l.reqId !== undefined)).toMatchObject([
    { level: LEVEL.info, status: 422, op: listAudit.id, reason: text },
  ]);
});

it('a NUL in a list search (query string) and in a path parameter is a 422, not a 500', async () => {
  const list = await s.call({
    method: 'GET',
    url: `${pathOf(bankResource.ops.list)}?query=x%00`,
    headers: s.adminAuth,
  });
  await refused(
    { status: list.statusCode, json: list.json() },
    'query',
    'Query contains a character that cannot be stored (NUL).',
  );
  const show = await s.call({
    method: 'GET',
    url: pathOf(bankResource.ops.show!, { id: '%00' }),
    headers: s.adminAuth,
  });
  expect(show.statusCode).toBe(422);
  expect(Object.keys(show.json().errors)).toContain('id');
});

it('add_bank with a NUL in the name, as JSON and as a form: a 422 on name', async () => {
  await refused(await call(bankResource.ops.add!, { body: { name: 'Ba\u0000nk', code: 'NULBANK' } }), 'name', NUL);
  await refused(await form(bankResource.ops.add!, { name: 'Ba\u0000nk', code: 'NULBANK' }), 'name', NUL);
  expect(await one("select count(*)::int from banks where code = 'NULBANK'")).toBe(0);
});

it('add_bank with an unpaired surrogate in the name: a 422, not a bank named with U+FFFD', async () => {
  await refused(
    await call(bankResource.ops.add!, { body: { name: 'Bank \ud800', code: 'LONEHIGH' } }),
    'name',
    SURROGATE,
  );
  await refused(
    await call(bankResource.ops.add!, { body: { name: '\udc00Bank', code: 'LONELOW' } }),
    'name',
    SURROGATE,
  );
  // A pair is one character (an emoji), stored as it is.
  const paired = await ok(bankResource.ops.add!, { body: { name: 'Bank \ud83d\ude00', code: 'PAIRED' } });
  expect(paired.data.name).toBe('Bank 😀');
});

it('saved views: a NUL in the name of a save or a rename, or in a column key of its prefs (jsonb)', async () => {
  const view = { name: 'Vi\u0000ew', view: 'offers', path: '/offer-list', search: '', prefs };
  await refused(await call(saveSavedView, { body: view }), 'name', NUL);
  await refused(await call(updateSavedView, { params: { id: viewId }, body: { name: 'Re\u0000named' } }), 'name', NUL);
  const key = { ...view, name: 'Keyed', prefs: { ...prefs, shown: { 'valid\u0000from': true } } };
  await refused(
    await call(saveSavedView, { body: key }),
    'prefs.shown',
    'Shown contains a character that cannot be stored (NUL).',
  );
  const lone = { ...view, name: 'Keyed', prefs: { ...prefs, shown: { '\ud800': true } } };
  await refused(
    await call(saveSavedView, { body: lone }),
    'prefs.shown',
    'Shown contains a character that cannot be stored (an unpaired surrogate).',
  );
});

it('update_user with a NUL in the name: a 422 on name, the account as it was', async () => {
  const u = userResource.ops.update!;
  await refused(await call(u, { params: { id: viewer.id }, body: { name: 'Vi\u0000ewer', version: 1 } }), 'name', NUL);
  await refused(await form(u, { name: 'Vi\u0000ewer', version: '1' }, { id: viewer.id }), 'name', NUL);
  expect(await one('select name from users where id = $1', [viewer.id])).toBe('Viewer');
});

it('POST /api/v1/update_profile {"name":"Vi\\u0000ewer"} from a signed-in app user: a 422 on name', async () => {
  await refused(await call(updateProfile, { body: { name: 'Vi\u0000ewer' } }, viewerAuth), 'name', NUL);
  await refused(await form(updateProfile, { name: 'Vi\u0000ewer' }, undefined, viewerAuth), 'name', NUL);
  expect(await one('select name from users where id = $1', [viewer.id])).toBe('Viewer');
});

it('sign-in: a NUL in the password is a 422 on password, counted as no try; the live stream refuses one in Last-Event-ID', async () => {
  const res = await call(login, { body: { email: 'admin@test.example', password: 'correct-horse\u0000battery' } }, {});
  await refused(res, 'password', 'Password contains a character that cannot be stored (NUL).');
  // The one route registered beside registerOperation validates its header by the same validator.
  const stream = await s.call({
    method: 'GET',
    url: pathOf(streamEvents),
    headers: { ...s.adminAuth, 'last-event-id': '1\u0000' },
    payloadAsStream: true,
  });
  expect(stream.statusCode).toBe(422);
  expect(stream.json().errors['last-event-id']).toEqual([
    'Last-event-id contains a character that cannot be stored (NUL).',
  ]);
});

it('a crawl file: JSON lines spelling a NUL or a lone surrogate ("\\u0000", "\\ud800") are refused by line and field', async () => {
  const lines = [
    '{"kind":"card","key":"k\\u0000","name":"Card"}',
    '{"kind":"card","key":"k2","name":"Card \\ud800"}',
    '{"kind":"offer","key":"o1","title":"Offer","cards":["Ca\\u0000rd"]}',
  ].join('\n');
  const res = await form(importCrawl, {
    from_source: 'nul-site',
    name: 'NUL site',
    file: { filename: 'c.jsonl', type: 'application/x-ndjson', data: Buffer.from(lines) },
  });
  const message = '3 lines have errors; nothing was imported.';
  await refused(res, 'file', message);
  expect(res.json.errors.file).toEqual([
    message,
    'Line 1: key contains a character that cannot be stored (NUL).',
    'Line 2: name contains a character that cannot be stored (an unpaired surrogate).',
    'Line 3: cards contains a character that cannot be stored (NUL).',
  ]);
});
