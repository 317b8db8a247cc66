// Lists, search and start-up at scale, each side by side with a baseline in the same run,
// one line each: `NAME: ours=… baseline=… ratio=…` (issue 12's targets).
//
//   npm run bench:lists -- --quick          a fresh PGlite folder with 50,000 offers (a few minutes)
//   npm run bench:lists -- --offers 1000000 the same at a million (seeding takes a while)
//   npm run bench:lists -- --quick --postgres  the same on a throwaway PostgreSQL cluster
//   DATABASE_URL=… npm run bench:lists      an existing PostgreSQL database as it is (seed it first
//                                     with npm run seed:large)
//
// Baselines: the list queries as they were before migration 014 (an exact count and OFFSET
// over the view, the planner scanning every row), the bare SQL of our own list query through
// the driver (what the HTTP layer costs on top), and for search plain ILIKE over the joined
// text.
//
// One-client latencies run against the app in this process with its answer cache off
// (server/http/answerCache.ts), so every call does its database work. Throughput is measured
// the way users meet it: `npm start`'s server in a process of its own, cache on, CLIENTS
// concurrent keep-alive clients in this process, each asking for the same list over and over
// (many admins on the same first page); the bare-SQL baseline reads the database every time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from '@contract/auth';
import { cardResource } from '@contract/card';
import { offerResource } from '@contract/offer';
import { outletResource } from '@contract/outlet';
import { pathOf } from '@contract/operation';
import { searchRecords } from '@contract/search';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/security/passwords';
import { startCluster } from '../scripts/postgres';
import { arg, ratioLine } from './compare';
import { pct, time } from './timing';
import { createMailer } from '../server/services/mail';
import { seedOffers } from './seedOffers';

const QUICK = process.argv.includes('--quick');
const OFFERS = Number(arg('offers') ?? (QUICK ? 50_000 : 1_000_000));
const CLIENTS = Number(arg('clients') ?? 32);
const SECONDS = Number(arg('seconds') ?? (QUICK ? 4 : 20));
const RUNS = QUICK ? 20 : 50;
const PASSWORD = 'bench-password';

async function main() {
  const started = performance.now();
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
  const count = Number((await sql<{ n: number }>('select count(*)::int as n from offers')).rows[0].n);
  const bank = (
    await sql<{ id: number }>('select bank_id as id from cards group by bank_id order by count(*) desc limit 1')
  ).rows[0].id;
  console.log(
    `lists: ${count.toLocaleString('en')} offers on ${db.kind}, ${os.cpus().length} CPUs, ${CLIENTS} clients × ${SECONDS} s\n`,
  );

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
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const token = await signIn(base, email);
  const { list, search } = client(base, token);

  // Our list query as the repository sends it (bare SQL), and as it was before migration 014.
  const ours = `with page as materialized (select id, row_number() over () as n from (select id from offers_view order by created_at desc, id desc limit 50) ids)
                select v.* from offers_view v join page using (id) order by page.n`;
  const oldWhere = 'where not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = $1)';
  const oldView = `(select o.*, array(select oc.card_id from offer_cards oc where oc.offer_id = o.id) as card_ids,
      array(select distinct b.name from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id where oc.offer_id = o.id) as bank_names
      from offers o ${oldWhere}) v`;
  const old =
    (extra: string, offset = 0) =>
    async () => {
      await sql(`select count(*) from ${oldView} ${extra}`, ['pending']);
      await sql(`select * from ${oldView} ${extra} order by created_at desc, id desc limit 50 offset ${offset}`, [
        'pending',
      ]);
    };
  const lines: string[] = [];
  const line = (name: string, o: number, b: number, unit: string, better: 'lower' | 'higher') => {
    const text = ratioLine(name, o, b, unit, better);
    lines.push(text);
    console.log(text);
  };

  // 1–3. Page 1 of the default sort, filtered (bank + live), searched: one client, p50.
  const oldRuns = QUICK ? 3 : 2;
  line(
    'list page 1, newest first, p50',
    p(await time(RUNS, list('page=1&per_page=50')), 50),
    p(await time(oldRuns, old('')), 50),
    ' ms',
    'lower',
  );
  line(
    'list bank + live, p50',
    p(await time(RUNS, list('page=1&per_page=50', { bank, state: 'live' })), 50),
    p(await time(oldRuns, old(`where $1 <> '' and ${bankLive(bank)}`)), 50),
    ' ms',
    'lower',
  );
  line(
    'list searched "cashback dining", p50',
    p(await time(RUNS, list('page=1&per_page=50', { query: 'cashback dining' })), 50),
    p(await time(oldRuns, old(`where $1 <> '' and title ilike '%cashback%' and title ilike '%dining%'`)), 50),
    ' ms',
    'lower',
  );

  // 4. A deep page: found after the last row shown, against page 1 (target: within 3×).
  const deepPage = Math.floor(Math.min(count, 500_000) / 50);
  const deepId = (
    await sql<{ id: number }>(
      `select id from offers_view order by created_at desc, id desc offset ${(deepPage - 1) * 50 - 1} limit 1`,
    )
  ).rows[0].id;
  const page1 = p(await time(RUNS, list('page=1&per_page=50')), 50);
  line(
    `list page ${deepPage.toLocaleString('en')} (after the last row shown) vs page 1, p50`,
    p(await time(RUNS, list(`page=${deepPage}&per_page=50&after=${deepId}`)), 50),
    page1,
    ' ms',
    'lower',
  );
  line(
    `list page ${deepPage.toLocaleString('en')} by number (OFFSET) vs before, p50`,
    p(await time(QUICK ? 5 : 3, list(`page=${deepPage}&per_page=50`)), 50),
    p(await time(1, old('', (deepPage - 1) * 50), false), 50),
    ' ms',
    'lower',
  );

  // The baselines of the throughput figures (measured now: PGlite is this process's until the
  // server starts): page 1's bare SQL, and every other call through this uncached app.
  const bare = await load(db.kind === 'pglite' ? 1 : CLIENTS, SECONDS, () => sql(ours));
  const uncached = new Map<string, { rate: number; p99: number }>();
  for (const [name, fn] of loads({ list, search }, bank))
    uncached.set(name, await load(db.kind === 'pglite' ? 1 : CLIENTS, Math.max(2, SECONDS / 2), fn));

  // 6. Palette search, one client, p95, against ILIKE over the joined text.
  const queries = ['shake', 'marina 20%', 'cashback dining', 'reel cinemas'];
  const oursSearch: number[] = [];
  const naiveSearch: number[] = [];
  for (const q of queries) {
    oursSearch.push(...(await time(RUNS, search(q))));
    const terms = q.split(/\s+/).map((t) => `%${t}%`);
    naiveSearch.push(
      ...(await time(
        QUICK ? 2 : 1,
        () =>
          sql(
            `select id, title from ${oldView.replace('$1', "'pending'")} where ${terms.map((_, i) => `concat_ws(' ', v.title, v.discount, array_to_string(v.bank_names, ' ')) ilike $${i + 1}`).join(' and ')} limit 5`,
            terms,
          ),
        false,
      )),
    );
  }
  line('palette search, p95', p(oursSearch, 95), p(naiveSearch, 95), ' ms', 'lower');

  // 7. Another call while a heavy one runs (an export of 5,000 rows): its latency, against alone.
  const alone = await time(10, search('shake'));
  const heavy = Promise.all(Array.from({ length: 5 }, (_, i) => list(`page=${i + 1}&per_page=500`)()));
  const during = await time(10, search('shake'));
  await heavy;
  line('a search while 5 pages of 500 load, p95 (baseline: alone)', p(during, 95), p(alone, 95), ' ms', 'lower');

  await app.close();
  await db.close();

  // 5. Throughput at CLIENTS clients over HTTP against `npm start`'s server (answer cache on),
  // against the same calls read every time (this process's uncached app, measured above).
  const server = await startServer(dataDir, { ...env, SKIP_CLIENT_BUILD: '1' });
  try {
    const c = client(server.url, await signIn(server.url, email));
    const http = await load(CLIENTS, SECONDS, c.list('page=1&per_page=50'));
    line(`list page 1 at ${CLIENTS} clients, req/s (baseline: bare SQL)`, http.rate, bare.rate, ' req/s', 'higher');
    line(`list page 1 at ${CLIENTS} clients, p99 (baseline: bare SQL)`, http.p99, bare.p99, ' ms', 'lower');
    for (const [name, fn] of loads(c, bank)) {
      const r = await load(CLIENTS, Math.max(2, SECONDS / 2), fn);
      line(
        `${name} at ${CLIENTS} clients, req/s (baseline: read every time)`,
        r.rate,
        uncached.get(name)!.rate,
        ' req/s',
        'higher',
      );
      line(
        `${name} at ${CLIENTS} clients, p99 (baseline: read every time)`,
        r.p99,
        uncached.get(name)!.p99,
        ' ms',
        'lower',
      );
    }
    // 7b. Memory: the server's peak resident size after all that (Linux: VmHWM), against Node alone.
    const peak = peakRss(server.pid);
    const nodeAlone =
      Number(execFileSync(process.execPath, ['-e', 'console.log(process.memoryUsage().rss)'], { encoding: 'utf8' })) /
      1024 /
      1024;
    if (peak) line('server peak memory after the load (baseline: node alone)', peak / 1024, nodeAlone, ' MB', 'lower');
  } finally {
    await server.stop();
  }

  // 8. Start: `npm start`'s server on this folder answering /health, against Node alone.
  if (dataDir) {
    await timeStart(dataDir, env); // the first start after a source change builds the browser app
    const startMs = await timeStart(dataDir, env);
    const nodeMs = timeNode();
    line('start to /health (baseline: node alone)', startMs, nodeMs, ' ms', 'lower');
  }
  console.log(`\n${lines.length} lines in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (dataDir && !process.env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  cluster?.stop();
}

/** The calls loaded by CLIENTS clients at once, besides page 1 of the offers. */
function loads(c: ReturnType<typeof client>, bank: number) {
  return [
    ['list bank + live', c.list('page=1&per_page=50', { bank, state: 'live' })],
    ['list searched', c.list('page=1&per_page=50', { query: 'cashback dining' })],
    ['cards page 1', c.list('page=1&per_page=50', {}, cardResource)],
    ['outlets page 1', c.list('page=1&per_page=50', {}, outletResource)],
    ['palette search', c.search('marina 20%')],
  ] as const;
}

/** A process's peak resident memory in KB (Linux /proc), or null elsewhere. */
function peakRss(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? NaN) || null;
  } catch {
    return null;
  }
}

/** The list and search calls of a signed-in admin, over HTTP. */
function client(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list =
    (
      query: string,
      body: Record<string, unknown> = {},
      resource: { ops: { list: Parameters<typeof pathOf>[0] & { method: string } } } = offerResource,
    ) =>
    async () => {
      const op = resource.ops.list;
      // A GET list takes its filters in the query string, a POST list in the body.
      const get = op.method === 'GET';
      const q = get
        ? [query, ...Object.entries(body).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)].join('&')
        : query;
      const r = await fetch(
        `${base}${pathOf(op)}?${q}`,
        get ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
      );
      if (r.status !== 200) throw new Error(`${r.status} ${await r.text()}`);
      // Read, not parsed: at 1,000+ answers a second, parsing them would load the client, not the server.
      await r.arrayBuffer();
    };
  const search = (q: string) => async () => {
    const r = await fetch(`${base}${pathOf(searchRecords)}?query=${encodeURIComponent(q)}`, { headers });
    if (r.status !== 200) throw new Error(`${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  };
  return { list, search };
}

async function signIn(base: string, email: string): Promise<string> {
  const r = await fetch(base + pathOf(login), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

const bankLive = (bank: number) =>
  `id in (select oc.offer_id from offer_cards oc join cards c on c.id = oc.card_id where c.bank_id = ${bank}) and valid_from <= current_date and valid_to >= current_date`;

/** `clients` loops calling `fn` for `seconds`: requests per second and the 99th percentile. */
async function load(clients: number, seconds: number, fn: () => Promise<unknown>) {
  await fn(); // the first answer (a cold cache, a route's first call) is not what a crowd meets
  const end = performance.now() + seconds * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await fn();
        times.push(performance.now() - t);
      }
    }),
  );
  return { rate: times.length / seconds, p99: p(times, 99) };
}

/** `npm start`'s server (node scripts/start.mjs) on an existing folder, once /health answers. */
async function startServer(dataDir: string | undefined, env: NodeJS.ProcessEnv) {
  const { spawn } = await import('node:child_process');
  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const t = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...env, ...(dataDir && { DATA_DIR: dataDir }), PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, stop, ms: performance.now() - t, pid: child.pid };
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t > 60_000) {
      await stop();
      throw new Error('the server did not answer /health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** How long `npm start`'s server takes to answer /health on an existing folder, in ms. */
async function timeStart(dataDir: string, env: NodeJS.ProcessEnv): Promise<number> {
  const server = await startServer(dataDir, env);
  await server.stop();
  return server.ms;
}

function timeNode(): number {
  const t = performance.now();
  execFileSync(process.execPath, ['-e', '0']);
  return performance.now() - t;
}

const p = pct;

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
