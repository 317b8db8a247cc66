// Two server processes on one PostgreSQL database, uploads in one S3 bucket (an s3rver the test
// starts), no state of their own that a call needs: a token issued by one works on the other;
// a sign-out on one ends the session on both at once; sign-in limits count across both; an
// image uploaded through one is served by the other; a write answered by one is in the
// other's next list. Each check 30 rounds, 0 misses.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, logout, SIGNIN_LIMITS } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { pathOf } from '@contract/operation';
import { startCluster, type Cluster } from '../../scripts/postgres';
import { solidPng } from '../../server/db/seed/logo';
import { startS3, type TestS3 } from '../helpers/s3';
import { ADMIN, killAll, newDatabase, signIn, spawnServer, type ServerProcess } from './server';

const ROUNDS = 30;
let cluster: Cluster;
let s3: TestS3;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  cluster = await startCluster();
  s3 = await startS3();
  const url = await newDatabase(cluster, 'two_servers');
  a = await spawnServer({ DATABASE_URL: url, ...s3.env });
  await a.healthy(120_000); // the first one migrates; the second then finds it done
  b = await spawnServer({ DATABASE_URL: url, ...s3.env });
  await b.healthy(120_000);
}, 300_000);
afterAll(async () => {
  killAll();
  await s3?.close();
  cluster?.stop();
});

const list = (server: ServerProcess, auth: { authorization: string }, query = '') =>
  fetch(`${server.url}${pathOf(bankResource.ops.list)}${query}`, { headers: auth });

it('a token from one works on the other, and a sign-out on one ends it on both at once', async () => {
  let misses = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const [from, to] = i % 2 ? [a, b] : [b, a];
    const auth = await signIn(from.url);
    if ((await list(to, auth)).status !== 200) misses++;
    const out = await fetch(from.url + pathOf(logout), { method: 'POST', headers: auth });
    expect(out.status).toBe(200);
    if ((await list(to, auth)).status !== 401) misses++;
  }
  expect(misses).toBe(0);
});

it('an image uploaded through one is served by the other, and a write through one is in the other’s next list', async () => {
  const auth = await signIn(a.url);
  let misses = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const [from, to] = i % 2 ? [a, b] : [b, a];
    const form = new FormData();
    form.set('name', `Two Servers Bank ${i}`);
    form.set('code', `TWO${i}`);
    form.set('logo', new Blob([new Uint8Array(solidPng(16, [i * 8, 64, 128]))], { type: 'image/png' }), 'logo.png');
    // The list is read (and kept in the other's answer cache) before the write.
    expect((await list(to, auth, '?query=Two%20Servers')).status).toBe(200);
    const added = await fetch(from.url + pathOf(bankResource.ops.add!), { method: 'POST', headers: auth, body: form });
    expect(added.status, await added.clone().text()).toBe(200);
    const { logo } = ((await added.json()) as { data: { logo: string } }).data;
    const names = ((await (await list(to, auth, '?query=Two%20Servers')).json()) as { data: { name: string }[] }).data;
    if (!names.some((n) => n.name === `Two Servers Bank ${i}`)) misses++;
    const image = await fetch(to.url + logo);
    if (image.status !== 200 || image.headers.get('content-type') !== 'image/png') misses++;
  }
  expect(misses).toBe(0);
  expect(s3.objects().length).toBeGreaterThanOrEqual(ROUNDS);
});

// Last: it pauses the admin's account for the rest of the run.
it('sign-in limits count failures made on either server', async () => {
  const wrong = (server: ServerProcess) =>
    fetch(server.url + pathOf(login), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: 'wrong password, surely' }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < SIGNIN_LIMITS.accountFailures; i++) statuses.push((await wrong(i % 2 ? a : b)).status);
  expect(statuses.every((s) => s === 401 || s === 422)).toBe(true);
  // The account's count is the database's: the next try on either is paused.
  expect((await wrong(a)).status).toBe(429);
  expect((await wrong(b)).status).toBe(429);
});
