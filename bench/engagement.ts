// The engagement charts' queries at 500,000 events (the demo seed's volume), each beside its
// baseline in the same run: the same answer computed from the raw events table without the
// rollups (bench/engagementBaseline.ts). Answers are compared first, so a ratio never
// compares two different results. Also times the whole GET /admin/v1/engagement call, and
// what the events add to the demo seed (500,000, and the 20,000 the test harnesses ask for).
//
//   npm run bench:engagement                  a throwaway in-memory PGlite
//   npm run bench:engagement -- --postgres    a throwaway PostgreSQL cluster (its binaries must be installed)
//   npm run bench:engagement -- --events 500000 --runs 7
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { login } from '@contract/auth';
import { getEngagement } from '@contract/engagement';
import { pathOf } from '@contract/operation';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb, type Db, type Tx } from '../server/db/connection';
import { prepareDatabase } from '../server/db/migrate';
import { seedEngagement } from '../server/db/seed/engagement';
import { seed } from '../server/db/seed/seed';
import {
  byBank,
  byCard,
  byCategory,
  dailySeries,
  topOffers,
  type EngagementFilters,
  type EngagementRange,
} from '../server/repositories/engagement';
import { addDays } from '../server/repositories/engagementWeeks';
import { dubaiToday } from '../server/services/engagementRange';
import { hashPassword } from '../server/security/passwords';
import { createMailer } from '../server/services/mail';
import { createUploads } from '../server/services/uploads';
import { startCluster, type Cluster } from '../scripts/postgres';
import { baseline } from './engagementBaseline';

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    events: { type: 'string', default: '500000' },
    runs: { type: 'string', default: '5' },
  },
});
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);
const TOP = 10;
const LIMIT_MS = 200;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Chart = (tx: Tx, r: EngagementRange, f: EngagementFilters) => Promise<unknown>;
const CHARTS: [string, Chart, Chart][] = [
  ['events per day by type', dailySeries, baseline.daily],
  ['top offers', (tx, r, f) => topOffers(tx, r, f, TOP), (tx, r, f) => baseline.topOffers(tx, r, f, TOP)],
  ['by bank', byBank, baseline.banks],
  ['by card', (tx, r, f) => byCard(tx, r, f, TOP), (tx, r, f) => baseline.cards(tx, r, f, TOP)],
  ['by category', byCategory, baseline.categories],
];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-bench-engagement-'));
  let cluster: Cluster | undefined;
  let db: Db;
  if (values.postgres) {
    cluster = await startCluster();
    db = await openDb({ databaseUrl: cluster.url });
  } else db = await openDb({});
  try {
    await prepareDatabase(db, (tx) => seed(tx, createUploads(dataDir), { events: 0 }));
    let t = performance.now();
    await db.transaction((tx) => seedEngagement(tx, EVENTS));
    const seedMs = performance.now() - t;
    await db.read((tx) => tx.query('analyze'));
    const sql = <T = Record<string, unknown>>(text: string) => db.read((tx) => tx.query<T>(text)).then((r) => r.rows);
    const [sizes] = await sql<Record<string, number>>(
      'select (select count(*) from events)::int as events, (select count(*) from event_daily)::int as daily, (select count(*) from event_daily_cards)::int as cards, (select count(*) from event_weekly_offers)::int as weekly',
    );
    console.log(
      `engagement on ${db.kind}: ${fmt(sizes.events)} events over 90 days; rollups event_daily ${fmt(sizes.daily)} rows, event_daily_cards ${fmt(sizes.cards)}, event_weekly_offers ${fmt(sizes.weekly)}`,
    );
    console.log(
      `seed: ${fmt(sizes.events)} events and their rollups in ${fmt(seedMs)} ms (one INSERT … SELECT; the statement triggers fill the rollups)`,
    );
    if (db.kind === 'pglite')
      console.log(`seed: 20,000 events (SEED_EVENTS=20000, the test harnesses) in ${fmt(await smallSeed(dataDir))} ms`);

    const today = dubaiToday(Date.now());
    const [{ id: bank }] = await sql<{ id: number }>(
      'select c.bank_id as id from event_daily_cards r join cards c on c.id = r.card_id group by c.bank_id order by sum(r.offer_viewed + r.card_viewed) desc limit 1',
    );
    const cases: [string, EngagementRange, EngagementFilters][] = [
      ['last 90 days', { from: addDays(today, -89), to: today }, {}],
      ['last 30 days', { from: addDays(today, -29), to: today }, {}],
      ['last 90 days, the busiest bank', { from: addDays(today, -89), to: today }, { bank_id: bank }],
    ];
    let slowest = 0;
    for (const [label, range, filters] of cases) {
      console.log(`\n${label} (${range.from} – ${range.to}), median of ${RUNS} runs:`);
      for (const [name, ours, base] of CHARTS) {
        const a = await db.read((tx) => ours(tx, range, filters));
        const b = await db.read((tx) => base(tx, range, filters));
        if (!isDeepStrictEqual(a, b))
          throw new Error(
            `${name} (${label}): the rollups and the events table disagree:\n${JSON.stringify(a).slice(0, 400)}\n${JSON.stringify(b).slice(0, 400)}`,
          );
        const times: [number[], number[]] = [[], []];
        // Interleaved, so both meet the same machine.
        for (let i = 0; i < RUNS; i++) {
          t = performance.now();
          await db.read((tx) => ours(tx, range, filters));
          times[0].push(performance.now() - t);
          t = performance.now();
          await db.read((tx) => base(tx, range, filters));
          times[1].push(performance.now() - t);
        }
        const [o, s] = [median(times[0]), median(times[1])];
        slowest = Math.max(slowest, o);
        console.log(
          `  ${name.padEnd(24)} ours=${o.toFixed(1)}ms baseline=${s.toFixed(1)}ms ratio=${(s / o).toFixed(1)}`,
        );
      }
    }
    console.log(
      `\nslowest chart query: ${slowest.toFixed(1)} ms (limit ${LIMIT_MS} ms) ${slowest < LIMIT_MS ? 'ok' : 'TOO SLOW'}`,
    );
    console.log(
      `whole call GET ${getEngagement.path}?days=90 (every chart, one answer): ${(await wholeCall(db, dataDir)).toFixed(1)} ms median`,
    );
  } finally {
    await db.close();
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The call as the screen makes it, through the app (validation, serialization included). */
async function wholeCall(db: Db, dataDir: string): Promise<number> {
  await db.read(async (tx) =>
    tx.query(
      "insert into users (name, email, role, password_hash) values ('Bench', 'bench@bench.local', 'admin', $1)",
      [await hashPassword('bench-password')],
    ),
  );
  const config = { ...loadConfig({}), dataDir };
  const app = await buildApp({ config, db, mailer: createMailer({ dataDir, from: config.mailFrom, log: () => {} }) });
  try {
    const token = (
      await app.inject({
        method: 'POST',
        url: pathOf(login),
        payload: { email: 'bench@bench.local', password: 'bench-password' },
      })
    ).json().data.token;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const r = await app.inject({
        method: 'GET',
        url: `${pathOf(getEngagement)}?days=90`,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(performance.now() - t);
      if (r.statusCode !== 200) throw new Error(`${getEngagement.path}: ${r.statusCode} ${r.body}`);
    }
    return median(times);
  } finally {
    await app.close();
  }
}

/** What SEED_EVENTS=20000 costs a fresh start: the events alone, on a fresh in-memory PGlite. */
async function smallSeed(dataDir: string): Promise<number> {
  const small = await openDb({});
  try {
    await prepareDatabase(small, (tx) => seed(tx, createUploads(dataDir), { events: 0 }));
    const t = performance.now();
    await small.transaction((tx) => seedEngagement(tx, 20_000));
    return performance.now() - t;
  } finally {
    await small.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
