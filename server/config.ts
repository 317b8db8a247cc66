// Configuration comes from the environment only, read here alone (lint holds it). ENV is the
// one description of it: each variable's type, range, default and meaning, which README.md's
// "Configuration" table repeats (server/config.test.ts compares them). A wrong value stops the
// start with a sentence naming the variable, what it must be and what it got.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

/** A variable's schema; `must` completes "NAME must be …" when a value does not fit it. */
type Var = TSchema & { must: string; description: string };

const described = (schema: TSchema, must: string, description: string): Var =>
  Object.assign(schema, { must, description });
const int = (minimum: number, maximum: number, must: string, description: string, dflt?: number) =>
  described(Type.Integer({ minimum, maximum, ...(dflt !== undefined && { default: dflt }) }), must, description);
const text = (description: string, opts: { default?: string; pattern?: string; must?: string } = {}) => {
  const { must = 'some text', ...rest } = opts;
  return described(Type.String({ minLength: 1, ...rest }), must, description);
};
const oneOf = (values: readonly string[], description: string, dflt?: string) =>
  described(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      dflt !== undefined ? { default: dflt } : {},
    ),
    `one of ${values.join(', ')}`,
    description,
  );
const flag = (description: string, dflt: '0' | '1') => oneOf(['0', '1'], description, dflt);

/** Every variable the server reads. An unset or empty variable takes its default (none: unset). */
export const ENV = {
  NODE_ENV: oneOf(
    ['production', 'development', 'test'],
    '`production`: `npm start` runs the server built by `npm run build` with plain node and never builds anything (see Running in production); otherwise it rebuilds what is stale',
  ),
  PORT: int(0, 65535, 'a port number', 'HTTP port of the one server (app, API, uploads, metrics)', 8080),
  HOST: text('interface to listen on', { default: '0.0.0.0' }),
  PUBLIC_URL: text(
    'the address people open the server at (`https://admin.example.com`), told in the start line; default `http://localhost:PORT`',
    { pattern: '^https?://[^\\s/]+(/[^\\s]*)?$', must: 'an http:// or https:// address' },
  ),
  DATABASE_URL: text('a PostgreSQL URL; unset means embedded PGlite in `DATA_DIR/pglite`', {
    pattern: '^postgres(ql)?://',
    must: 'a postgres:// or postgresql:// URL',
  }),
  DATA_DIR: text('database (PGlite), `uploads/`, `outbox/`; held by one process at a time (see below)', {
    default: './data',
  }),
  ADMIN_EMAIL: text('the first admin, created at start when no admin exists; default `admin@example.com`', {
    pattern: '^[^@\\s]+@[^@\\s]+$',
    must: 'an e-mail address',
  }),
  ADMIN_PASSWORD: text("that admin's password; when unset, a random one is printed once"),
  SMTP_URL: text('e.g. `smtp://user:pass@mail.example:587`; unset writes every mail to `DATA_DIR/outbox` and logs it', {
    pattern: '^smtps?://',
    must: 'an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: text('sender of sign-in and reset codes', { default: 'Cards Admin <no-reply@cards-admin.local>' }),
  UPLOAD_MAX_BYTES: int(
    1024,
    1024 ** 3,
    'a whole number of bytes from 1,024 to 1,073,741,824',
    'largest accepted image upload, in bytes (larger: 413)',
    2 * 1024 * 1024,
  ),
  SEED: flag('`0` skips the demo data on first start', '1'),
  SEED_EVENTS: int(
    0,
    50_000_000,
    'a whole number from 0 to 50,000,000',
    'how many engagement events the demo data holds (90 days); the test harnesses set `20000` to start fast',
    500_000,
  ),
  LOG_LEVEL: oneOf(
    LOG_LEVELS,
    "the log's level (see Logs below); `LOG_REQUESTS=1`, the old switch, still means `debug`",
    'info',
  ),
  LOG_REQUESTS: flag('`1`: `LOG_LEVEL=debug` when `LOG_LEVEL` is unset (the old switch)', '0'),
  ANSWER_CACHE_MB: int(
    0,
    16_384,
    'a whole number of megabytes from 0 (off) to 16,384',
    "memory for answers kept between writes (lists, counts, the palette's search), in MB; the least recently kept go first; `0` turns it off (every call reads the database, sign-ins' sessions too)",
    64,
  ),
  STREAM_BUFFER_KB: int(
    16,
    65_536,
    'a whole number of kilobytes from 16 to 65,536',
    'unsent bytes one live update stream may hold, in KB: change events wait in the database while a stream holds more than half of it, and a client that reads nothing for 10 s, or would pass it, is dropped (it resumes from its last event when it reads again)',
    256,
  ),
  STREAMS_PER_SESSION: int(
    1,
    1000,
    'a whole number of streams from 1 to 1,000',
    'live update streams (the events call of contract/events.ts) one session may have open on one server process, a tab each; one more is a 429',
    8,
  ),
  STREAMS_PER_ACCOUNT: int(
    1,
    10_000,
    'a whole number of streams from 1 to 10,000',
    'live update streams one account may have open on one server process, all its sessions together; one more is a 429',
    20,
  ),
  PG_POOL_MAX: int(
    1,
    1000,
    'a whole number of connections from 1 to 1,000',
    "connections of the server's main PostgreSQL pool (sign-in and `/health` have two more of their own); default twice the CPUs, at least 4",
  ),
  PGLITE_THREAD: oneOf(
    ['worker', 'main'],
    "where embedded PGlite runs: `worker`, a thread of its own, so a slow query does not hold the server's other calls (those answered from the cache too); `main`, the server's thread (bench:thread compares them)",
    'worker',
  ),
  SKIP_CLIENT_BUILD: flag(
    '`1` starts without rebuilding a browser app older than its sources (the dev server and the test harnesses build it themselves)',
    '0',
  ),
  PUSH_SENDER: text(
    'a module that sends push notifications (see Push notifications); unset writes them to `DATA_DIR/outbox/notifications`',
  ),
  TRUST_PROXY: text(
    'set it only behind reverse proxies: their number (`1`: the one proxy in front) or their addresses (`127.0.0.1,10.0.0.0/8`); unset, off (see Sign-in limits)',
  ),
  METRICS_TOKEN: text(
    'when set, `/metrics` answers only with `Authorization: Bearer <token>` (see Running in production)',
    {
      pattern: '^[\\x21-\\x7e]{16,}$',
      must: 'at least 16 characters without spaces',
    },
  ),
  S3_BUCKET: text(
    "when set, uploads go to this S3-compatible bucket (under `uploads/`) instead of `DATA_DIR/uploads`: what several server processes share (see Running in production); the keys are the AWS SDK's own, `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`",
    {
      pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
      must: 'a bucket name (3 to 63 lowercase letters, digits, dots and dashes)',
    },
  ),
  S3_ENDPOINT: text(
    "the S3 service's address for storage other than AWS (MinIO, R2, …): `https://minio.example:9000`",
    {
      pattern: '^https?://[^\\s]+$',
      must: 'an http:// or https:// address',
    },
  ),
  S3_REGION: text("the bucket's region", { default: 'us-east-1' }),
  S3_FORCE_PATH_STYLE: flag(
    '`1`: address the bucket as `ENDPOINT/bucket/key` (MinIO and most S3-compatible services), not as a subdomain',
    '0',
  ),
  LINK_CHECK_EVERY_MIN: int(
    1,
    1440,
    'a whole number of minutes from 1 to 1,440',
    "minutes between the background health checker's rounds: the images' files and the links due a check (Health, broken media and links), and each entity's health score for the day",
    30,
  ),
  LINK_RECHECK_HOURS: int(
    1,
    8760,
    'a whole number of hours from 1 to 8,760',
    'hours after which an image or link checked already is checked again (a changed one is checked in the next round)',
    24,
  ),
  LINK_CHECK_OUTBOUND: flag(
    "`0`: links (banks' websites, banners' URLs) are not fetched, only the images' files are checked; the test harnesses set it, so no test reaches the internet",
    '1',
  ),
  LINK_CHECK_PRIVATE: flag(
    "`1`: the checker may fetch links whose host is a private, loopback or link-local address (an intranet's); `0`: such a link is skipped, so a link typed or crawled into the catalogue cannot make the server probe its own network",
    '0',
  ),
  LINK_CHECK_CONCURRENCY: int(
    1,
    64,
    'a whole number of requests from 1 to 64',
    'links the checker fetches at once (one host is still asked once per `LINK_CHECK_PER_HOST_MS`)',
    4,
  ),
  LINK_CHECK_TIMEOUT_MS: int(
    100,
    120_000,
    'a whole number of milliseconds from 100 to 120,000',
    'how long the checker waits for a link to answer (each request: robots.txt, HEAD, GET) before it counts the link broken',
    10_000,
  ),
  LINK_CHECK_PER_HOST_MS: int(
    0,
    600_000,
    'a whole number of milliseconds from 0 to 600,000',
    "least time between two of the checker's requests to one host",
    2_000,
  ),
  TEST_NOW: text(
    "tests only: the instant the server's clock starts from and runs on (`2026-12-06T00:30:00+04:00`), on embedded PGlite: what the day rules read (an offer live, upcoming or expired on Dubai's day) and the server's own clock. Refused with `NODE_ENV=production` and with `DATABASE_URL` (PostgreSQL's clock is its own); logged as a warning at start",
    {
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$',
      must: 'an instant with its zone, e.g. 2026-12-06T00:30:00+04:00',
    },
  ),
} satisfies Record<string, Var>;

type EnvName = keyof typeof ENV;

export interface LinkCheckConfig {
  everyMs: number;
  recheckHours: number;
  /** false: links are not fetched (the files are still checked). */
  outbound: boolean;
  /** false: a link to a private, loopback or link-local address is skipped (./services/linkCheck.ts). */
  allowPrivate: boolean;
  concurrency: number;
  timeoutMs: number;
  perHostMs: number;
}

export interface Config {
  /** NODE_ENV=production: the built server runs, nothing is built at start (scripts/start.mjs). */
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people open the server; defaults to http://localhost:PORT. */
  publicUrl: string;
  uploadMaxBytes: number;
  seed: boolean;
  /**
   * SEED_EVENTS: how many engagement events the demo seed writes; unset, the demo's 500,000
   * (server/db/seed/engagement.ts). The test harnesses ask for fewer: servers they start
   * with a fresh DATA_DIR then start seconds sooner.
   */
  seedEvents: number | undefined;
  /**
   * TRUST_PROXY: whose X-Forwarded-For gives the client's address (Fastify's trustProxy;
   * the sign-in limits count by that address). The client is the first hop from the right
   * that is not a trusted proxy. false (unset, 0): nobody's, the address is the connection's;
   * a number n: the n proxies nearest the server; a string: the proxies' addresses or CIDR
   * ranges, comma-separated. `true` (trust every hop: the leftmost entry, which any client
   * can write) is refused.
   */
  trustProxy: false | number | string;
  /** LOG_LEVEL: pino's level for the server's log (server/logger.ts); LOG_REQUESTS=1, the old switch, means debug. */
  logLevel: LogLevel;
  /**
   * ANSWER_CACHE_MB: how many bytes of answers the answer cache keeps (server/http/answerCache.ts),
   * in MB; 0 turns it off, sessions' cache too (every call reads the database: bench/mixed.ts's
   * cache-off figures, measured on server processes that read only the environment).
   */
  answerCacheMb: number;
  /** STREAM_BUFFER_KB, STREAMS_PER_SESSION, STREAMS_PER_ACCOUNT: the live streams' bounds (server/http/eventStream.ts). */
  streams: { bufferBytes: number; perSession: number; perAccount: number };
  /** PG_POOL_MAX: connections of the main PostgreSQL pool (server/db/connection.ts); defaultPoolMax() unset. */
  pgPoolMax: number;
  /** PGLITE_THREAD: where PGlite runs (server/db/pgliteThread.ts); a worker thread unset. */
  pgliteThread: 'worker' | 'main';
  /** PUSH_SENDER: the module that sends push notifications (server/services/push.ts); unset, the outbox folder. */
  pushSender: string | undefined;
  /** SKIP_CLIENT_BUILD=1: start without building a stale browser app (the dev server and the test harnesses build it themselves). */
  skipClientBuild: boolean;
  /** METRICS_TOKEN: the bearer token /metrics asks for (server/http/metrics.ts); unset, it is open. */
  metricsToken: string | undefined;
  /**
   * TEST_NOW: where the server's clock starts (ms since the epoch), for tests of the day rules
   * at a chosen hour (e2e/dubaiDay.spec.ts); server/db/testClock.ts moves the clock. Unset in
   * production, where it is refused.
   */
  testNow: number | undefined;
  /** LINK_CHECK_* and LINK_RECHECK_HOURS: the health checker (server/services/mediaChecks.ts). */
  linkCheck: LinkCheckConfig;
  /** S3_*: the bucket uploads go to (server/services/fileStore.ts); unset, DATA_DIR/uploads. */
  s3: { bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean } | undefined;
}

/** Each variable's value, checked against its schema: its default when unset or empty. */
function readEnv(env: NodeJS.ProcessEnv): { [K in EnvName]: string | number | undefined } {
  const out = {} as Record<EnvName, string | number | undefined>;
  for (const [name, schema] of Object.entries(ENV) as [EnvName, Var][]) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') {
      out[name] = schema.default as string | number | undefined;
      continue;
    }
    const given = raw.trim();
    // Numbers may be written 500_000; LOG_LEVEL=WARN is warn.
    const value =
      schema.type === 'integer' && /^-?[\d_]+(\.\d+)?$/.test(given)
        ? Number(given.replace(/_/g, ''))
        : name === 'LOG_LEVEL'
          ? given.toLowerCase()
          : given;
    if (!Value.Check(schema, value)) throw new Error(`${name} must be ${schema.must}, got "${raw}"`);
    out[name] = value;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const v = readEnv(env);
  const str = (name: EnvName) => v[name] as string | undefined;
  const num = (name: EnvName) => v[name] as number;
  const unset = (name: EnvName) => (env[name] ?? '').trim() === '';
  return {
    production: str('NODE_ENV') === 'production',
    port: num('PORT'),
    host: str('HOST')!,
    databaseUrl: str('DATABASE_URL'),
    dataDir: path.resolve(str('DATA_DIR')!),
    adminEmail: str('ADMIN_EMAIL'),
    adminPassword: str('ADMIN_PASSWORD'),
    smtpUrl: str('SMTP_URL'),
    mailFrom: str('MAIL_FROM')!,
    publicUrl: (str('PUBLIC_URL') ?? `http://localhost:${num('PORT')}`).replace(/\/+$/, ''),
    uploadMaxBytes: num('UPLOAD_MAX_BYTES'),
    seed: str('SEED') === '1',
    seedEvents: unset('SEED_EVENTS') ? undefined : num('SEED_EVENTS'),
    trustProxy: trustProxy(str('TRUST_PROXY')),
    logLevel: unset('LOG_LEVEL') && str('LOG_REQUESTS') === '1' ? 'debug' : (str('LOG_LEVEL') as LogLevel),
    answerCacheMb: num('ANSWER_CACHE_MB'),
    streams: {
      bufferBytes: num('STREAM_BUFFER_KB') * 1024,
      perSession: num('STREAMS_PER_SESSION'),
      perAccount: num('STREAMS_PER_ACCOUNT'),
    },
    pgPoolMax: unset('PG_POOL_MAX') ? defaultPoolMax() : num('PG_POOL_MAX')!,
    pgliteThread: str('PGLITE_THREAD') as 'worker' | 'main',
    pushSender: str('PUSH_SENDER'),
    skipClientBuild: str('SKIP_CLIENT_BUILD') === '1',
    metricsToken: str('METRICS_TOKEN'),
    testNow: testNow(str('TEST_NOW'), str('NODE_ENV') === 'production', str('DATABASE_URL') !== undefined),
    linkCheck: {
      everyMs: num('LINK_CHECK_EVERY_MIN') * 60_000,
      recheckHours: num('LINK_RECHECK_HOURS'),
      outbound: str('LINK_CHECK_OUTBOUND') === '1',
      allowPrivate: str('LINK_CHECK_PRIVATE') === '1',
      concurrency: num('LINK_CHECK_CONCURRENCY'),
      timeoutMs: num('LINK_CHECK_TIMEOUT_MS'),
      perHostMs: num('LINK_CHECK_PER_HOST_MS'),
    },
    s3: str('S3_BUCKET')
      ? {
          bucket: str('S3_BUCKET')!,
          endpoint: str('S3_ENDPOINT'),
          region: str('S3_REGION')!,
          forcePathStyle: str('S3_FORCE_PATH_STYLE') === '1',
        }
      : undefined,
  };
}

function testNow(value: string | undefined, production: boolean, postgres: boolean): number | undefined {
  if (value === undefined) return undefined;
  if (production) throw new Error('TEST_NOW sets the clock for tests: it is refused with NODE_ENV=production');
  // PostgreSQL's now() reads its own machine's clock, which the server cannot move.
  if (postgres) throw new Error("TEST_NOW moves embedded PGlite's clock only: it is refused with DATABASE_URL set");
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new Error(`TEST_NOW must be an instant with its zone, got "${value}"`);
  return at;
}

function trustProxy(value: string | undefined): false | number | string {
  const v = value ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true')
    throw new Error(
      `TRUST_PROXY=true would take the client's address from the leftmost X-Forwarded-For entry, which any client can write: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)`,
    );
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10)
      throw new Error(
        `TRUST_PROXY must be the number of proxies in front of the server (1 to 10) or their addresses, got "${value}"`,
      );
    return hops;
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((a) => !isNet(a));
  if (bad !== undefined)
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server or their addresses (IPv4 or IPv6, optionally /prefix, comma-separated), got "${bad}"`,
    );
  return list.join(',');
}

/** An IP address or CIDR range, or a name proxy-addr knows (loopback, linklocal, uniquelocal). */
function isNet(a: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(a)) return true;
  const [ip, prefix, ...rest] = a.split('/');
  const kind = net.isIP(ip);
  if (!kind || rest.length) return false;
  if (prefix === undefined) return true;
  const n = Number(prefix);
  return /^\d+$/.test(prefix) && n <= (kind === 4 ? 32 : 128);
}

/**
 * Twice the CPUs, at least 4. More connections than the cores can run make each query slower,
 * not more of them done: bench/distinct.ts (32 clients, a million offers, PostgreSQL on this
 * 2-core machine) served 61–78 calls a second with 2–4 connections against 32–48 with 10
 * (p99 1.4 s against 3.5 s); bench/mixed.ts served the same (188 against 184) with 3.
 */
export function defaultPoolMax(): number {
  return Math.max(4, 2 * os.availableParallelism());
}
