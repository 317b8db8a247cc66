// A team's lists: CLIENTS admins, each asking its own question, none asked twice (issue 23).
// bench/lists.ts loads the same list from every client, which the answer cache serves from
// memory; here every call misses it and does its database work.
//
//   npm run bench:distinct                                 PGlite, a fresh folder seeded with 1,000,000 offers
//   npm run bench:distinct -- --postgres --offers 1000000  the same on a throwaway PostgreSQL cluster
//   npm run bench:distinct -- --offers 100000 --seconds 10 a quick run
//   DATABASE_URL=… npm run bench:distinct                  an existing database as it is (seed it first
//                                                        with npm run seed:large; --offers is then ignored)
//
// 1. One client, in this process, through the repositories: each filter's page 1 (count
//    included), `now` (server/repositories/offers.ts) beside `before` (the queries before
//    migration 023, tests/helpers/offerListBefore.ts), each run on another value (another
//    bank, category…): p50 and p95, and before/now.
// 2. CLIENTS clients over HTTP against `npm start`'s server (its answer cache on), 30 s, each
//    call the next question of a shuffled pool: offer lists of bank × category × state
//    (× page × sort), lists searched with two words, palette searches. req/s, p50/p99, errors,
//    and how many questions were asked twice (the pool ran out).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { searchRecords } from '@contract/search';
import { resources } from '@contract/resources';
import { startServer } from '../e2e/server';
import { startCluster } from '../scripts/postgres';
import { openDb, type Db, type Tx } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import type { ListParams } from '../server/repositories/crud';
import { offerRepository } from '../server/repositories/offers';
import { findRecords } from '../server/repositories/recordSearch';
import { hashPassword } from '../server/security/passwords';
import { createComputedView, offerListBefore } from '../tests/helpers/offerListBefore';
import { signInAs } from './mixedAdmin';
import { cpuSplit } from './cpu';
import { httpCall, keepAliveAgent } from './httpCall';
import { pct } from './timing';
import { seedOffers } from './seedOffers';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    offers: { type: 'string', default: '1000000' },
    clients: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '30' },
    runs: { type: 'string', default: '40' },
    part: { type: 'string', default: 'both' },
    kinds: { type: 'string', default: 'list,search,palette' },
  },
});
const OFFERS = Number(args.offers);
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const RUNS = Number(args.runs);
/** `single` (part 1 only), `clients` (part 2 only) or `both`. */
const PART = args.part;
/** Which questions part 2 asks (Question['kind'], comma-separated). */
const KINDS = new Set(args.kinds.split(','));
const ADMIN = { email: 'distinct@bench.local', password: 'distinct-bench-password' };
const WORDS = [
  'cashback',
  'dining',
  'marina',
  'free',
  'spa',
  'coffee',
  'hotel',
  'cinema',
  'gold',
  'mall',
  'off',
  'weekend',
  'dubai',
  'visa',
  'fitness',
  'brunch',
];
const SORTS = ['-created_at', 'created_at', 'valid_to', '-valid_to', 'title', '-title'];

async function main() {
  const env: Record<string, string> = {};
  const cluster = args.postgres && !process.env.DATABASE_URL ? await startCluster() : null;
  const databaseUrl = process.env.DATABASE_URL ?? cluster?.url;
  let dataDir = process.env.DATA_DIR;
  const fresh = !process.env.DATABASE_URL && !dataDir;
  const madeDir = !dataDir;
  if (!dataDir) dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-distinct-'));
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  env.DATA_DIR = dataDir;
  try {
    if (fresh) {
      console.log(`seeding ${OFFERS.toLocaleString('en')} offers …`);
      seedOffers(OFFERS, { ...process.env, ...env });
    }
    const pgliteDir = path.join(dataDir, 'pglite');
    const db = await openDb({ databaseUrl, pgliteDir });
    await migrate(db);
    // The view the `before` side reads (its rows' arrays computed, as before migration 029).
    await db.transaction((tx) => createComputedView(tx));
    const q = <T>(sql: string, params?: unknown[]) => db.read((tx) => tx.query<T>(sql, params));
    const count = Number((await q<{ n: number }>('select count(*)::int as n from offers')).rows[0].n);
    console.log(
      `distinct: ${count.toLocaleString('en')} offers on ${db.kind}, ${os.cpus().length} CPUs, ${CLIENTS} clients × ${SECONDS} s\n`,
    );
    const pools = await poolsOf(q);
    await q('delete from users where email = $1', [ADMIN.email]);
    await q("insert into users (name, email, role, password_hash) values ('Distinct', $1, 'admin', $2)", [
      ADMIN.email,
      await hashPassword(ADMIN.password),
    ]);

    // 1. One client, each filter: now beside before.
    if (PART !== 'clients') await singleClient(db, pools);
    await db.close();
    if (PART !== 'single') await clients(env, pools);
  } finally {
    cluster?.stop();
    if (madeDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function singleClient(db: Db, pools: Pools) {
  const line = (name: string, now: number[], before: number[] | null) => {
    const [n50, n95] = [pct(now, 50), pct(now, 95)];
    const text = before
      ? `${name}: now p50=${ms(n50)} p95=${ms(n95)} before p50=${ms(pct(before, 50))} p95=${ms(pct(before, 95))} ratio(p50)=${(pct(before, 50) / n50).toFixed(1)}`
      : `${name}: now p50=${ms(n50)} p95=${ms(n95)}`;
    console.log(text);
  };
  // Now and before in turns, each question once per side, each side first every other
  // time: the second reads the pages the first brought into memory.
  const sides = [
    ['now', offerRepository],
    ['before', offerListBefore],
  ] as const;
  const timeLists = async (params: ListParams[]) => {
    const out = { now: [] as number[], before: [] as number[] };
    for (const [i, p] of params.entries())
      for (const [side, repo] of i % 2 ? [...sides].reverse() : sides) {
        const t = performance.now();
        await db.read((tx) => repo.list(tx, p));
        out[side].push(performance.now() - t);
      }
    return out;
  };
  const cycle = <T>(xs: readonly T[], f: (x: T, i: number) => ListParams) =>
    Array.from({ length: RUNS }, (_, i) => f(xs[i % xs.length], i));
  const filters: [string, ListParams[]][] = [
    ['bank', cycle(pools.banks, (bank) => ({ bank }))],
    ['card', cycle(pools.cards, (card) => ({ card }))],
    ['outlet', cycle(pools.outlets, (outlet) => ({ outlet }))],
    ['category', cycle(pools.categories, (category) => ({ category }))],
    ['from_source', cycle(pools.sources, (from_source) => ({ from_source }))],
    ['state', cycle(['live', 'upcoming', 'expired'], (state) => ({ state }))],
    ['expiring', cycle([7, 30, 90], (expiring) => ({ expiring }))],
    ['bank + live', cycle(pools.banks, (bank) => ({ bank, state: 'live' }))],
    [
      'bank + category + state',
      cycle(pools.banks, (bank, i) => ({
        bank,
        category: pools.categories[i % pools.categories.length],
        state: ['live', 'upcoming', 'expired'][i % 3],
      })),
    ],
    ['bank + live, sorted by each key', cycle(pools.banks, (bank, i) => ({ bank, state: 'live', sort: SORTS[i % 6] }))],
    ['two-word search', cycle(pools.pairs, (query) => ({ query }))],
  ];
  for (const [name, params] of filters) {
    const withPage = params.map((p) => ({ page: 1, per_page: 50, ...p }));
    const { now, before } = await timeLists(withPage);
    line(`list ${name}, page 1, one client`, now, before);
  }
  const offers = resources.find((r) => r.name === 'offer')!;
  const palette: number[] = [];
  for (const query of pools.pairs.slice(0, RUNS)) {
    const t = performance.now();
    await db.read((tx: Tx) => findRecords(tx, offers, query.split(' '), 5));
    palette.push(performance.now() - t);
  }
  line('palette search (offers), two words, one client', palette, null);
}

/** 2. CLIENTS clients over HTTP, each question once. */
async function clients(env: Record<string, string>, pools: Pools) {
  const server = await startServer(env, undefined, 600_000);
  try {
    const token = await signInAs(server.url, ADMIN.email, ADMIN.password);
    const questions = shuffle(questionPool(pools).filter((q) => KINDS.has(q.kind)));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let next = 0;
    let errors = 0;
    const times: number[] = [];
    const byKind: Record<Question['kind'], number[]> = { list: [], search: [], palette: [] };
    const agent = keepAliveAgent(CLIENTS);
    const cpu = cpuSplit(server.proc.pid);
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const question = questions[next++ % questions.length];
          const t = performance.now();
          try {
            const status = await httpCall(agent, server.url + question.path, { ...question.init, headers });
            if (status !== 200) errors++;
          } catch {
            errors++;
          }
          times.push(performance.now() - t);
          byKind[question.kind].push(performance.now() - t);
        }
      }),
    );
    const repeats = Math.max(0, times.length - questions.length);
    console.log(
      `\n${CLIENTS} clients, every question different (${questions.length.toLocaleString('en')} in the pool): ${(times.length / SECONDS).toFixed(0)} req/s, p50=${ms(pct(times, 50))} p99=${ms(pct(times, 99))}, ${errors} errors, ${repeats} asked twice`,
    );
    for (const [kind, xs] of Object.entries(byKind))
      if (xs.length) console.log(`  ${kind}: ${xs.length} calls, p50=${ms(pct(xs, 50))} p99=${ms(pct(xs, 99))}`);
    console.log(`  ${cpu(times.length)}`);
  } finally {
    await server.stop();
  }
}

type Pools = Awaited<ReturnType<typeof poolsOf>>;
type Query = <T>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }>;

/** The values the questions are made of, read from the database. */
async function poolsOf(q: Query) {
  const ids = async (sql: string) => (await q<{ v: number }>(sql)).rows.map((r) => r.v);
  const banks = await ids('select id as v from banks order by id');
  const categories = await ids('select id as v from categories order by id');
  const cards = await ids('select id as v from cards order by md5(id::text) limit 200');
  const outlets = await ids('select id as v from outlets order by md5(id::text) limit 200');
  const sources = (await q<{ v: string }>('select distinct from_source as v from offers order by 1')).rows.map(
    (r) => r.v,
  );
  const pairs = WORDS.flatMap((a, i) => WORDS.slice(i + 1).map((b) => `${a} ${b}`));
  return { banks, categories, cards, outlets, sources, pairs };
}

interface Question {
  /** A filtered list, a list searched by two words, a palette search. */
  kind: 'list' | 'search' | 'palette';
  path: string;
  init: { method?: string; body?: string };
}

/** Lists of bank × category × state × page × sort, lists searched by two words, palette searches. */
function questionPool(p: Pools): Question[] {
  const list = (query: string, body: Record<string, unknown>): Question => ({
    kind: body.query === undefined ? 'list' : 'search',
    path: `${pathOf(offerResource.ops.list)}?${query}`,
    init: { method: 'POST', body: JSON.stringify(body) },
  });
  const out: Question[] = [];
  for (const bank of p.banks)
    for (const category of [undefined, ...p.categories])
      for (const state of [undefined, 'live', 'upcoming', 'expired'])
        for (const sort of SORTS)
          for (const page of [1, 2]) out.push(list(`page=${page}&per_page=50&sort=${sort}`, { bank, category, state }));
  for (const query of p.pairs)
    for (const sort of SORTS)
      for (const page of [1, 2]) out.push(list(`page=${page}&per_page=50&sort=${sort}`, { query }));
  for (const query of p.pairs)
    for (const limit of [5, 6, 7, 8, 9, 10])
      out.push({
        kind: 'palette',
        path: `${pathOf(searchRecords)}?query=${encodeURIComponent(query)}&limit=${limit}`,
        init: {},
      });
  return out;
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

const ms = (n: number) => `${n >= 100 ? n.toFixed(0) : n.toFixed(1)} ms`;

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
