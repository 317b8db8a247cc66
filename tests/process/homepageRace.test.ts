// Two real server processes on one PostgreSQL database moving the items of one homepage
// list at the same time, with deletes and adds among the moves: the list's lock
// (server/repositories/homepagePositions.ts) is a row both processes' transactions take,
// so at the end the positions are exactly 1..n and both servers answer the same order.
// The moves are random from a seed printed with the results (RACE_SEED=… replays a run).
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addWelcomeBox, listWelcomeBoxes, moveWelcomeBox, removeWelcomeBox } from '@contract/homepageWelcome';
import { startCluster, type Cluster } from '../../scripts/postgres';
import { openDb } from '../../server/db/connection';
import { mulberry32 } from '../../server/db/seed/random';
import { killAll, newDatabase, send, signIn, spawnServer, tempDir, type ServerProcess } from './server';

const SEED = Number(process.env.RACE_SEED ?? Date.now() % 1_000_000);
const ITEMS = 12;
const MOVES_PER_SERVER = 40;

type Auth = { authorization: string };
let cluster: Cluster;
let url: string;
const servers: { server: ServerProcess; auth: Auth }[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  url = await newDatabase(cluster, 'homepage_race');
  const started = await Promise.all(
    [0, 1].map(async () => {
      const dir = tempDir('homepage-race');
      dirs.push(dir);
      return spawnServer({ DATABASE_URL: url, DATA_DIR: dir });
    }),
  );
  for (const server of started) {
    await server.healthy(90_000);
    servers.push({ server, auth: await signIn(server.url) });
  }
}, 150_000);
afterAll(async () => {
  for (const { server } of servers) await server.stop();
  killAll();
  cluster?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const order = async (i: number) => {
  const { server, auth } = servers[i];
  const res = await send(server.url, auth, listWelcomeBoxes, { query: { per_page: 500 } });
  expect(res.status).toBe(200);
  return (res.body.data as { welcome_boxes: { id: number; position: number }[] }).welcome_boxes;
};

it('two servers moving, adding and deleting items of one list at once leave its positions a permutation of 1..n', async () => {
  const rnd = mulberry32(SEED);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  for (let i = 0; i < ITEMS; i++) {
    const { server, auth } = servers[i % 2];
    expect(
      (
        await send(server.url, auth, addWelcomeBox, {
          json: { title: `Race box ${i}`, message: 'Moved by two servers' },
        })
      ).status,
    ).toBe(200);
  }
  const ids = (await order(0)).map((b) => b.id);
  const doomed = new Set([ids[2], ids[7]]);

  // Both servers' calls at once: moves of every item (the doomed ones too, which may be a
  // 404 once deleted), two deletes and two adds among them.
  const calls = servers.flatMap(({ server, auth }, s) => [
    ...Array.from({ length: MOVES_PER_SERVER }, () => async () => {
      const id = pick(ids);
      const res = await send(server.url, auth, moveWelcomeBox, {
        params: { id },
        json: { to: 1 + Math.floor(rnd() * (ITEMS + 3)) },
      });
      return { kind: 'move', id, status: res.status, body: res.body };
    }),
    async () => {
      const id = [...doomed][s];
      const res = await send(server.url, auth, removeWelcomeBox, { params: { id } });
      return { kind: 'delete', id, status: res.status, body: res.body };
    },
    async () => {
      const res = await send(server.url, auth, addWelcomeBox, {
        json: { title: `Late box ${s}`, message: 'Added during the race' },
      });
      return { kind: 'add', id: 0, status: res.status, body: res.body };
    },
  ]);
  const shuffled = calls
    .map((c) => [rnd(), c] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, c]) => c);
  const results = await Promise.all(shuffled.map((c) => c()));

  for (const r of results) {
    const allowed = r.kind === 'move' && doomed.has(r.id) ? [200, 404] : [200];
    expect(allowed, `seed ${SEED}: ${r.kind} ${r.id}: ${JSON.stringify(r.body)}`).toContain(r.status);
    if (r.kind === 'move' && r.status === 200) {
      const positions = (r.body.data as { position: number }[]).map((x) => x.position);
      expect(positions, `seed ${SEED}: a move's answer is a whole order`).toEqual(positions.map((_, i) => i + 1));
    }
  }
  const n = ITEMS - doomed.size + 2;
  const [a, b] = [await order(0), await order(1)];
  expect(
    a.map((x) => x.position),
    `seed ${SEED}`,
  ).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  expect(b).toEqual(a);
  const db = await openDb({ databaseUrl: url });
  try {
    const rows = (
      await db.read((tx) => tx.query<{ position: number }>('select position from welcome_boxes order by position'))
    ).rows;
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  } finally {
    await db.close();
  }
  console.log(
    `[homepage race] seed ${SEED}: ${results.filter((r) => r.kind === 'move' && r.status === 200).length} moves, ${results.filter((r) => r.status === 404).length} 404s, final ${n} items`,
  );
});
