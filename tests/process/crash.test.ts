// kill -9 at random moments, with real server processes, on embedded PGlite and on
// PostgreSQL: during a CSV import, a burst of deletes and a burst of writes. After each
// kill a new server starts on the same data; every operation is all or nothing, no write
// the server acknowledged (answered 200) is lost, and the new server is healthy at once.
//
// The kill moments are random from a seed printed with the results (CRASH_SEED=… replays a
// run); CRASH_ROUNDS sets the kills per scenario (3 here, more for a soak: npm run soak).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankResource } from '@contract/bank';
import { offerResource } from '@contract/offer';
import { importCsv } from '@contract/csvImport';
import { startCluster, type Cluster } from '../../scripts/postgres';
import { mulberry32 } from '../../server/db/seed/random';
import { openDb, type Db } from '../../server/db/connection';
import { killAll, newDatabase, send, signIn, sleep, spawnServer, dataDirFor, type ServerProcess } from './server';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
/** What the issue asks of a restart after a crash. */
const RESTART_MS = 5_000;
const IMPORT_ROWS = 3_000;
const BURST = 150;

type Auth = { authorization: string };

const dirs: string[] = [];
let cluster: Cluster | undefined;
afterAll(() => {
  killAll();
  cluster?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.each(['pglite', 'postgres'] as const)('kill -9 on %s', (kind) => {
  const rnd = mulberry32(SEED + (kind === 'pglite' ? 0 : 1));
  const figures = { kills: 0, acknowledged: 0, lost: 0, partial: 0, restarts: [] as number[] };
  let env: Record<string, string>;
  let server: ServerProcess;
  let auth: Auth;

  beforeAll(async () => {
    // The first start is not this file's subject: PGlite starts on a migrated copy.
    const dataDir = dataDirFor(kind, 'crash');
    dirs.push(dataDir);
    env = { DATA_DIR: dataDir };
    if (kind === 'postgres') {
      cluster ??= await startCluster();
      env.DATABASE_URL = await newDatabase(cluster, 'crash');
    }
    server = await spawnServer(env);
    await server.healthy(120_000);
    auth = await signIn(server.url);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    console.log(
      `[crash ${kind}] seed ${SEED}: ${figures.kills} kill points, ${figures.acknowledged} acknowledged writes, ${figures.lost} lost, ` +
        `${figures.partial} half-done; restarts to healthy ${figures.restarts.join(', ')} ms`,
    );
  });

  /** Kills the server after `afterMs` while `work` runs, starts a new one on the same data, and signs in again. */
  async function killDuring<T>(afterMs: number, work: () => Promise<T>): Promise<{ outcome: PromiseSettledResult<T> }> {
    const running = Promise.allSettled([work()]); // settled at once: the kill makes it reject
    await sleep(afterMs);
    server.proc.kill('SIGKILL');
    await server.exited();
    const [outcome] = await running;
    figures.kills++;
    server = await spawnServer(env);
    const restart = await server.healthy(60_000);
    figures.restarts.push(restart);
    expect(restart, server.output()).toBeLessThan(RESTART_MS);
    auth = await signIn(server.url);
    return { outcome };
  }

  // Counted exactly: a searched list's own total stops at 1,000 ("1,000+", FILTERED_COUNT_CAP).
  const total = async (query: string) => {
    const res = await send(server.url, auth, offerResource.ops.count!, { json: { where: { query } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { count: number }).count;
  };

  const csv = (tag: string, rows: number) => {
    const lines = ['title,discount,valid_from,valid_to'];
    for (let i = 0; i < rows; i++) lines.push(`${tag} offer ${i},${i % 50}% off,2026-01-01,2027-12-31`);
    const form = new FormData();
    form.set('type', 'offers');
    form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), `${tag}.csv`);
    return form;
  };
  const importOffers = (tag: string, rows: number) => send(server.url, auth, importCsv, { form: csv(tag, rows) });

  it('a CSV import killed at a random moment is there whole or not at all; an acknowledged one is there whole', async () => {
    // How long a whole import takes here: kill moments are spread over it (and a little past it).
    const t0 = performance.now();
    const whole = await importOffers('crashbaseline', IMPORT_ROWS);
    const took = performance.now() - t0;
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    for (let round = 1; round <= ROUNDS; round++) {
      const tag = `crashimport${round}x${SEED}`;
      const at = Math.round(took * (0.05 + rnd() * 1.05));
      const { outcome } = await killDuring(at, () => importOffers(tag, IMPORT_ROWS));
      const acked = outcome.status === 'fulfilled' && outcome.value.status === 200;
      const seen = await total(tag);
      if (acked) figures.acknowledged++;
      if (acked && seen !== IMPORT_ROWS) figures.lost++;
      if (seen !== 0 && seen !== IMPORT_ROWS) figures.partial++;
      expect([0, IMPORT_ROWS], `round ${round}, killed after ${at} ms of ~${Math.round(took)}`).toContain(seen);
      if (acked) expect(seen).toBe(IMPORT_ROWS);
    }
  });

  it('a burst of deletes killed at a random moment: every acknowledged delete stays done, every other offer is whole or gone', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const tag = `crashdelete${round}x${SEED}`;
      expect((await importOffers(tag, BURST)).status).toBe(200);
      const listed = await send(server.url, auth, offerResource.ops.list, {
        json: { query: tag },
        query: { per_page: BURST },
      });
      const ids = (listed.body.data as { id: number }[]).map((o) => o.id);
      expect(ids).toHaveLength(BURST);
      const acked = new Set<number>();
      const at = Math.round(20 + rnd() * 400);
      await killDuring(at, () =>
        Promise.allSettled(
          ids.map(async (id) => {
            const res = await send(server.url, auth, offerResource.ops.remove!, { query: { offer_id: id } });
            if (res.status === 200) acked.add(id);
          }),
        ),
      );
      figures.acknowledged += acked.size;
      let gone = 0;
      for (const id of ids) {
        const shown = await send(server.url, auth, offerResource.ops.show!, { query: { id } });
        if (shown.status === 404) gone++;
        if (acked.has(id) && shown.status !== 404) figures.lost++;
        expect(
          shown.status === 404 ||
            (shown.status === 200 && (shown.body.data as { title: string }).title.startsWith(tag)),
          `offer ${id}: ${shown.status}`,
        ).toBe(true);
        if (acked.has(id))
          expect(shown.status, `acknowledged delete of offer ${id} (round ${round}, killed after ${at} ms)`).toBe(404);
      }
      // The list agrees with the records one by one: nothing half deleted.
      expect(await total(tag)).toBe(ids.length - gone);
    }
  });

  it('a burst of writes killed at a random moment: every acknowledged bank is there, whole', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const tag = `Crashbank${round}x${SEED}`;
      const acked = new Map<string, string>();
      const at = Math.round(20 + rnd() * 400);
      await killDuring(at, () =>
        Promise.allSettled(
          Array.from({ length: BURST }, async (_, i) => {
            const name = `${tag} ${i}`;
            const code = `CB${round}${i}`;
            const res = await send(server.url, auth, bankResource.ops.add!, { json: { name, code } });
            if (res.status === 200) acked.set(name, code);
          }),
        ),
      );
      figures.acknowledged += acked.size;
      const listed = await send(server.url, auth, bankResource.ops.list, { query: { query: tag, per_page: 500 } });
      const stored = new Map((listed.body.data as { name: string; code: string }[]).map((b) => [b.name, b.code]));
      for (const [name, code] of acked) {
        if (stored.get(name) !== code) figures.lost++;
        expect(stored.get(name), `acknowledged bank ${name} (round ${round}, killed after ${at} ms)`).toBe(code);
      }
      for (const [name, code] of stored) expect(code).toBe(`CB${round}${name.split(' ').pop()}`);
    }
  });

  it('what a killed import left is removed (PGlite: at the next start; PostgreSQL: once it is a minute old)', async () => {
    const LEFT = `select (select count(*) from write_batches where state = 'pending')::int as batches,
                        (select count(*) from offers o join write_batches b on b.id = o.batch_id where b.state = 'pending')::int as rows`;
    const none = { batches: 0, rows: 0 };
    let left: { batches: number; rows: number };
    if (kind === 'postgres') {
      // Invisible meanwhile (the tests above); removed by the sweep once untouched for a minute.
      const db: Db = await openDb({ databaseUrl: env.DATABASE_URL });
      try {
        await db.transaction((tx) =>
          tx.query("update write_batches set updated_at = now() - interval '2 minutes' where state = 'pending'"),
        );
        await server.stop();
        server = await spawnServer(env);
        await server.healthy(60_000);
        // The sweep runs in the background once the server listens, a piece of 2,000 rows per
        // transaction beside the server's other loops: waited for, not given a fixed moment
        // (2 s was short now and then on a loaded machine), and how long it took is printed.
        const t = Date.now();
        for (;;) {
          left = (await db.read((tx) => tx.query<{ batches: number; rows: number }>(LEFT))).rows[0];
          if ((left.batches === 0 && left.rows === 0) || Date.now() - t > 30_000) break;
          await sleep(250);
        }
        console.log(
          `[crash ${kind}] the killed import's rows were removed ${Date.now() - t} ms after the server was healthy`,
        );
      } finally {
        await db.close();
      }
      expect(left, server.output()).toEqual(none);
      return;
    }
    // PGlite: one process holds the folder, so the rows are read once the server has stopped.
    await sleep(2_000);
    await server.stop();
    const db: Db = await openDb({ pgliteDir: `${env.DATA_DIR}/pglite` });
    try {
      left = (await db.read((tx) => tx.query<{ batches: number; rows: number }>(LEFT))).rows[0];
    } finally {
      await db.close();
    }
    expect(left).toEqual(none);
    server = await spawnServer(env);
    await server.healthy(60_000);
  });
});
