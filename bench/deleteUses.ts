// The question before a delete (contract/bulk.ts `uses`, server/services/deleteUses.ts) at
// scale, side by side with a baseline in the same run, one line each:
// `NAME: ours=… baseline=… ratio=…` (p50 of the runs, ms).
//
//   npm run bench:uses                      a fresh PGlite folder with 50,000 offers
//   npm run bench:uses -- --offers 200000   more
//   npm run bench:uses -- --postgres        the same on a throwaway PostgreSQL cluster
//   DATA_DIR=… or DATABASE_URL=… npm run bench:uses   an existing database as it is
//
// Ours: the call through the app (HTTP layer, answer cache off): the foreign keys read from
// the catalog once, then every count in one statement. Baseline: the same counts asked one
// foreign key at a time, each its own read (a loop over the keys, or a question per entity),
// straight through the driver, no HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { categoryResource } from '@contract/category';
import { offerResource } from '@contract/offer';
import { pathOf, type AnyOp } from '@contract/operation';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { referencesTo } from '../server/repositories/foreignKeys';
import { hashPassword } from '../server/security/passwords';
import { createMailer } from '../server/services/mail';
import { startCluster } from '../scripts/postgres';
import { arg, inTurns, ratioLine } from './compare';
import { pct } from './timing';
import { seedOffers } from './seedOffers';

const OFFERS = Number(arg('offers') ?? 50_000);
const RUNS = Number(arg('runs') ?? 20);
const PASSWORD = 'bench-password';

async function main() {
  const env = { ...process.env };
  let dataDir = process.env.DATA_DIR;
  const cluster = process.argv.includes('--postgres') ? await startCluster() : null;
  if (cluster) env.DATABASE_URL = cluster.url;
  if ((!env.DATABASE_URL || cluster) && !dataDir) {
    // A fresh folder, seeded here: the figures never depend on what an earlier run left.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-'));
    console.log(`seeding ${OFFERS.toLocaleString('en')} offers into ${dataDir} …`);
    seedOffers(OFFERS, { ...env, DATA_DIR: dataDir });
  }
  const config = loadConfig({ ...env, DATA_DIR: dataDir ?? env.DATA_DIR, PORT: '0' });
  const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  await migrate(db);
  const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
    db.read((tx) => tx.query<T>(text, params));
  const email = 'bench@bench.local';
  await sql('delete from users where email = $1', [email]);
  await sql("insert into users (name, email, role, password_hash) values ('Bench', $1, 'admin', $2)", [
    email,
    await hashPassword(PASSWORD),
  ]);
  const app = await buildApp({
    config,
    db,
    mailer: createMailer({ dataDir: config.dataDir, from: config.mailFrom, log: () => {} }),
    answerCache: false,
  });
  const token = (
    await app.inject({ method: 'POST', url: pathOf(login), payload: { email, password: PASSWORD } })
  ).json().data.token;
  const headers = { authorization: `Bearer ${token}` };
  const one = async (q: string) => (await sql<{ id: number }>(q)).rows[0].id;
  const count = Number((await sql<{ n: number }>('select count(*)::int as n from offers')).rows[0].n);
  console.log(`delete uses: ${count.toLocaleString('en')} offers on ${db.kind}, ${RUNS} runs each\n`);

  const cases: [string, AnyOp, string, number[]][] = [
    [
      'uses category (most offers)',
      categoryResource.ops.uses!,
      'categories',
      [
        await one(
          'select category_id as id from offers where category_id is not null group by 1 order by count(*) desc limit 1',
        ),
      ],
    ],
    [
      'uses bank (most cards, refused)',
      bankResource.ops.uses!,
      'banks',
      [await one('select bank_id as id from cards group by 1 order by count(*) desc limit 1')],
    ],
    [
      'uses card (most offer links)',
      cardResource.ops.uses!,
      'cards',
      [await one('select card_id as id from offer_cards group by 1 order by count(*) desc limit 1')],
    ],
    [
      'uses 100 offers',
      offerResource.ops.uses!,
      'offers',
      (await sql<{ id: number }>('select id from offers order by id limit 100')).rows.map((r) => r.id),
    ],
  ];
  for (const [name, op, table, ids] of cases) {
    const keys = await db.read((tx) => referencesTo(tx, table));
    const ours = async () => {
      const r = await app.inject({ method: 'POST', url: pathOf(op), headers, payload: { ids } });
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
    };
    const baseline = async () => {
      for (const k of keys) await sql(`select count(*) from ${k.child} where ${k.col} = any($1::int[])`, [ids]);
    };
    const { o, b } = await inTurns(RUNS, ours, baseline, 6);
    console.log(
      `${ratioLine(name, pct(o, 50), pct(b, 50))} (ours p95 ${pct(o, 95).toFixed(1)}ms; ${keys.length} keys)`,
    );
  }
  await app.close();
  await db.close();
  cluster?.stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
