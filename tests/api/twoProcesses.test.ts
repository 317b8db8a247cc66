// Two servers on one PostgreSQL database read their own and each other's writes: a session
// signed out on one is refused by the other on its very next call, and a write answered by
// one is in the other's next list, though each keeps sessions and list answers in its caches
// (server/http/answerCache.ts). What makes it so is Db.sync (server/db/connection.ts): a call
// counts the commits made before it arrived before it trusts a cache. Each check runs 30
// rounds; a notice that came late would show as a miss. A live stream open on one ends when
// its session signs out on the other (server/services/streamSessions.ts hears the NOTIFY).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, logout } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { pathOf } from '@contract/operation';
import { ADMIN, startTestServer, type TestServer } from '../helpers/app';
import { openLiveStream } from '../helpers/liveStream';
import { secondApp, type SecondApp } from '../helpers/secondApp';

const ROUNDS = 30;
let s: TestServer;
let b: SecondApp;

// PostgreSQL only: PGlite's folder belongs to one process (server/db/lock.ts), so no other can commit.
const onPostgres = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  s = await startTestServer();
  if (onPostgres) b = await secondApp(s);
});
afterAll(async () => {
  await b?.close();
  await s?.close();
});

const json = { 'content-type': 'application/json' };

it.skipIf(!onPostgres)('a session signed out on one server is refused by the other at once', async () => {
  let misses = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const signIn = await s.app.inject({ method: 'POST', url: pathOf(login), headers: json, payload: ADMIN });
    const auth = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const list = { method: 'GET' as const, url: pathOf(bankResource.ops.list), headers: auth };
    // The other server has the session in its cache…
    expect((await b.app.inject(list)).statusCode).toBe(200);
    const out = await s.app.inject({ method: 'POST', url: pathOf(logout), headers: auth });
    expect(out.statusCode, out.body).toBe(200);
    // …and drops it on the call after the sign-out's answer.
    if ((await b.app.inject(list)).statusCode !== 401) misses++;
  }
  expect(misses).toBe(0);
});

it.skipIf(!onPostgres)("a write answered by one server is in the other's next list", async () => {
  const bank = (
    await s.app.inject({
      method: 'POST',
      url: pathOf(bankResource.ops.add!),
      headers: { ...s.adminAuth, ...json },
      payload: JSON.stringify({ name: 'Round 0 Bank', code: 'RND0' }),
    })
  ).json().data as { id: number; version: number };
  const list = { method: 'GET' as const, url: `${pathOf(bankResource.ops.list)}?query=Round`, headers: s.adminAuth };
  let version = bank.version;
  let misses = 0;
  for (let i = 1; i <= ROUNDS; i++) {
    expect((await b.app.inject(list)).statusCode).toBe(200); // kept in its answer cache
    const saved = await s.app.inject({
      method: bankResource.ops.update!.method,
      url: pathOf(bankResource.ops.update!, { id: bank.id }),
      headers: { ...s.adminAuth, ...json },
      payload: JSON.stringify({ name: `Round ${i} Bank`, version }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    version = saved.json().data.version;
    const names = ((await b.app.inject(list)).json().data as { name: string }[]).map((r) => r.name);
    if (!names.includes(`Round ${i} Bank`)) misses++;
  }
  expect(misses).toBe(0);
});

it.skipIf(!onPostgres)(
  "a stream open on one server ends within a second of its session's sign-out on the other",
  async () => {
    const signIn = await s.app.inject({ method: 'POST', url: pathOf(login), headers: json, payload: ADMIN });
    const auth = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const stream = await openLiveStream(b.base, auth);
    expect(stream.res.status).toBe(200);
    await stream.ready();
    const out = performance.now();
    expect((await s.app.inject({ method: 'POST', url: pathOf(logout), headers: auth })).statusCode).toBe(200);
    await expect.poll(() => stream.endedAt(), { timeout: 1000, interval: 10 }).not.toBeNull();
    expect(stream.endedAt()! - out).toBeLessThan(1000);
    expect(b.logs.find((l) => l.msg === 'live stream ended: signed out')).toBeTruthy();
  },
);
