// The live stream (GET /admin/v1/events, server/http/eventStream.ts) on both databases: a
// committed write shows on an open stream with what changed and who changed it; a reconnect
// naming its last id gets exactly what it missed; on PostgreSQL another process's write
// reaches this one's stream through NOTIFY; only admins may listen.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, logout } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { streamEvents, type ChangeEvent } from '@contract/events';
import { readEventStream } from '@contract/eventStream';
import { userResource } from '@contract/user';
import { opCalls } from '../helpers/ops';
import { bearerOf, insertSession, insertUser } from '../helpers/sessions';
import { ADMIN, LEVEL, startTestServer, type LogLine, type TestServer } from '../helpers/app';
import { openLiveStream, openUnreadStream } from '../helpers/liveStream';
import { secondApp } from '../helpers/secondApp';

let s: TestServer;
let base: string;
const { ok, call } = opCalls(() => s);

beforeAll(async () => {
  s = await startTestServer();
  base = await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => s?.close());

/** Opens the stream as the browser does (fetch, the bearer header) and parses its messages. */
const openStream = (headers: Record<string, string> = {}) => openLiveStream(base, { ...s.adminAuth, ...headers });

const me = async () =>
  (await s.db.query<{ id: number; name: string }>('select id, name from users order by id limit 1')).rows[0]!;

it('a write shows on an open stream: operation, resource, ids, actor, version', async () => {
  const stream = await openStream();
  try {
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await stream.first()).event).toBe('ready');
    const added = await ok(bankResource.ops.add!, { body: { name: 'Streamline Bank', code: 'STRM' } });
    const id = added.data.id as number;
    const updated = await ok(bankResource.ops.update!, {
      params: { id },
      body: { name: 'Streamline Savings', code: 'STRM', version: added.data.version },
    });
    await expect.poll(() => stream.of<ChangeEvent>('change').length, { timeout: 5000 }).toBe(2);
    const admin = await me();
    const [add, update] = stream.of<ChangeEvent>('change');
    expect(add).toMatchObject({
      operation: bankResource.ops.add!.id,
      resource: 'bank',
      ids: [id],
      actor: { id: admin.id, name: admin.name },
    });
    expect(add!.touches).toContain('bank');
    expect(update).toMatchObject({
      operation: bankResource.ops.update!.id,
      resource: 'bank',
      ids: [id],
      version: updated.data.version,
      actor: { id: admin.id },
    });
    // Each message's id is the event's, in order: what a reconnect names.
    const ids = stream.messages.filter((m) => m.event === 'change').map((m) => Number(m.id));
    expect(ids).toEqual([add!.id, update!.id]);
    expect(update!.id).toBeGreaterThan(add!.id);
  } finally {
    stream.close();
  }
});

it('a read, or a write that fails, is no event', async () => {
  const stream = await openStream();
  try {
    await stream.first();
    await ok(bankResource.ops.list, { query: { per_page: 5 } });
    const res = await call(bankResource.ops.update!, {
      params: { id: 999_999 },
      body: { name: 'Nobody', code: 'NOBD', version: 1 },
    });
    expect(res.status).toBe(404);
    await ok(bankResource.ops.add!, { body: { name: 'Marker Bank', code: 'MRKR' } });
    await expect.poll(() => stream.of<ChangeEvent>('change').length, { timeout: 5000 }).toBe(1);
    expect(stream.of<ChangeEvent>('change')[0]!.operation).toBe(bankResource.ops.add!.id);
  } finally {
    stream.close();
  }
});

it('a reconnect with Last-Event-ID gets exactly what it missed, then what comes next', async () => {
  const first = await openStream();
  await first.first();
  await ok(bankResource.ops.add!, { body: { name: 'Before Gap Bank', code: 'BGAP' } });
  await expect.poll(() => first.of<ChangeEvent>('change').length, { timeout: 5000 }).toBe(1);
  const last = first.messages.at(-1)!.id!;
  first.close();
  const missed = [];
  for (const [name, code] of [
    ['Gap One Bank', 'GAP1'],
    ['Gap Two Bank', 'GAP2'],
    ['Gap Three Bank', 'GAP3'],
  ])
    missed.push((await ok(bankResource.ops.add!, { body: { name, code } })).data.id as number);
  const again = await openStream({ 'last-event-id': last });
  try {
    expect((await again.first()).event).toBe('ready');
    await expect.poll(() => again.of<ChangeEvent>('change').length, { timeout: 5000 }).toBe(3);
    expect(again.of<ChangeEvent>('change').map((e) => e.ids[0])).toEqual(missed);
    const after = (await ok(bankResource.ops.add!, { body: { name: 'After Gap Bank', code: 'AGAP' } })).data.id;
    await expect.poll(() => again.of<ChangeEvent>('change').length, { timeout: 5000 }).toBe(4);
    expect(again.of<ChangeEvent>('change')[3]!.ids).toEqual([after]);
    // Nothing twice.
    const ids = again.of<ChangeEvent>('change').map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  } finally {
    again.close();
  }
});

it('a reconnect from before what was pruned is told to reload', async () => {
  await ok(bankResource.ops.add!, { body: { name: 'Old News Bank', code: 'OLDN' } });
  const oldest = Number(await one('select min(id) from change_events'));
  await s.db.query(`update change_events set at = now() - interval '2 days' where id <= $1`, [oldest + 1]);
  await s.app.events.prune();
  const stream = await openStream({ 'last-event-id': String(oldest - 1 > 0 ? oldest - 1 : 0) });
  try {
    expect((await stream.first()).event).toBe('reload');
  } finally {
    stream.close();
  }
});

async function one(sql: string) {
  return Object.values((await s.db.query(sql)).rows[0] ?? {})[0];
}

it('no token is 401, an app user 403', async () => {
  const anon = await fetch(base + streamEvents.path);
  expect(anon.status).toBe(401);
  await anon.body?.cancel();
  // An app user of the consumer app: signed in, but no staff.
  const user = await insertUser(s.db, { role: 'user' });
  const token = await insertSession(s.db, user.id, { now: Date.now() });
  const res = await fetch(base + streamEvents.path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(403);
  await res.body?.cancel();
});

it('sends a heartbeat comment and ends when the server closes', async () => {
  // A second app on the same database with a short heartbeat, closed at the end of the test.
  const other = await secondApp(s, { heartbeatMs: 50 });
  try {
    const res = await fetch(other.base + streamEvents.path, { headers: s.adminAuth });
    let pinged = () => {};
    const ping = new Promise<void>((resolve) => (pinged = resolve));
    const reading = readEventStream(res.body!.pipeThrough(new TextDecoderStream()).getReader(), {
      message: () => undefined,
      comment: (line) => line.startsWith(': ping') && pinged(),
    });
    await ping;
    const closing = other.close();
    // The stream ends (done) rather than the close waiting for it forever.
    await reading;
    await closing;
  } finally {
    await other.close();
  }
});

// PostgreSQL only: PGlite's folder belongs to one process (server/db/lock.ts), so no other can commit.
it.skipIf(process.env.TEST_DB !== 'postgres')(
  "on PostgreSQL, another process's write reaches this one's stream",
  async () => {
    const stream = await openStream();
    const other = await secondApp(s);
    try {
      await stream.first();
      const res = await other.app.inject({
        method: 'POST',
        url: bankResource.ops.add!.path,
        headers: { ...s.adminAuth, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Elsewhere Bank', code: 'ELSW' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      await expect.poll(() => stream.of<ChangeEvent>('change').length, { timeout: 5000 }).toBe(1);
      expect(stream.of<ChangeEvent>('change')[0]).toMatchObject({
        operation: bankResource.ops.add!.id,
        ids: [res.json().data.id],
      });
    } finally {
      stream.close();
      await other.close();
    }
  },
);

// A stream lives as long as its session (server/services/streamSessions.ts): it ends within a
// second of the write that ends the session, whoever made it, and says why in the log.
const signIn = async () => bearerOf((await ok(login, { body: ADMIN })).data.token as string);

/** The server's line for a stream it ended, by reason. */
const endedLine = (logs: LogLine[], reason: string) => logs.find((l) => l.msg === `live stream ended: ${reason}`);

it('a signed-out session ends its open streams within a second; the token then opens none', async () => {
  const auth = await signIn();
  const streams = [await openStream(auth), await openStream(auth)];
  await Promise.all(streams.map((st) => st.first()));
  s.logs.clear();
  const out = performance.now();
  await ok(logout, {}, auth);
  for (const st of streams) {
    await expect.poll(() => st.ended(), { timeout: 1000, interval: 10 }).toBe(true);
    expect(st.endedAt()! - out).toBeLessThan(1000);
  }
  expect(endedLine(s.logs, 'signed out')).toMatchObject({ level: LEVEL.info, reason: 'signed out' });
  const again = await fetch(base + streamEvents.path, { headers: auth });
  expect(again.status).toBe(401);
  await again.body?.cancel();
});

it('streams opened together, each on a session of its own, all stay open and hear what follows', async () => {
  const { id } = await me();
  const tokens = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertSession(s.db, id)));
  const streams = await Promise.all(tokens.map((t) => openStream(bearerOf(t))));
  try {
    await Promise.all(streams.map((st) => st.first()));
    await ok(bankResource.ops.add!, { body: { name: 'Together Bank', code: 'TGTR' } });
    for (const st of streams) await expect.poll(() => st.of<ChangeEvent>('change').length).toBe(1);
    expect(streams.filter((st) => st.ended())).toEqual([]);
  } finally {
    streams.forEach((st) => st.close());
  }
});

/** An update of an account, at its current version. */
async function changeUser(id: number, body: Record<string, unknown>) {
  const { rows } = await s.db.query<{ version: number }>('select version from users where id = $1', [id]);
  return ok(userResource.ops.update!, { params: { id }, body: { ...body, version: rows[0]!.version } });
}

/** A staff account of its own with a session, and a stream open on it. */
async function staffStream(role = 'editor') {
  const account = await insertUser(s.db, { role });
  const stream = await openStream(bearerOf(await insertSession(s.db, account.id)));
  expect((await stream.first()).event).toBe('ready');
  return { id: account.id, stream };
}

for (const [how, reason, change] of [
  ['disabling', 'account disabled', (id: number) => changeUser(id, { status: 'disabled' })],
  ['deleting', 'account deleted', (id: number) => ok(userResource.ops.remove!, { query: { user_id: id } })],
  ['demoting to an app user', 'role may not stream', (id: number) => changeUser(id, { role: 'user' })],
] as const)
  it(`${how} an account ends its open streams within a second`, async () => {
    const { id, stream } = await staffStream();
    s.logs.clear();
    const changed = performance.now();
    await change(id);
    await expect.poll(() => stream.ended(), { timeout: 1000, interval: 10 }).toBe(true);
    expect(stream.endedAt()! - changed).toBeLessThan(1000);
    expect(endedLine(s.logs, reason)).toMatchObject({ user: id, reason });
  });

it('a role that may still stream keeps its stream', async () => {
  const { id, stream } = await staffStream();
  try {
    await changeUser(id, { role: 'viewer' });
    // A change committed after the demotion still arrives, and the stream is open a while after.
    await ok(bankResource.ops.add!, { body: { name: 'Still Here Bank', code: 'STIL' } });
    await expect
      .poll(() => stream.of<ChangeEvent>('change').some((e) => e.operation === bankResource.ops.add!.id))
      .toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.ended()).toBe(false);
  } finally {
    stream.close();
  }
});

it("a session's expiry ends its open streams within a second of it", async () => {
  const account = await insertUser(s.db, { role: 'viewer' });
  const now = Date.now() + s.clock.offset;
  const token = await insertSession(s.db, account.id, { now, expiresIn: 1500 });
  const expires = performance.now() + (now + 1500 - Date.now() - s.clock.offset);
  const stream = await openStream(bearerOf(token));
  await stream.first();
  await expect.poll(() => stream.ended(), { timeout: 3000, interval: 10 }).toBe(true);
  expect(stream.endedAt()! - expires).toBeLessThan(1000);
  expect(endedLine(s.logs, 'expired')).toMatchObject({ user: account.id });
});

// Bounded unsent bytes (server/http/eventStream.ts): a client that reads nothing is dropped
// before what waits for it passes the cap, and what it missed is there when it reads again.
it('a client that stops reading is dropped before its unsent bytes pass the cap, and resumes from its last id', async () => {
  const cap = 64 * 1024;
  const other = await secondApp(s, { env: { STREAM_BUFFER_KB: '64' }, stallMs: 500 });
  try {
    const stalled = await openUnreadStream(other.base, s.adminAuth);
    await expect.poll(() => other.app.events.size()).toBe(1);
    // ~8 MB of change events (1,000 ids each, as a bulk call names them): more than the
    // kernel's buffers on both ends hold, so the rest waits in the server.
    const first = Number(await one('select coalesce(max(id), 0) + 1 from change_events'));
    await s.db.query(
      `insert into change_events (operation, resource, touches, ids)
       select 'bank.bulkUpdate', 'bank', '{bank}', array(select generate_series(1000000 * g, 1000000 * g + 999))
       from generate_series(1, 1000) g`,
    );
    const last = first + 999;
    await expect.poll(() => endedLine(other.logs, 'not reading'), { timeout: 20_000 }).toBeTruthy();
    const line = endedLine(other.logs, 'not reading')!;
    expect(line.peak as number).toBeLessThanOrEqual(cap);
    expect(other.app.events.size()).toBe(0);
    // Reading again, it has what reached it before the drop; it resumes after the last whole message.
    const got = (await stalled.readToEnd()).filter((m) => m.event === 'change').map((m) => Number(m.id));
    expect(got.length).toBeLessThan(1000);
    const resumeAt = got.at(-1) ?? first - 1;
    const again = await openStream({ 'last-event-id': String(resumeAt) });
    try {
      await expect.poll(() => again.of<ChangeEvent>('change').at(-1)?.id, { timeout: 20_000 }).toBe(last);
      expect(again.of<ChangeEvent>('change').map((e) => e.id)).toEqual(range(resumeAt + 1, last));
      expect(again.ended()).toBe(false);
    } finally {
      again.close();
    }
  } finally {
    await other.close();
  }
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

it('past the streams a session or an account may hold, a 429 that says so', async () => {
  const other = await secondApp(s, { env: { STREAMS_PER_SESSION: '2', STREAMS_PER_ACCOUNT: '3' } });
  const opened: AbortController[] = [];
  const open = async (auth: Record<string, string>) => {
    const abort = new AbortController();
    opened.push(abort);
    return fetch(other.base + streamEvents.path, { headers: auth, signal: abort.signal });
  };
  try {
    const account = await insertUser(s.db, { role: 'reviewer' });
    const [a, b] = [bearerOf(await insertSession(s.db, account.id)), bearerOf(await insertSession(s.db, account.id))];
    for (const auth of [a, a, b]) expect((await open(auth)).status).toBe(200);
    const bySession = await open(a);
    expect(bySession.status).toBe(429);
    expect(bySession.headers.get('retry-after')).toBe('5');
    expect(((await bySession.json()) as { message: string }).message).toBe(
      'This session already has 2 live update streams open, the most one session may have. Close another tab of the app, or try again once one has closed.',
    );
    const byAccount = await open(b);
    expect(byAccount.status).toBe(429);
    expect(((await byAccount.json()) as { message: string }).message).toMatch(
      /^This account already has 3 live update streams open/,
    );
    expect(other.logs.find((l) => l.status === 429)).toMatchObject({ user: account.id, level: LEVEL.info });
    // A stream that closes makes room.
    opened[0]!.abort();
    await expect.poll(() => other.app.events.size()).toBe(2);
    expect((await open(a)).status).toBe(200);
  } finally {
    opened.forEach((a) => a.abort());
    await other.close();
  }
});
