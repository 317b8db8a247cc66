// PGlite in its worker thread against PGlite in the server's thread (PGLITE_THREAD,
// server/db/pgliteThread.ts), side by side in one run: `npm start`'s server in a process of
// its own on one seeded folder, started once each way, with CLIENTS concurrent keep-alive
// clients in this process. Most ask the same list page again and again (answered from the
// answer cache, server/http/answerCache.ts, no query); SLOW of them ask lists searched by two
// words and a page size never asked before (each a real query of tens of ms). In the server's
// thread every cached answer waits for the query under way; in the worker it should not.
//
//   npm run bench:thread                       a fresh folder with 200,000 offers (a few minutes),
//                                              then SECONDS (25) each way, in two halves
//   npm run bench:thread -- --offers 50000 --seconds 10
//   DATA_DIR=… npm run bench:thread            a folder seeded before (npm run seed:large), as it is
//
// Prints each kind of call's p50 and p99 both ways, and the ratio (in-thread / worker: above 1,
// the worker is faster).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { login } from '@contract/auth';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { openDb } from '../server/db/connection';
import { hashPassword } from '../server/security/passwords';
import { startServer } from '../e2e/server';
import { pct } from './timing';
import { seedOffers } from './seedOffers';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '200000' },
    clients: { type: 'string', default: '32' },
    slow: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '25' },
  },
});
const OFFERS = Number(values.offers);
const CLIENTS = Number(values.clients);
const SLOW = Number(values.slow);
const SECONDS = Number(values.seconds);
const EMAIL = 'thread-bench@bench.local';
const PASSWORD = 'bench-password';
/** Words of the seeded offers' titles (server/db/seed/offers.ts): two of them make a search that finds some. */
const WORDS = ['cashback', 'dining', 'cinema', 'marina', 'shake', 'hotel', 'off', 'spa', 'brunch', 'coffee', 'free'];

type Mode = 'main' | 'worker';
interface Figures {
  cached: number[];
  slow: number[];
  errors: number;
}

async function main() {
  let dataDir = process.env.DATA_DIR;
  if (!dataDir) {
    // A fresh folder, seeded here: the figures never depend on what an earlier run left.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-thread-'));
    console.log(`seeding ${OFFERS.toLocaleString('en')} offers into ${dataDir} …`);
    const t = performance.now();
    seedOffers(OFFERS, { ...process.env, DATA_DIR: dataDir });
    console.log(`seeded in ${Math.round((performance.now() - t) / 1000)} s`);
  }
  await addUser(dataDir);
  const figures: Record<Mode, Figures> = { main: empty(), worker: empty() };
  // Half the time each way, twice, in the order main, worker, worker, main: what else loads
  // this shared machine meanwhile weighs on both alike.
  for (const mode of ['main', 'worker', 'worker', 'main'] as const) {
    const server = await startServer(
      { DATA_DIR: dataDir, SEED: '0', PGLITE_THREAD: mode, LOG_LEVEL: 'warn' },
      undefined,
      600_000,
    );
    try {
      const got = await crowd(server.url, SECONDS / 2);
      figures[mode].cached.push(...got.cached);
      figures[mode].slow.push(...got.slow);
      figures[mode].errors += got.errors;
      console.log(`${mode}: ${got.cached.length} cached, ${got.slow.length} slow calls in ${SECONDS / 2} s`);
    } finally {
      await server.stop();
    }
  }
  console.log(
    `\nthread: ${OFFERS.toLocaleString('en')} offers, ${os.cpus().length} CPUs, ${CLIENTS} clients ` +
      `(${CLIENTS - SLOW} on a cached page, ${SLOW} on uncached searches) × ${SECONDS} s each way`,
  );
  for (const kind of ['cached', 'slow'] as const)
    for (const p of kind === 'slow' && !SLOW ? [] : [50, 99]) {
      const [main, worker] = [pct(figures.main[kind], p), pct(figures.worker[kind], p)];
      console.log(
        `${kind} calls p${p}: worker=${fmt(worker)} ms in-thread=${fmt(main)} ms ratio=${(main / worker).toFixed(2)}`,
      );
    }
  for (const mode of ['main', 'worker'] as const) {
    const f = figures[mode];
    console.log(
      `${mode === 'main' ? 'in-thread' : 'worker'}: ${fmt(f.cached.length / SECONDS)} cached and ` +
        `${fmt(f.slow.length / SECONDS)} slow calls a second, ${f.errors} errors`,
    );
  }
}

/** An admin of the bench's own, written before any server holds the folder. */
async function addUser(dataDir: string) {
  const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const hash = await hashPassword(PASSWORD);
    await db.transaction(async (tx) => {
      await tx.query('delete from users where email = $1', [EMAIL]);
      await tx.query("insert into users (name, email, role, password_hash) values ('Bench', $1, 'admin', $2)", [
        EMAIL,
        hash,
      ]);
    });
  } finally {
    await db.close();
  }
}

const empty = (): Figures => ({ cached: [], slow: [], errors: 0 });

/** CLIENTS loops for `seconds`, SLOW of them on uncached searches: each call's time, by kind. */
async function crowd(base: string, seconds: number): Promise<Figures> {
  const r = await fetch(base + pathOf(login), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const token = ((await r.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = async (query: string, body: object) => {
    const res = await fetch(`${base}${pathOf(offerResource.ops.list)}?${query}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const cached = () => list('page=1&per_page=50', {});
  // A pair of words and a page size: some 9,000 questions, so nearly each is asked once.
  const pick = () => WORDS[Math.floor(Math.random() * WORDS.length)];
  const slow = () => list(`page=1&per_page=${20 + Math.floor(Math.random() * 81)}`, { query: `${pick()} ${pick()}` });
  await cached(); // the first answer fills the cache
  await slow(); // and the search's first call warms the server
  const out = empty();
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const kind = i < SLOW ? 'slow' : 'cached';
      const call = kind === 'slow' ? slow : cached;
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await call();
          out[kind].push(performance.now() - t);
        } catch {
          out.errors++;
        }
      }
    }),
  );
  return out;
}

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));

await main();
