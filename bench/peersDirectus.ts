// Directus 11 as a third peer of bench/peers.ts (`--directus`, issue 37): installed on demand
// into bench/directus/ (its package.json; never the product's dependencies). 11.3.5 is the
// newest 11.x whose engines accept Node 20, which this machine runs. It bootstraps its own
// directus_* tables into the database the bench seeded and serves the tables already there:
// an admin reads any table with a one-column primary key, and a foreign key is a many-to-one
// field (offers.category_id.name) without any registration. A table whose key has two columns
// is ignored (its start logs so), and offer_cards's is (offer_id, card_id): Q3, one bank
// through an offer's cards, cannot be asked of it.
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/postgres';

const HOME = path.join(import.meta.dirname, 'directus');

/** What a question asks of Directus's items API; `words` are searched in search_text, every one. */
export interface DirectusAsk {
  sort: string;
  filter?: Record<string, unknown>;
  words?: string[];
  offset?: number;
}

/** Q2–Q5's mix and the single-client questions compare the offer's own columns and its category's name, as lean PostGraphile. */
const LEAN = 'id,title,discount,valid_from,valid_to,created_at,category_id.id,category_id.name';

/**
 * The path of one page of 50 offers. `contains`: _contains (LIKE, which the trigram index on
 * search_text serves) or _icontains (lower(search_text) LIKE, which it does not).
 */
export function directusPath(
  ask: DirectusAsk,
  contains: '_contains' | '_icontains' = '_contains',
  fields = LEAN,
): string {
  const and = [
    ...(ask.filter ? [ask.filter] : []),
    ...(ask.words ?? []).map((w) => ({ search_text: { [contains]: w } })),
  ];
  const params = new URLSearchParams({ limit: '50', sort: ask.sort, fields });
  if (ask.offset) params.set('offset', String(ask.offset));
  if (and.length) params.set('filter', JSON.stringify(and.length === 1 ? and[0] : { _and: and }));
  return `/items/offers?${params}`;
}

export interface RunningDirectus {
  url: string;
  token: string;
  proc: ChildProcess;
  stop(): void;
}

/**
 * The end of Directus's log without its warnings: each of our tables without a one-column key
 * is one ("… doesn't have a primary key column and will be ignored"), and they hid the error.
 */
const withoutWarnings = (log: string) =>
  log
    .split('\n')
    .filter((line) => !line.includes('"level":40'))
    .join('\n')
    .slice(-2000);

/** bench/directus/run.mjs, installing Directus the first time. */
function runner(): string {
  if (!fs.existsSync(path.join(HOME, 'node_modules', '@directus', 'api'))) {
    console.log('installing Directus into bench/directus/ …');
    // Install scripts run only for the native modules Directus loads with PostgreSQL:
    // sqlite3's (an optional driver) built it from source, 20 minutes on this machine.
    const npm = (...a: string[]) =>
      execFileSync('npm', [...a, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: HOME, stdio: 'inherit' });
    npm('install', '--ignore-scripts');
    npm('rebuild', 'isolated-vm', 'argon2', 'sharp');
  }
  return path.join(HOME, 'run.mjs');
}

/**
 * Bootstraps Directus into the database at `databaseUrl` and starts it, its answer cache, rate
 * limiter and pressure limiter off (its schema is still kept in memory, as a server would). The
 * admin's static token is set by the bootstrap. Throws with the end of its log when either fails.
 */
export async function startDirectus(databaseUrl: string): Promise<RunningDirectus> {
  const run = runner();
  const db = new URL(databaseUrl);
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-directus-'));
  const env = {
    ...process.env,
    DB_CLIENT: 'pg',
    DB_HOST: db.hostname,
    DB_PORT: db.port,
    DB_DATABASE: db.pathname.slice(1),
    DB_USER: decodeURIComponent(db.username),
    ...(db.password ? { DB_PASSWORD: decodeURIComponent(db.password) } : {}),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    KEY: randomUUID(),
    SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'directus@example.com',
    ADMIN_PASSWORD: randomBytes(16).toString('hex'),
    ADMIN_TOKEN: token,
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    // On by default, it answers 503 while its event loop lags 500 ms: 12 of a 32-client run's
    // calls here. Off, every call is answered and timed, as ours and PostGraphile's are.
    PRESSURE_LIMITER_ENABLED: 'false',
    WEBSOCKETS_ENABLED: 'false',
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
    LOG_STYLE: 'raw',
    STORAGE_LOCAL_ROOT: path.join(root, 'uploads'),
    EXTENSIONS_PATH: path.join(root, 'extensions'),
  };
  const boot = spawnSync(process.execPath, [run, 'bootstrap'], { cwd: HOME, env, encoding: 'utf8', timeout: 600_000 });
  if (boot.status !== 0)
    throw new Error(
      `directus bootstrap failed (${boot.status ?? boot.signal}): ${withoutWarnings(boot.stderr + boot.stdout)}`,
    );
  const proc = spawn(process.execPath, [run, 'start'], { cwd: HOME, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    proc.kill();
    fs.rmSync(root, { recursive: true, force: true });
  };
  for (let i = 0; i < 480; i++) {
    const ok = await fetch(`${url}/items/offers?limit=1&fields=id`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, token, proc, stop };
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`directus start: /items/offers did not answer: ${withoutWarnings(out)}`);
}
