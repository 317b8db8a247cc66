// The offers list beside its peers on the same rows (issue 37): PostGraphile 4 with the
// connection-filter plugin, asked for rows like ours (names through the card and outlet links)
// and for lean rows (the offer's own columns and its category's name), on the same PostgreSQL
// database, seeded here. One line per question:
// `peers NAME: ours=… postgraphile_lean=… ratio=… (postgraphile_like=…)`.
//
//   npm run bench:peers                           50,000 offers on a throwaway PostgreSQL cluster
//   npm run bench:peers -- --offers 302000 --seconds 20
//   npm run bench:peers -- --statements 0          without pg_stat_statements' PostgreSQL time per Q2 call
//   npm run bench:peers -- --directus              Directus 11 beside them (bench/peersDirectus.ts)
//
// The peers are installed on demand into bench/peers/ (its package.json; never the product's
// dependencies), as bench/bytes.ts's react-admin baseline is in bench/react-admin/. Both
// systems run as processes of their own, our answer cache off (ANSWER_CACHE_MB=0), PostGraphile
// has none. One client: the systems alternate call by call, each question on a rotation of
// values, p50/p95. Then CLIENTS clients for SECONDS each, every call a different question of
// Q2–Q5 (a value drawn at random), ours then lean PostGraphile then ours again: req/s and p99.
// Our page is asked as the screens ask it (count=false: src/store/resourceStore.ts); the
// counted page 1 is given beside it (ours_counted). Each mix run also gives the CPU per call
// of the system's server process, of the PostgreSQL cluster (the postmaster and its
// backends) and of this process (bench/cpu.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { startServer } from '../e2e/server';
import { treeCpuSeconds } from './cpu';
import { freePort, startCluster } from '../scripts/postgres';
import { openDb } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/security/passwords';
import { httpCall, keepAliveAgent } from './httpCall';
import { signInAs } from './mixedAdmin';
import { directusPath, startDirectus, type DirectusAsk, type RunningDirectus } from './peersDirectus';
import { seedOffers } from './seedOffers';
import { pct } from './timing';

const { values: args } = parseArgs({
  options: {
    offers: { type: 'string', default: '50000' },
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '32' },
    runs: { type: 'string', default: '40' },
    // Calls of Q2 per system measured by pg_stat_statements (planning included); 0: not measured.
    statements: { type: 'string', default: '100' },
    directus: { type: 'boolean', default: false },
  },
});
const OFFERS = Number(args.offers);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const RUNS = Number(args.runs);
const STATEMENT_CALLS = Number(args.statements);
const ADMIN = { email: 'peers@bench.local', password: 'peers-bench-password' };
const PEERS = path.join(import.meta.dirname, 'peers');

/** PostGraphile, installed into bench/peers/ the first time (bench/peers/server.cjs runs it). */
function postgraphileBin(): string {
  const bin = path.join(PEERS, 'node_modules', 'postgraphile', 'cli.js');
  if (!fs.existsSync(bin)) {
    console.log('installing PostGraphile into bench/peers/ …');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: PEERS, stdio: 'inherit' });
  }
  return bin;
}

async function startPostgraphile(url: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  postgraphileBin();
  const proc = spawn(process.execPath, [path.join(PEERS, 'server.cjs'), url, String(port)], {
    cwd: PEERS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url: base, proc };
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  proc.kill();
  throw new Error(`PostGraphile did not start:\n${out.slice(-3000)}`);
}

/** A question: our call (query string, body), PostGraphile's arguments to allOffers, Directus's (null: it cannot be asked). */
interface Question {
  ours: { query: string; body: Record<string, unknown> };
  graph: string;
  directus: DirectusAsk | null;
}

const LEAN = 'id title discount validFrom validTo createdAt categoryId categoryByCategoryId { name }';
const LIKE = `${LEAN} fromSource
  offerCardsByOfferId { nodes { cardId cardByCardId { bankByBankId { name } } } }
  offerOutletsByOfferId { nodes { outletId outletByOutletId { merchantName } } }`;
const gql = (argsText: string, fields: string) => `{ allOffers(${argsText}) { nodes { ${fields} } } }`;

async function main() {
  const load0 = os.loadavg();
  const cluster = await startCluster();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-peers-'));
  const env = { DATABASE_URL: cluster.url, DATA_DIR: dataDir, ANSWER_CACHE_MB: '0' };
  const stops: (() => unknown)[] = [() => cluster.stop(), () => fs.rmSync(dataDir, { recursive: true, force: true })];
  try {
    const t0 = performance.now();
    console.log(`seeding ${OFFERS.toLocaleString('en')} offers …`);
    seedOffers(OFFERS, { ...process.env, ...env });
    let db = await openDb({ databaseUrl: cluster.url, pgliteDir: path.join(dataDir, 'pglite') });
    await migrate(db);
    const q = <T>(sql: string, params?: unknown[]) => db.read((tx) => tx.query<T>(sql, params));
    await q("insert into users (name, email, role, password_hash) values ('Peers', $1, 'admin', $2)", [
      ADMIN.email,
      await hashPassword(ADMIN.password),
    ]);
    await q('analyze');
    if (STATEMENT_CALLS > 0) {
      // pg_stat_statements with planning counted: loaded at start, so the cluster starts again.
      await q('alter system set shared_preload_libraries = pg_stat_statements');
      await db.close();
      cluster.pause();
      cluster.resume();
      db = await openDb({ databaseUrl: cluster.url });
      // Known only once the library is loaded.
      await q('alter system set pg_stat_statements.track_planning = on');
      await q('select pg_reload_conf()');
    }
    const ints = async (sql: string) => (await q<{ v: number }>(sql)).rows.map((r) => r.v);
    const categories = await ints(
      'select category_id as v from offers where category_id is not null group by 1 order by count(*) desc limit 8',
    );
    const banks = await ints(
      'select c.bank_id as v from offer_cards oc join cards c on c.id = oc.card_id group by 1 order by count(*) desc limit 8',
    );
    const count = (await ints('select count(*)::int as v from offers'))[0];
    const today = (await q<{ d: string }>('select catalogue_today()::text as d')).rows[0].d;
    await db.close();
    const statsDb = STATEMENT_CALLS > 0 ? await openDb({ databaseUrl: cluster.url }) : null;
    if (statsDb) {
      stops.push(() => statsDb.close());
      await statsDb.read((tx) => tx.query('create extension if not exists pg_stat_statements'));
    }
    console.log(`seeded ${count.toLocaleString('en')} offers in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const ours = await startServer(env, undefined, 600_000);
    stops.unshift(() => ours.stop());
    const peer = await startPostgraphile(cluster.url);
    stops.unshift(() => peer.proc.kill());
    // After PostGraphile, which so reads the same schema with or without --directus.
    let directus: RunningDirectus | null = null;
    if (args.directus) {
      try {
        directus = await startDirectus(cluster.url);
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 600);
        console.error(`peers --directus: Directus could not be run, nothing measured: ${reason}`);
        process.exitCode = 1;
        return;
      }
      stops.unshift(() => directus?.stop());
    }
    const token = await signInAs(ours.url, ADMIN.email, ADMIN.password);
    const agent = keepAliveAgent(CLIENTS * 2);
    const listUrl = ours.url + pathOf(offerResource.ops.list);
    const oursHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = {
      ours: (x: Question, counted = false) =>
        httpCall(agent, `${listUrl}?${x.ours.query}${counted ? '' : '&count=false'}`, {
          method: 'POST',
          body: JSON.stringify(x.ours.body),
          headers: oursHeaders,
        }),
      graph: (x: Question, fields: string) =>
        httpCall(agent, `${peer.url}/graphql`, {
          method: 'POST',
          body: JSON.stringify({ query: gql(x.graph, fields) }),
          headers: { 'content-type': 'application/json' },
        }),
      directus: (x: Question, contains?: '_contains' | '_icontains') =>
        httpCall(agent, directus!.url + directusPath(x.directus!, contains), {
          headers: { authorization: `Bearer ${directus!.token}` },
        }),
    };

    const newest = 'orderBy: [CREATED_AT_DESC, ID_DESC]';
    const newestD = '-created_at,-id';
    const words = ['cashback', 'dining', 'weekend', 'marina', 'free', 'hotel', 'spa', 'off'];
    const pairs = [
      ['cashback', 'dining'],
      ['free', 'weekend'],
      ['marina', '20%'],
      ['hotel', 'spa'],
    ];
    const search = (ws: string[]) =>
      `filter: { and: [${ws.map((w) => `{ searchText: { includes: ${JSON.stringify(w)} } }`).join(', ')}] }`;
    const questions: Record<string, (i: number) => Question> = {
      'Q1 page 1, newest': () => ({
        ours: { query: 'page=1&per_page=50&sort=-created_at', body: {} },
        graph: `first: 50, ${newest}`,
        directus: { sort: newestD },
      }),
      'Q2 one category': (i) => ({
        ours: { query: 'page=1&per_page=50&sort=-created_at', body: { category: categories[i % categories.length] } },
        graph: `first: 50, ${newest}, condition: { categoryId: ${categories[i % categories.length]} }`,
        directus: { sort: newestD, filter: { category_id: { _eq: categories[i % categories.length] } } },
      }),
      'Q3 one bank (through cards)': (i) => ({
        ours: { query: 'page=1&per_page=50&sort=-created_at', body: { bank: banks[i % banks.length] } },
        graph: `first: 50, ${newest}, filter: { offerCardsByOfferId: { some: { cardByCardId: { bankId: { equalTo: ${banks[i % banks.length]} } } } } }`,
        directus: null, // offer_cards has a two-column key: Directus ignores it (bench/peersDirectus.ts)
      }),
      'Q4 live, ending soonest': () => ({
        ours: { query: 'page=1&per_page=50&sort=valid_to', body: { state: 'live' } },
        graph: `first: 50, orderBy: [VALID_TO_ASC, ID_ASC], filter: { validFrom: { lessThanOrEqualTo: "${today}" }, validTo: { greaterThanOrEqualTo: "${today}" } }`,
        directus: {
          sort: 'valid_to,id',
          filter: { _and: [{ valid_from: { _lte: today } }, { valid_to: { _gte: today } }] },
        },
      }),
      'Q5 one-word search': (i) => ({
        ours: { query: `page=1&per_page=50&sort=-created_at&query=${words[i % words.length]}`, body: {} },
        graph: `first: 50, ${newest}, ${search([words[i % words.length]])}`,
        directus: { sort: newestD, words: [words[i % words.length]] },
      }),
      'Q5 two-word search': (i) => ({
        ours: {
          query: `page=1&per_page=50&sort=-created_at&query=${encodeURIComponent(pairs[i % pairs.length].join(' '))}`,
          body: {},
        },
        graph: `first: 50, ${newest}, ${search(pairs[i % pairs.length])}`,
        directus: { sort: newestD, words: pairs[i % pairs.length] },
      }),
      'Q6 page 200': () => ({
        ours: { query: 'page=200&per_page=50&sort=-created_at', body: {} },
        graph: `first: 50, offset: 9950, ${newest}`,
        directus: { sort: newestD, offset: 9950 },
      }),
    };

    // The same rows: page 1 newest first, ids compared.
    const oursIds = (await (
      await fetch(`${listUrl}?page=1&per_page=50&sort=-created_at&count=false&fields=id`, {
        method: 'POST',
        headers: oursHeaders,
        body: '{}',
      })
    ).json()) as { data: { id: number }[] };
    const graphIds = (await (
      await fetch(`${peer.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: gql(`first: 50, ${newest}`, 'id') }),
      })
    ).json()) as { data: { allOffers: { nodes: { id: number }[] } } };
    const ids = JSON.stringify(oursIds.data.map((r) => r.id));
    const same = ids === JSON.stringify(graphIds.data.allOffers.nodes.map((r) => r.id));
    let directusSame = '';
    if (directus) {
      const answer = await fetch(directus.url + directusPath({ sort: newestD }, '_contains', 'id'), {
        headers: { authorization: `Bearer ${directus.token}` },
      });
      const got = ((await answer.json()) as { data: { id: number }[] }).data.map((r) => r.id);
      directusSame = `, ${JSON.stringify(got) === ids ? 'the same' : 'DIFFERENT'} on Directus`;
    }
    console.log(
      `\n${count.toLocaleString('en')} offers on PostgreSQL, ${os.cpus().length} CPUs; Q1's 50 ids ${same ? 'the same' : 'DIFFER'} on both${directusSame}`,
    );

    const ms = (x: number) => x.toFixed(1);
    const timed = async (fn: () => Promise<number>, into: number[]) => {
      const t = performance.now();
      const status = await fn();
      into.push(performance.now() - t);
      if (status !== 200) throw new Error(`answered ${status}`);
    };
    for (const [name, ask] of Object.entries(questions)) {
      const got = {
        ours: [] as number[],
        counted: [] as number[],
        lean: [] as number[],
        like: [] as number[],
        directus: [] as number[],
        directusI: [] as number[],
      };
      for (let i = -3; i < RUNS; i++) {
        const x = ask(i + 3);
        // Alternating, each first every other time.
        const steps = [
          () => timed(() => call.ours(x), got.ours),
          () => timed(() => call.graph(x, LEAN), got.lean),
          () => timed(() => call.ours(x, true), got.counted),
          () => timed(() => call.graph(x, LIKE), got.like),
        ];
        if (directus && x.directus) steps.push(() => timed(() => call.directus(x), got.directus));
        if (directus && x.directus?.words) steps.push(() => timed(() => call.directus(x, '_icontains'), got.directusI));
        for (const step of i % 2 ? steps.reverse() : steps) await step();
        if (i < 0) for (const xs of Object.values(got)) xs.length = 0; // warm-up
      }
      const [o, l] = [pct(got.ours, 50), pct(got.lean, 50)];
      const p50p95 = (xs: number[]) => `${ms(pct(xs, 50))}/${ms(pct(xs, 95))} ms`;
      let others = '';
      if (directus && !got.directus.length) others = ' directus=cannot express it';
      else if (directus) {
        others = ` directus=${p50p95(got.directus)} ratio_directus=${(o / pct(got.directus, 50)).toFixed(2)}`;
        if (got.directusI.length) others += ` directus_icontains=${p50p95(got.directusI)}`;
      }
      console.log(
        `peers ${name}: ours=${ms(o)}/${ms(pct(got.ours, 95))} ms postgraphile_lean=${ms(l)}/${ms(pct(got.lean, 95))} ms ratio=${(o / l).toFixed(2)}${others} (p50/p95; postgraphile_like=${ms(pct(got.like, 50))}/${ms(pct(got.like, 95))} ms, ours_counted=${ms(pct(got.counted, 50))}/${ms(pct(got.counted, 95))} ms)`,
      );
    }

    // PostgreSQL's time per Q2 call, planning included, every statement of the call (the
    // session check, a count, the page…): pg_stat_statements emptied, STATEMENT_CALLS calls of
    // one system, then its sums. Its own statements and LISTEN left out (a write-counts look, counted).
    if (statsDb) {
      const stat = async (fn: (x: Question) => Promise<number>) => {
        await statsDb.read((tx) => tx.query('select pg_stat_statements_reset()'));
        for (let i = 0; i < STATEMENT_CALLS; i++) await fn(questions['Q2 one category'](i));
        const { rows } = await statsDb.read((tx) =>
          tx.query<{ calls: number; exec: number; plan: number; plans: number }>(
            `select coalesce(sum(calls), 0)::float8 as calls, coalesce(sum(total_exec_time), 0)::float8 as exec,
                    coalesce(sum(total_plan_time), 0)::float8 as plan, coalesce(sum(plans), 0)::float8 as plans
               from pg_stat_statements
              where query not ilike '%pg_stat_statements%' and query not ilike 'listen %'`,
          ),
        );
        const r = rows[0];
        const per = (x: number) => (x / STATEMENT_CALLS).toFixed(2);
        return `${per(r.exec + r.plan)} ms (execution ${per(r.exec)}, planning ${per(r.plan)}; ${per(r.calls)} statements, ${per(r.plans)} planned per call)`;
      };
      console.log(
        `peers Q2 PostgreSQL time per call (pg_stat_statements, ${STATEMENT_CALLS} calls each): ours=${await stat((x) => call.ours(x))} postgraphile_lean=${await stat((x) => call.graph(x, LEAN))}${directus ? ` directus=${await stat((x) => call.directus(x))}` : ''}`,
      );
    }

    // CLIENTS clients, every call a different question of Q2–Q5 (Directus: those it can be asked).
    // CPU per call: the system's server process (and any it started), the cluster's postmaster
    // and backends, this process; each read before and after the run (bench/cpu.ts).
    const mixNames = [
      'Q2 one category',
      'Q3 one bank (through cards)',
      'Q4 live, ending soonest',
      'Q5 one-word search',
      'Q5 two-word search',
    ];
    type Side = 'ours' | 'lean' | 'directus';
    const systems: Record<Side, { ask: (x: Question) => Promise<number>; pid: number | undefined; names: string[] }> = {
      ours: { ask: (x) => call.ours(x), pid: ours.proc.pid, names: mixNames },
      lean: { ask: (x) => call.graph(x, LEAN), pid: peer.proc.pid, names: mixNames },
      directus: {
        ask: (x) => call.directus(x),
        pid: directus?.proc.pid,
        names: mixNames.filter((name) => questions[name](0).directus),
      },
    };
    const mix = async (side: Side) => {
      const { ask, pid, names } = systems[side];
      const cpuBefore = treeCpuSeconds([pid ?? -1, cluster.postmasterPid()]);
      const benchBefore = process.cpuUsage();
      const end = performance.now() + SECONDS * 1000;
      const times: number[] = [];
      let errors = 0;
      const failed = new Set<number>(); // the statuses of the errors (0: no answer)
      let n = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < end) {
            const k = n++;
            const x = questions[names[k % names.length]](Math.floor(k / names.length));
            const t = performance.now();
            const status = await ask(x).catch(() => 0);
            if (status !== 200) {
              errors++;
              failed.add(status);
            }
            times.push(performance.now() - t);
          }
        }),
      );
      const bench = process.cpuUsage(benchBefore);
      const cpuAfter = treeCpuSeconds([pid ?? -1, cluster.postmasterPid()]);
      const perCall = (before: number | null, after: number | null) =>
        before === null || after === null ? '?' : (((after - before) * 1000) / Math.max(1, times.length)).toFixed(2);
      const cpu = `server=${perCall(cpuBefore[0], cpuAfter[0])} ms postgres=${perCall(cpuBefore[1], cpuAfter[1])} ms bench=${perCall(0, (bench.user + bench.system) / 1e6)} ms`;
      return { rps: times.length / SECONDS, p99: pct(times, 99), errors, failed: [...failed].join('/'), cpu };
    };
    type Run = Awaited<ReturnType<typeof mix>>;
    const sides: Side[] = directus ? ['ours', 'lean', 'directus'] : ['ours', 'lean'];
    const runs: Record<Side, Run[]> = { ours: [], lean: [], directus: [] };
    for (const side of [...sides, ...sides]) {
      const run = await mix(side);
      runs[side].push(run);
      console.log(
        `peers mix run ${runs[side].length} ${side}: ${run.rps.toFixed(0)} req/s p99=${ms(run.p99)} ms errors=${run.errors}${run.errors ? ` (status ${run.failed})` : ''}; cpu per call: ${run.cpu}`,
      );
    }
    const best = (rs: Run[]) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const [bo, bl] = [best(runs.ours), best(runs.lean)];
    const bd = directus ? best(runs.directus) : null;
    const list = (side: Side) => runs[side].map((r) => r.rps.toFixed(0)).join(', ');
    console.log(
      `peers ${CLIENTS} clients, Q2–Q5 mix, ${SECONDS} s: ours=${bo.rps.toFixed(0)} req/s p99=${ms(bo.p99)} ms postgraphile_lean=${bl.rps.toFixed(0)} req/s p99=${ms(bl.p99)} ms ratio=${(bo.rps / bl.rps).toFixed(2)}` +
        (bd
          ? ` directus=${bd.rps.toFixed(0)} req/s p99=${ms(bd.p99)} ms (Q3 left out) ratio_directus=${(bo.rps / bd.rps).toFixed(2)}`
          : '') +
        ` (runs: ours ${list('ours')}; lean ${list('lean')}${bd ? `; directus ${list('directus')}` : ''}; errors ${bo.errors}/${bl.errors}${bd ? `/${bd.errors}` : ''})`,
    );
    for (const side of sides)
      console.log(
        `peers cpu per call, best run of ${side}: ${best(runs[side]).cpu} (${best(runs[side]).rps.toFixed(0)} req/s)`,
      );
    const load1 = os.loadavg();
    console.log(
      `machine load (1/5/15 min) before ${load0.map((x) => x.toFixed(2)).join(' ')}, after ${load1.map((x) => x.toFixed(2)).join(' ')}`,
    );
  } finally {
    for (const stop of stops) await Promise.resolve(stop()).catch(() => undefined);
  }
}

main().then(
  () => process.exit(), // process.exitCode: 1 when --directus could not be run
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
