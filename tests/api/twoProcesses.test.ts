// Two servers on one PostgreSQL database read their own and each other's writes: a session
// signed out on one is refused by the other on its very next call, and a write answered by
// one is in the other's next list, though each keeps sessions and list answers in its caches
// (server/http/answerCache.ts, server/services/auth.ts). What makes it so is the NOTIFY each
// commit sends (server/db/connection.ts): the writing server answers once every other listening
// server has said it heard the notice, so none is asked before it knows, with no look at the
// database per call (without that wait: 7 and 3 of 30 missed, and of the account's 10 rounds 1
// disabled, 3 password and 2 name misses). Each check runs 30 rounds (the account's, 10); a
// notice that came late would show as a miss. A live stream open on one ends when
// its session signs out on the other (server/services/streamSessions.ts hears the NOTIFY).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, logout, showMe } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { userResource } from '@contract/user';
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

it.skipIf(!onPostgres)(
  'an account disabled, its password changed or its name saved on one server is seen by the other at once',
  async () => {
    const email = 'two.servers@test.example';
    const password = 'first-password-1';
    const added = await s.app.inject({
      method: userResource.ops.add!.method,
      url: pathOf(userResource.ops.add!),
      headers: { ...s.adminAuth, ...json },
      payload: JSON.stringify({ name: 'Two Servers', email, role: 'admin', status: 'active', password }),
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = (added.json().data as { id: number }).id;
    let version = (added.json().data as { version: number }).version;
    const update = async (body: Record<string, unknown>) => {
      const res = await s.app.inject({
        method: userResource.ops.update!.method,
        url: pathOf(userResource.ops.update!, { id }),
        headers: { ...s.adminAuth, ...json },
        payload: JSON.stringify({ ...body, version }),
      });
      expect(res.statusCode, res.body).toBe(200);
      version = (res.json().data as { version: number }).version;
    };
    const me = { method: 'GET' as const, url: pathOf(showMe) };
    const misses = { disabled: 0, password: 0, name: 0 };
    for (let i = 0; i < 10; i++) {
      const signIn = await s.app.inject({
        method: 'POST',
        url: pathOf(login),
        headers: json,
        payload: { email, password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const auth = { authorization: `Bearer ${signIn.json().data.token as string}` };
      // The other server keeps the session checked…
      expect((await b.app.inject({ ...me, headers: auth })).statusCode).toBe(200);
      // …and reads a name saved on this one back at once…
      await update({ name: `Two Servers ${i}` });
      const named = await b.app.inject({ ...me, headers: auth });
      if ((named.json().data as { name?: string } | undefined)?.name !== `Two Servers ${i}`) misses.name++;
      // …refuses the account disabled here on its next call…
      await update({ status: 'disabled' });
      const disabled = await b.app.inject({ ...me, headers: auth });
      if (disabled.statusCode !== 401 || disabled.json().reason !== 'account_disabled') misses.disabled++;
      await update({ status: 'active' });
      // …and a session whose password an admin changed here (the same password: still a change).
      const again = await s.app.inject({
        method: 'POST',
        url: pathOf(login),
        headers: json,
        payload: { email, password },
      });
      const auth2 = { authorization: `Bearer ${again.json().data.token as string}` };
      expect((await b.app.inject({ ...me, headers: auth2 })).statusCode).toBe(200);
      await update({ password });
      if ((await b.app.inject({ ...me, headers: auth2 })).statusCode !== 401) misses.password++;
    }
    expect(misses).toEqual({ disabled: 0, password: 0, name: 0 });
  },
);

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
