// PostgreSQL stopped under a running server, then started again: while it is away every call
// answers 503 with a sentence, /health answers 503 naming the database, and the cause is in
// the server's log; once it is back the same process serves again within seconds, with no
// restart. A transaction whose connection is cut (pg_terminate_backend) is a 503 and leaves
// the process standing. And with ten writers spread over two processes, stopped in the middle
// of their transactions: both processes live through it, and every write answered 200 is in
// the database afterwards.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bankResource } from '@contract/bank';
import { pathOf } from '@contract/operation';
import { startCluster, type Cluster } from '../../scripts/postgres';
import { DATABASE_UNREACHABLE, openDb } from '../../server/db/connection';
import { killAll, newDatabase, signIn, sleep, spawnServer, tempDir, type ServerProcess } from './server';

const WRITERS = 10;
/** How long PostgreSQL stays away in the writers' test: long enough for every writer to meet it. */
const OUTAGE_MS = 4_000;
let cluster: Cluster;
let url: string;
let server: ServerProcess;
/** A second process on the same database, for the writers' test. */
let second: ServerProcess;
const dirs: string[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  url = await newDatabase(cluster, 'db_gone');
  dirs.push(tempDir('db-gone'), tempDir('db-gone'));
  server = await spawnServer({ DATABASE_URL: url, DATA_DIR: dirs[0] });
  await server.healthy(90_000); // the first one migrates; the second then finds it done
  second = await spawnServer({ DATABASE_URL: url, DATA_DIR: dirs[1] });
  await second.healthy(90_000);
}, 180_000);
afterAll(() => {
  killAll();
  cluster?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Polls until `ok` holds, up to `ms`; returns how long it took. */
async function within(ms: number, ok: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await ok().catch(() => false)) return Date.now() - start;
    await sleep(100);
  }
  throw new Error(`not within ${ms} ms:\n${server.output().slice(-3000)}`);
}

it('answers 503 with a sentence while PostgreSQL is away, and serves again when it is back, without a restart', async () => {
  const auth = await signIn(server.url);
  const list = () => fetch(server.url + pathOf(bankResource.ops.list), { headers: auth });
  expect((await list()).status).toBe(200);
  const pid = server.proc.pid;

  cluster.pause();
  const health = await fetch(`${server.url}/health`);
  expect(health.status).toBe(503);
  expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'postgres' });
  // A list the cache may still hold is no proof: a write must reach the database.
  const add = await fetch(server.url + pathOf(bankResource.ops.add!), {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'While away Bank', code: 'AWAY' }),
  });
  expect(add.status).toBe(503);
  expect(((await add.json()) as { message: string }).message).toBe(DATABASE_UNREACHABLE);
  expect(server.output()).toMatch(/ECONNREFUSED|Connection terminated|terminating connection/);

  cluster.resume();
  const back = await within(15_000, async () => (await fetch(`${server.url}/health`)).status === 200);
  const again = await fetch(server.url + pathOf(bankResource.ops.add!), {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Back again Bank', code: 'BACK' }),
  });
  expect(again.status, await again.clone().text()).toBe(200);
  expect(server.proc.pid).toBe(pid);
  expect(server.proc.exitCode).toBeNull();
  console.log(`healthy again ${back} ms after PostgreSQL was back`);
}, 120_000);

it('a transaction whose connection is cut answers 503 whatever its code made of it, and the next one is served', async () => {
  const said: string[] = [];
  const db = await openDb({ databaseUrl: url, log: (msg) => said.push(msg) });
  const admin = await openDb({ databaseUrl: url });
  try {
    const cut = db.transaction(async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.read((a) => a.query('select pg_terminate_backend($1)', [rows[0].pid]));
      // The cut arrives between two queries: node-postgres says so on the checked-out client.
      await sleep(300);
      await tx.query('select 1').catch(() => {
        throw new Error('a message of its own');
      });
    });
    await expect(cut).rejects.toMatchObject({ reason: 'unavailable', message: DATABASE_UNREACHABLE });
    expect(said).toEqual([expect.stringMatching(/^connection to PostgreSQL lost \(in use: its call answers 503\)/)]);
    expect((await db.transaction((tx) => tx.query<{ n: number }>('select 1 as n'))).rows).toEqual([{ n: 1 }]);
  } finally {
    await Promise.all([db.close(), admin.close()]);
  }
});

/** One write call a writer made: where, when (by the database's state as it was sent), and its answer. */
interface Write {
  writer: number;
  server: 'a' | 'b';
  name: string;
  phase: 'up' | 'stopping' | 'down' | 'starting' | 'back';
  status: number | 'no answer';
  message?: string;
}

it('ten writers over two processes: PostgreSQL stopped under them takes neither down, and no acknowledged write is lost', async () => {
  const servers = { a: server, b: second };
  // The first test's outage is in the same logs: only what each says from here is read.
  const said = new Map([server, second].map((s) => [s, s.output().length]));
  const lines = (s: ServerProcess) => logLines(s.output().slice(said.get(s)));
  const auth = await signIn(server.url);
  let phase: Write['phase'] = 'up';
  let done = false;
  const writes: Write[] = [];
  const writer = async (i: number) => {
    const on = i % 2 ? 'b' : 'a';
    for (let n = 0; !done; n++) {
      const write: Write = { writer: i, server: on, name: `Gone w${i} n${n}`, phase, status: 'no answer' };
      writes.push(write);
      try {
        const res = await fetch(servers[on].url + pathOf(bankResource.ops.add!), {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ name: write.name, code: `G${i}N${n}` }),
          signal: AbortSignal.timeout(15_000),
        });
        write.status = res.status;
        write.message = ((await res.json()) as { message: string }).message;
      } catch {
        // no answer: the process is gone, or hangs
      }
      if (write.status !== 200) await sleep(200);
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, i) => writer(i));
  const answered = (on: 'a' | 'b', p: Write['phase'], status: number) =>
    writes.some((w) => w.server === on && w.phase === p && w.status === status);

  try {
    // Every writer under way, then the stop while they keep calling (their transactions are cut).
    await within(
      15_000,
      async () => new Set(writes.filter((w) => w.status === 200).map((w) => w.writer)).size === WRITERS,
    );
    phase = 'stopping';
    try {
      await cluster.pauseAsync();
      phase = 'down';
      await sleep(OUTAGE_MS);
      for (const s of [server, second]) {
        alive(s);
        expect((await fetch(`${s.url}/health`)).status).toBe(503);
      }
    } finally {
      // Started again whatever failed: afterAll stops a running cluster.
      phase = 'starting';
      await cluster.resumeAsync();
      phase = 'back';
    }
    // Both write again, and hear each other's writes again (their LISTEN connections are back).
    await within(
      20_000,
      async () =>
        answered('a', 'back', 200) &&
        answered('b', 'back', 200) &&
        [server, second].every((s) => lines(s).some((l) => /hearing other processes' writes again/.test(l.msg))),
    );
  } finally {
    done = true;
    await Promise.all(writers);
  }

  for (const s of [server, second]) {
    alive(s);
    // Every line it said is the log's JSON: no stack on stderr.
    const notJson = s
      .output()
      .split('\n')
      .filter((line) => line.trim() && !isJson(line));
    expect(notJson.slice(0, 20)).toEqual([]);
    // Each connection it lost is one error line: at most its pools' 12 and the LISTEN one.
    const lost = lines(s).filter((l) => /^connection to PostgreSQL lost/.test(l.msg));
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.length).toBeLessThanOrEqual(13);
    expect(lost.every((l) => l.level === 50)).toBe(true);
  }
  expect(answered('a', 'down', 503) && answered('b', 'down', 503)).toBe(true);
  // Every write answered 200 or 503, and a 503 says what the product says while the database is away.
  expect(writes.filter((w) => w.status !== 200 && w.status !== 503).slice(0, 10)).toEqual([]);
  expect(writes.filter((w) => w.status === 503 && w.message !== DATABASE_UNREACHABLE).slice(0, 10)).toEqual([]);
  expect(writes.filter((w) => w.phase === 'down' && w.status !== 503).slice(0, 10)).toEqual([]);

  const db = await openDb({ databaseUrl: url });
  const saved = await db
    .read((tx) => tx.query<{ name: string }>(`select name from banks where name like 'Gone w%'`))
    .finally(() => db.close());
  const names = new Set(saved.rows.map((r) => r.name));
  const acknowledged = writes.filter((w) => w.status === 200);
  expect(acknowledged.filter((w) => !names.has(w.name)).map((w) => w.name)).toEqual([]);
  console.log(
    `${writes.length} writes: ${acknowledged.length} acknowledged, ${writes.filter((w) => w.status === 503).length} answered 503`,
  );
}, 120_000);

/** The process has not exited (or its last words are the failure's message). */
const alive = (s: ServerProcess) =>
  expect(s.proc.exitCode === null && s.proc.signalCode === null, s.output().slice(-3000)).toBe(true);

/** The JSON lines of a server's log (server/logger.ts). */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter(isJson)
    .map((line) => JSON.parse(line) as { level: number; msg: string });

const isJson = (line: string) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};
