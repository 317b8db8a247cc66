// Two real server processes started at the same moment on one empty PostgreSQL database:
// both must come up, and the database must hold one admin and one copy of the demo data.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/postgres';
import { openDb, type Db } from '../../server/db/connection';
import { UAE_BANKS } from '../../server/db/seed/banks';
import { PLANTED_OFFER_COPIES } from '../../server/db/seed/healthProblems';
import { SEED_COUNTS } from '../../server/db/seed/seed';
import { killAll, spawnServer, tempDir } from './server';

let cluster: Cluster;
let admin: Db;
const dirs: string[] = [];
beforeAll(async () => {
  cluster = await startCluster();
  admin = await openDb({ databaseUrl: cluster.url });
}, 120_000);
afterAll(async () => {
  killAll();
  await admin?.close();
  cluster?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const ROUNDS = 5;

it(`two servers started at the same moment on an empty database both come up, with one admin and one copy of the demo data (${ROUNDS} times)`, async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    const name = `race_${round}_${process.pid}`;
    await admin.read((tx) => tx.query(`create database ${name}`));
    const url = cluster.url.replace(/\/postgres$/, `/${name}`);
    const env = () => {
      const dir = tempDir('process-pg');
      dirs.push(dir);
      return { DATABASE_URL: url, DATA_DIR: dir, SEED: '1' };
    };
    const [a, b] = await Promise.all([spawnServer(env()), spawnServer(env())]);
    const started = await Promise.allSettled([a.healthy(90_000), b.healthy(90_000)]);
    for (const s of started)
      expect(s.status, s.status === 'rejected' ? `round ${round}: ${s.reason}` : '').toBe('fulfilled');

    const db = await openDb({ databaseUrl: url });
    try {
      const counts = (
        await db.read((tx) =>
          tx.query<Record<string, number>>(
            `select (select count(*) from users where role = 'admin')::int as admins,
                    (select count(*) from banks)::int as banks,
                    (select count(distinct code) from banks)::int as codes,
                    (select count(*) from offers)::int as offers,
                    (select count(*) from schema_migrations)::int as migrations`,
          ),
        )
      ).rows[0];
      expect(counts, `round ${round}`).toMatchObject({
        admins: 1,
        banks: UAE_BANKS.length,
        codes: UAE_BANKS.length,
        // The generated offers and the copies planted as likely duplicates.
        offers: SEED_COUNTS.offers + PLANTED_OFFER_COPIES.length,
      });
      const files = fs.readdirSync('server/db/migrations').filter((f) => f.endsWith('.sql'));
      expect(counts.migrations).toBe(files.length);
    } finally {
      await db.close();
    }
    expect([await a.stop(), await b.stop()], `round ${round}`).toEqual([0, 0]);
  }
});
