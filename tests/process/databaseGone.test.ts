// PostgreSQL stopped under a running server, then started again: while it is away every call
// answers 503 with a sentence, /health answers 503 naming the database, and the cause is in
// the server's log; once it is back the same process serves again within seconds, with no
// restart.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bankResource } from '../../contract/bank';
import { pathOf } from '../../contract/operation';
import { startCluster, type Cluster } from '../../scripts/postgres';
import { DATABASE_UNREACHABLE } from '../../server/db/connection';
import { killAll, newDatabase, signIn, sleep, spawnServer, tempDir, type ServerProcess } from './server';

let cluster: Cluster;
let server: ServerProcess;
const dirs: string[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  const dir = tempDir('db-gone');
  dirs.push(dir);
  server = await spawnServer({ DATABASE_URL: await newDatabase(cluster, 'db_gone'), DATA_DIR: dir });
  await server.healthy(90_000);
}, 120_000);
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
