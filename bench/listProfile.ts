// Where an offers list call spends its time (issue 37), on the catalogue bench/peers.ts seeds:
// the statements the repository sends for each of its questions, with EXPLAIN (ANALYZE,
// BUFFERS) and the repository's own p50, beside the plain statement PostGraphile sends for
// the same page; then the server under the Q2–Q5 mix with `--cpu-prof`, its functions by
// self time.
//
//   npx tsx bench/listProfile.ts --offers 302000 --seconds 20
//   npx tsx bench/listProfile.ts --only Q5,Q6 --seconds 0     plans alone, no profile
//   npx tsx bench/listProfile.ts --hold                        seeds, prints the database's URL, waits
//   npx tsx bench/listProfile.ts --url postgres://…            on a database --hold seeded
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { login } from '@contract/auth';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createMailer } from '../server/services/mail';
import { freePort, startCluster } from '../scripts/postgres';
import { openDb, type Db, type Tx } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import type { ListParams } from '../server/repositories/crud';
import { offerRepository } from '../server/repositories/offers';
import { hashPassword } from '../server/security/passwords';
import { cpuSplit } from './cpu';
import { httpCall, keepAliveAgent } from './httpCall';
import { signInAs } from './mixedAdmin';
import { seedOffers } from './seedOffers';
import { pct } from './timing';

const { values: args } = parseArgs({
  options: {
    offers: { type: 'string', default: '302000' },
    seconds: { type: 'string', default: '20' },
    clients: { type: 'string', default: '32' },
    only: { type: 'string', default: '' },
    runs: { type: 'string', default: '30' },
    hold: { type: 'boolean', default: false },
    // The app in this process, called with app.inject, profiled over the mix alone (no start,
    // no sockets): its own functions' self time without the HTTP stack's.
    inprocess: { type: 'boolean', default: false },
    url: { type: 'string', default: '' },
    // Another checkout's server under the same mix (an older commit's, for a before/after).
    cwd: { type: 'string', default: '' },
  },
});
const ADMIN = { email: 'profile@bench.local', password: 'profile-bench-password' };

interface Question {
  /** The list call's query string (count=false, as the screens ask) and its filters. */
  query: string;
  body: Record<string, unknown>;
  /** What PostGraphile sends for it, as far as the page goes (its JSON building left out). */
  peer: string;
}

const NEWEST = 'order by created_at desc, id desc';
const questions: Record<string, Question> = {
  Q1: { query: 'page=1&per_page=50&sort=-created_at', body: {}, peer: `select * from offers ${NEWEST} limit 50` },
  Q4: {
    query: 'page=1&per_page=50&sort=valid_to',
    body: { state: 'live' },
    peer: `select * from offers where valid_from <= catalogue_today() and valid_to >= catalogue_today() order by valid_to, id limit 50`,
  },
  Q5: {
    query: 'page=1&per_page=50&sort=-created_at&query=cashback',
    body: {},
    peer: `select * from offers where search_text like '%cashback%' ${NEWEST} limit 50`,
  },
  Q5b: {
    query: 'page=1&per_page=50&sort=-created_at&query=hotel%20spa',
    body: {},
    peer: `select * from offers where search_text like '%hotel%' and search_text like '%spa%' ${NEWEST} limit 50`,
  },
  Q6: {
    query: 'page=200&per_page=50&sort=-created_at',
    body: {},
    peer: `select * from offers ${NEWEST} limit 50 offset 9950`,
  },
};

function paramsOf(q: Question): ListParams {
  const out: ListParams = { count: 'false', ...q.body };
  for (const [k, v] of new URLSearchParams(q.query)) out[k] = k === 'page' || k === 'per_page' ? Number(v) : v;
  return out;
}

/** A Tx that records what passes through it. */
function recording(tx: Tx, into: { sql: string; params: unknown[] }[]): Tx {
  return {
    query: (sql, params, opts) => {
      into.push({ sql, params: params ?? [] });
      return tx.query(sql, params, opts);
    },
    exec: (sql) => tx.exec(sql),
  };
}

/** A CPU profile's functions by self time, the top `n`, as lines. */
function topSelf(file: string, n: number): string[] {
  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }
  const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(prof.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const dt = prof.timeDeltas[i] ?? 0;
    total += dt;
    const key = `${f.functionName || '(anonymous)'} ${path.basename(f.url)}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`,
    );
}

/** The server as e2e/server.ts starts it, with `--cpu-prof` (refused in NODE_OPTIONS). */
async function startProfiled(env: Record<string, string>, profDir: string) {
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, 'scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_CLIENT_BUILD: '1',
      LINK_CHECK_OUTBOUND: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: args.cwd || undefined,
  });
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null || i > 1200) throw new Error(`server did not start:\n${out}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: proc.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.on('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

async function profileInProcess(db: Db, env: Record<string, string>) {
  const config = loadConfig({ ...process.env, ...env, PORT: '0', LOG_LEVEL: 'info' });
  const app = await buildApp({
    config,
    db,
    mailer: createMailer({ dataDir: config.dataDir, from: config.mailFrom, log: () => {} }),
    answerCache: false,
  });
  await app.ready();
  const signIn = await app.inject({ method: 'POST', url: pathOf(login), payload: ADMIN });
  const token = (signIn.json() as { data: { token: string } }).data.token;
  const listUrl = pathOf(offerResource.ops.list);
  const mix = [questions.Q2, questions.Q3, questions.Q4, questions.Q5, questions.Q5b];
  const call = (x: Question) =>
    app.inject({
      method: 'POST',
      url: `${listUrl}?${x.query}&count=false`,
      payload: x.body,
      headers: { authorization: `Bearer ${token}` },
    });
  for (let i = 0; i < 40; i++) await call(mix[i % mix.length]);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const cpu0 = process.cpuUsage();
  const end = performance.now() + Number(args.seconds) * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: Number(args.clients) }, async () => {
      while (performance.now() < end) {
        const res = await call(mix[n++ % mix.length]);
        if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  const { profile } = await session.post('Profiler.stop');
  const file = path.join(os.tmpdir(), `listProfile-${Date.now()}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(
    `\nin process: ${n} calls, ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms of this process's CPU per call (load ${os.loadavg()[0].toFixed(2)}); ${file}, top self time:\n${topSelf(file, 40).join('\n')}`,
  );
  await app.close();
}

async function main() {
  const offers = Number(args.offers);
  const cluster = args.url ? null : await startCluster();
  const url = args.url || cluster!.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-profile-'));
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, ANSWER_CACHE_MB: '0' };
  try {
    const db = await openDb({ databaseUrl: url });
    const q = <T>(sql: string, params?: unknown[]) => db.read((tx) => tx.query<T>(sql, params));
    if (cluster) {
      console.log(`seeding ${offers.toLocaleString('en')} offers …`);
      seedOffers(offers, { ...process.env, ...env });
      await migrate(db);
      await q("insert into users (name, email, role, password_hash) values ('Profile', $1, 'admin', $2)", [
        ADMIN.email,
        await hashPassword(ADMIN.password),
      ]);
      await q('analyze');
    } else await migrate(db);
    // bench/peers.ts's Q2 and Q3 on the busiest category and bank.
    const top = async (sql: string) => (await q<{ v: number }>(sql)).rows[0].v;
    const category = await top(
      'select category_id as v from offers where category_id is not null group by 1 order by count(*) desc limit 1',
    );
    const bank = await top(
      'select c.bank_id as v from offer_cards oc join cards c on c.id = oc.card_id group by 1 order by count(*) desc limit 1',
    );
    questions.Q2 = {
      query: 'page=1&per_page=50&sort=-created_at',
      body: { category },
      peer: `select * from offers where category_id = ${category} ${NEWEST} limit 50`,
    };
    questions.Q3 = {
      query: 'page=1&per_page=50&sort=-created_at',
      body: { bank },
      peer: `select * from offers o where exists (select 1 from offer_cards oc join cards c on c.id = oc.card_id where oc.offer_id = o.id and c.bank_id = ${bank}) ${NEWEST} limit 50`,
    };
    if (args.hold) {
      console.log(`holding ${url}`);
      await new Promise((resolve) => process.on('SIGINT', resolve));
      return;
    }
    const only = args.only ? new Set(args.only.split(',')) : null;
    for (const [name, question] of Object.entries(questions)) {
      if (only && !only.has(name)) continue;
      const params = paramsOf(question);
      const sent: { sql: string; params: unknown[] }[] = [];
      await db.read((tx) => offerRepository.list(recording(tx, sent), params));
      const times: number[] = [];
      for (let i = 0; i < Number(args.runs); i++) {
        const t = performance.now();
        await db.read((tx) => offerRepository.list(tx, params));
        times.push(performance.now() - t);
      }
      const peerTimes: number[] = [];
      for (let i = 0; i < Number(args.runs); i++) {
        const t = performance.now();
        await q(question.peer);
        peerTimes.push(performance.now() - t);
      }
      console.log(
        `\n=== ${name} ${question.query} ${JSON.stringify(question.body)}: repository p50 ${pct(times, 50).toFixed(2)} ms, peer's statement p50 ${pct(peerTimes, 50).toFixed(2)} ms`,
      );
      for (const s of [...sent, { sql: question.peer, params: [] }]) {
        console.log(`--- ${s.sql.replace(/\s+/g, ' ')}  ${JSON.stringify(s.params)}`);
        const plan = await q<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.sql}`, s.params);
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
    if (args.inprocess) {
      await profileInProcess(db, env);
      return;
    }
    await db.close();
    if (Number(args.seconds) <= 0) return;

    const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-cpuprof-'));
    const server = await startProfiled(env, profDir);
    const token = await signInAs(server.url, ADMIN.email, ADMIN.password);
    const agent = keepAliveAgent(Number(args.clients) * 2);
    const listUrl = server.url + pathOf(offerResource.ops.list);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const mix = [questions.Q2, questions.Q3, questions.Q4, questions.Q5, questions.Q5b];
    const cpu = cpuSplit(server.pid);
    const end = performance.now() + Number(args.seconds) * 1000;
    let n = 0;
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: Number(args.clients) }, async () => {
        while (performance.now() < end) {
          const x = mix[n++ % mix.length];
          const t = performance.now();
          await httpCall(agent, `${listUrl}?${x.query}&count=false`, {
            method: 'POST',
            body: JSON.stringify(x.body),
            headers,
          });
          times.push(performance.now() - t);
        }
      }),
    );
    console.log(
      `\nmix: ${(times.length / Number(args.seconds)).toFixed(0)} req/s p99 ${pct(times, 99).toFixed(1)} ms (load ${os.loadavg()[0].toFixed(2)}); ${cpu(times.length)}`,
    );
    await server.stop();
    const files = fs.readdirSync(profDir).map((f) => path.join(profDir, f));
    const biggest = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    console.log(`server profile ${biggest}, top self time:\n${topSelf(biggest, 30).join('\n')}`);
  } finally {
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
