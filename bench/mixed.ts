// A team's load: CLIENTS admins, each signed in as its own staff account, 80 % reads (offer
// lists with a random filter, sort and page; bank, card and outlet lists; the palette's
// search; a record shown) and 20 % writes (offer titles edited with their version, banks and
// offers created, bulk changes of a few offers), as fast as the answers come, against real
// server processes over HTTP (`npm start`'s, seeded with the demo data). The admins'
// calls are bench/mixedAdmin.ts's.
//
//   npm run bench:mixed                                  the matrix below, 50 admins × 120 s each
//   npm run bench:mixed -- --seconds 15 --clients 20     a short run of the same
//   npm run bench:mixed -- --db postgres --processes 2   one configuration (both caches)
//   npm run bench:mixed -- --cache off                   the matrix with the answer cache off only
//   (--warmup 5: seconds of calls before the timing starts; their errors and writes still count)
//
// Configurations: embedded PGlite in one process, PostgreSQL (a throwaway cluster,
// scripts/postgres.ts) with one and with two server processes (the admins alternate between
// them: no load balancer), each with the answer cache on and off (ANSWER_CACHE_MB=0,
// server/config.ts); every run starts from the same seeded copy. One line each: req/s,
// p50/p95/p99 of every call (the 'writes p99' column: of the writes alone), errors (a 5xx,
// a network error, any other 4xx than a 409 of an edit racing another admin's on a shared
// demo offer: those are 'conflicts'), and lost writes, counted in the database once the
// servers have stopped: records each made and wrote alone (its banks and offers) that do
// not hold the last value the server acknowledged. Then `NAME: ours=… baseline=… ratio=…`
// lines, cache on against cache off. Targets on a 2-core machine that also runs this load
// generator: p99 ≤ 300 ms on PostgreSQL, ≤ 600 ms on PGlite, no error, no lost write. The
// exit code is 1 when a run had an error or lost a write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { categoryResource } from '@contract/category';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { outletResource } from '@contract/outlet';
import { userResource } from '@contract/user';
import { startServer, type RunningServer } from '../e2e/server';
import { startCluster, type Cluster } from '../scripts/postgres';
import { openDb } from '../server/db/connection';
import { runAdmin, signInAs, type Acknowledged, type Pools, type Tally } from './mixedAdmin';
import { pct } from './timing';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '120' },
    clients: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    db: { type: 'string' },
    processes: { type: 'string' },
    cache: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const WARMUP = Number(values.warmup);
const ADMIN = { email: 'mixed@bench.local', password: 'mixed-bench-password' };
const PASSWORD = 'mixed-bench-admin-password';
const email = (i: number) => `mixed-${i}@bench.local`;
/** p99 targets (ms), by database. */
const TARGET = { pglite: 600, postgres: 300 } as const;

type Kind = 'pglite' | 'postgres';
interface Setup {
  db: Kind;
  processes: number;
}
const ALL: Setup[] = [
  { db: 'pglite', processes: 1 },
  { db: 'postgres', processes: 1 },
  { db: 'postgres', processes: 2 },
];
const MATRIX = ALL.filter(
  (s) => (!values.db || s.db === values.db) && (!values.processes || s.processes === Number(values.processes)),
);
const CACHES = [true, false].filter((c) => !values.cache || values.cache === (c ? 'on' : 'off'));

/** A seeded database and data folder every run copies, with the ids to filter by and show. */
interface Template {
  kind: Kind;
  dataDir: string;
  /** PostgreSQL: the database to copy (CREATE DATABASE … TEMPLATE). */
  database?: string;
  pools: Pools;
}

interface Result {
  setup: Setup;
  cache: boolean;
  seconds: number;
  tallies: Tally[];
  acked: Acknowledged[];
  lost: string[];
  load: number;
}

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cards-bench-mixed-${name}-`));
  dirs.push(dir);
  return dir;
};
let cluster: Cluster | undefined;
const dbUrl = (name: string) => cluster!.url.replace(/\/postgres$/, `/${name}`);
async function sql(url: string, text: string) {
  const db = await openDb({ databaseUrl: url });
  try {
    await db.read((tx) => tx.query(text));
  } finally {
    await db.close();
  }
}

async function main() {
  if (!MATRIX.length || !CACHES.length || !(SECONDS > 0) || !(CLIENTS > 0))
    throw new Error(
      "--db pglite|postgres, --processes 1|2 (2 only on postgres: PGlite is one process's), --cache on|off, --seconds and --clients above 0",
    );
  console.log(
    `mixed: ${CLIENTS} admins × ${SECONDS} s (after ${WARMUP} s of warm-up), 80 % reads / 20 % writes, ` +
      `${os.cpus().length} CPUs shared with this load generator, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  const results: Result[] = [];
  try {
    const templates = new Map<Kind, Template>();
    for (const setup of MATRIX) {
      if (!templates.has(setup.db)) templates.set(setup.db, await template(setup.db));
      for (const cache of CACHES) {
        const r = await run(templates.get(setup.db)!, setup, cache);
        results.push(r);
        console.log(`  ${row(r)}`);
      }
    }
  } finally {
    cleanUp();
  }
  report(results);
  const bad = results.some((r) => r.lost.length || r.tallies.some((t) => t.errors));
  process.exit(bad ? 1 : 0);
}

/** Seeds the demo data with CLIENTS admin accounts, once per database kind. */
async function template(kind: Kind): Promise<Template> {
  const dataDir = tempDir('seed');
  let database: string | undefined;
  if (kind === 'postgres') {
    cluster ??= await startCluster();
    database = 'mixed_seed';
    await sql(cluster.url, `create database ${database}`);
  }
  const t = performance.now();
  console.log(`seeding the demo data on ${kind} …`);
  // A fresh folder seeds the demo data first: minutes on a busy machine.
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: database ? dbUrl(database) : '',
      SEED: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    undefined,
    600_000,
  );
  try {
    const headers = {
      authorization: `Bearer ${await signInAs(server.url, ADMIN.email, ADMIN.password)}`,
      'content-type': 'application/json',
    };
    for (let i = 0; i < CLIENTS; i++) {
      const res = await fetch(server.url + pathOf(userResource.ops.add!), {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Mixed Admin ${i}`, email: email(i), role: 'admin', password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`adding admin ${i}: ${res.status} ${await res.text()}`);
    }
    const ids = async (op: { method: string; path: string }, pages = 1) => {
      const out: number[] = [];
      for (let page = 1; page <= pages; page++) {
        const res = await fetch(`${server.url}${pathOf(op)}?page=${page}&per_page=500`, {
          method: op.method,
          headers,
          body: op.method === 'POST' ? '{}' : undefined,
        });
        if (res.status !== 200) throw new Error(`${op.path}: ${res.status} ${await res.text()}`);
        out.push(...((await res.json()) as { data: { id: number }[] }).data.map((r) => r.id));
      }
      return out;
    };
    const pools: Pools = {
      offers: await ids(offerResource.ops.list, 4),
      banks: await ids(bankResource.ops.list),
      cards: await ids(cardResource.ops.list),
      outlets: await ids(outletResource.ops.list),
      categories: await ids(categoryResource.ops.list),
    };
    console.log(
      `  ${pools.offers.length} offers, ${pools.banks.length} banks, ${pools.cards.length} cards, ` +
        `${pools.outlets.length} outlets and ${CLIENTS} admins in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    return { kind, dataDir, database, pools };
  } finally {
    await server.stop();
  }
}

let runs = 0;
/** One configuration on a fresh copy of the template: servers started, the admins' load, the check. */
async function run(t: Template, setup: Setup, cache: boolean): Promise<Result> {
  const name = `${++runs}`;
  // PGlite: a copy of the folder (its lock left behind). PostgreSQL: a database copied from
  // the template, and for each process a folder of its own (uploads, outbox).
  const copy = () => {
    const dir = tempDir(`run${name}`);
    fs.cpSync(t.dataDir, dir, { recursive: true, filter: (src) => path.basename(src) !== '.lock' });
    return dir;
  };
  let url = '';
  if (t.database) {
    await sql(cluster!.url, `create database mixed_run_${name} template ${t.database}`);
    url = dbUrl(`mixed_run_${name}`);
  }
  const folders = Array.from({ length: setup.processes }, copy);
  const servers: RunningServer[] = [];
  let outcome: Awaited<ReturnType<typeof load>>;
  try {
    const started = await Promise.allSettled(
      folders.map((dir) =>
        startServer(
          { DATA_DIR: dir, DATABASE_URL: url, SEED: '0', ANSWER_CACHE_MB: cache ? '64' : '0' },
          undefined,
          180_000,
        ),
      ),
    );
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    outcome = await load(
      servers.map((s) => s.url),
      t.pools,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  const lost = await check(url ? { databaseUrl: url } : { pgliteDir: path.join(folders[0]!, 'pglite') }, outcome.acked);
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  return { setup, cache, ...outcome, lost, load: os.loadavg()[0] };
}

/** CLIENTS admins, admin i on server i mod n, for WARMUP + SECONDS. */
async function load(urls: string[], pools: Pools) {
  const tokens = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) => signInAs(urls[i % urls.length]!, email(i), PASSWORD)),
  );
  const measureFrom = performance.now() + WARMUP * 1000;
  const end = measureFrom + SECONDS * 1000;
  const done = await Promise.all(
    tokens.map((token, n) => runAdmin({ n, url: urls[n % urls.length]!, token, pools, measureFrom, end })),
  );
  // Calls still answering at the end are counted: the rate is over the time they all took.
  const seconds = (performance.now() - measureFrom) / 1000;
  return { seconds, tallies: done.map((d) => d.tally), acked: done.map((d) => d.acked) };
}

/** Each admin's own records that do not hold the last value acknowledged to it. */
async function check(where: { databaseUrl?: string; pgliteDir?: string }, acked: Acknowledged[]) {
  const db = await openDb(where);
  try {
    const banks = new Map(
      (await db.read((tx) => tx.query<{ id: number; name: string }>('select id, name from banks'))).rows.map((r) => [
        r.id,
        r,
      ]),
    );
    const offerIds = acked.flatMap((a) => [...a.offers.keys()]);
    const offers = new Map(
      (
        await db.read((tx) =>
          tx.query<{ id: number; title: string; valid_to: string }>(
            'select id, title, valid_to::text as valid_to from offers where id = any($1::int[])',
            [offerIds],
          ),
        )
      ).rows.map((r) => [r.id, r]),
    );
    const lost: string[] = [];
    for (const a of acked) {
      for (const [id, want] of a.banks)
        if (banks.get(id)?.name !== want.name) lost.push(`bank ${id}: ${JSON.stringify(banks.get(id) ?? null)}`);
      for (const [id, want] of a.offers) {
        const got = offers.get(id);
        if (got?.title !== want.title || got.valid_to !== want.valid_to)
          lost.push(`offer ${id}: ${JSON.stringify(got ?? null)}, acknowledged ${JSON.stringify(want)}`);
      }
    }
    return lost;
  } finally {
    await db.close();
  }
}

const label = (s: Setup) => `${s.db === 'pglite' ? 'PGlite' : 'PostgreSQL'} × ${s.processes}`;
const fmt = (n: number) => (Number.isNaN(n) ? '–' : n >= 100 ? n.toFixed(0) : n.toFixed(1));

function figures(r: Result) {
  const all = r.tallies.flatMap((t) => [...t.reads, ...t.writes]);
  const writes = r.tallies.flatMap((t) => t.writes);
  const sum = (f: (t: Tally) => number) => r.tallies.reduce((s, t) => s + f(t), 0);
  return {
    rate: all.length / r.seconds,
    p50: pct(all, 50),
    p95: pct(all, 95),
    p99: pct(all, 99),
    writeP99: writes.length ? pct(writes, 99) : NaN,
    errors: sum((t) => t.errors),
    conflicts: sum((t) => t.conflicts),
    checked: r.acked.reduce((s, a) => s + a.writes, 0),
  };
}

const COLUMNS = [
  ['configuration', 16],
  ['cache', 6],
  ['req/s', 7],
  ['p50 ms', 7],
  ['p95 ms', 7],
  ['p99 ms', 7],
  ['writes p99', 11],
  ['errors', 7],
  ['conflicts', 10],
  ['lost writes', 16],
  ['load avg', 9],
] as const;
const cells = (xs: (string | number)[]) =>
  xs.map((x, i) => (i < 2 ? String(x).padEnd(COLUMNS[i]![1]) : String(x).padStart(COLUMNS[i]![1]))).join(' ');

function row(r: Result): string {
  const f = figures(r);
  return cells([
    label(r.setup),
    r.cache ? 'on' : 'off',
    fmt(f.rate),
    fmt(f.p50),
    fmt(f.p95),
    fmt(f.p99),
    fmt(f.writeP99),
    f.errors,
    f.conflicts,
    `${r.lost.length} of ${f.checked}`,
    r.load.toFixed(1),
  ]);
}

function report(results: Result[]) {
  console.log(`\n${cells(COLUMNS.map(([name]) => name))}`);
  for (const r of results) console.log(row(r));
  console.log(
    '\n(lost writes: records one admin made and wrote alone that lack the last value acknowledged to it, of the writes acknowledged on them)',
  );
  for (const r of results) {
    const f = figures(r);
    const misses = [
      f.p99 > TARGET[r.setup.db] && `p99 ${fmt(f.p99)} ms > ${TARGET[r.setup.db]} ms`,
      f.errors && `${f.errors} errors`,
      r.lost.length && `${r.lost.length} lost writes`,
    ].filter(Boolean);
    console.log(
      `${label(r.setup)}, cache ${r.cache ? 'on' : 'off'}: ${misses.length ? `target missed (${misses.join(', ')})` : 'target met'}`,
    );
    for (const s of [...r.tallies.flatMap((t) => t.samples).slice(0, 5), ...r.lost.slice(0, 5)]) console.log(`  ${s}`);
  }
  console.log();
  for (const s of MATRIX) {
    const on = results.find((r) => r.setup === s && r.cache);
    const off = results.find((r) => r.setup === s && !r.cache);
    if (!on || !off) continue;
    const [a, b] = [figures(on), figures(off)];
    console.log(
      `mixed ${label(s)} req/s, cache on (baseline: off): ours=${fmt(a.rate)} baseline=${fmt(b.rate)} ratio=${(a.rate / b.rate).toFixed(2)}`,
    );
    console.log(
      `mixed ${label(s)} p99, cache on (baseline: off): ours=${fmt(a.p99)} ms baseline=${fmt(b.p99)} ms ratio=${(b.p99 / a.p99).toFixed(2)}`,
    );
  }
}

function cleanUp() {
  cluster?.stop();
  cluster = undefined;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  cleanUp();
  process.exit(1);
});
