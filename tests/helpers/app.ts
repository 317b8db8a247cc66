// A fresh server per test file: its own database (in-memory PGlite, or a new database
// on the run's PostgreSQL cluster), each a copy of a template the project's globalSetup
// migrated once per run; its own DATA_DIR, the real outbox mailer.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb, type Db, type Tx } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { createMailer, type Mailer } from '../../server/services/mail';
import { createAuth } from '../../server/services/auth';
import { createLogger } from '../../server/logger';
import { openApiGuard, type OpenApiGuard } from './openapi';

export const ADMIN = { email: 'admin@test.example', password: 'correct-horse-battery' };

/** The server's database, plus a `query` of its own: tests arrange and inspect rows directly. */
export type TestDb = Db & Tx;

export interface TestServer {
  app: FastifyInstance;
  db: TestDb;
  /** The test database's URL on PostgreSQL (undefined on PGlite), to open a second connection to it. */
  databaseUrl?: string;
  dataDir: string;
  /** Bearer header of a signed-in admin. */
  adminAuth: { authorization: string };
  /**
   * app.inject, checked against the server's OpenAPI document (tests/helpers/openapi.ts):
   * throws when the server and its document disagree on the exchange.
   */
  call(opts: InjectOptions): Promise<import('light-my-request').Response>;
  /** The OpenAPI check behind `call`, with the disagreements it has seen. */
  openapi: OpenApiGuard;
  /** The mails written to the outbox, oldest first. */
  outbox(): { to: string; subject: string; text: string }[];
  close(): Promise<void>;
  /** Shifts the server's clock, for expiry rules. */
  clock: { offset: number };
  /**
   * The server's log lines (JSON through pino, at LOG_LEVEL or info), kept here instead of
   * printed: the newest 5,000, each parsed. `clear` empties them.
   */
  logs: LogLine[] & { clear(): void };
}

/** One line of the server's log as pino writes it. */
export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** Pino's numbers for the levels a test asks about. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A stream that keeps the lines written to it (a pino destination). */
export function logCapture() {
  const lines = Object.assign([] as LogLine[], { clear: () => void (lines.length = 0) });
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
      if (lines.length > 5_000) lines.splice(0, lines.length - 5_000);
      done();
    },
  });
  return { lines, stream };
}

/**
 * `env`: the environment the server's configuration is read from (server/config.ts); none by
 * default. `presenceTtlMs`: the presence lapse, shortened so a test need not wait 45 s.
 */
export async function startTestServer(
  opts: { env?: NodeJS.ProcessEnv; presenceTtlMs?: number } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-test-'));
  let dropDb: (() => Promise<void>) | undefined;
  let db: Db;
  let databaseUrl: string | undefined;
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = inject('postgresUrl');
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openDb({ databaseUrl: adminUrl });
    // A copy of the run's migrated template (tests/helpers/postgresSetup.ts).
    await admin.read((tx) => tx.query(`create database ${name} template ${inject('postgresTemplate')}`));
    databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`);
    db = await openDb({ databaseUrl });
    dropDb = async () => {
      await admin.read((tx) => tx.query(`drop database if exists ${name} with (force)`));
      await admin.close();
    };
  } else {
    // A copy of the run's migrated template (tests/helpers/pgliteSetup.ts).
    db = await openDb({ pgliteTemplate: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
  }
  // Nothing left to apply on a copy of the template: this checks that it is complete.
  expect(await migrate(db), 'migrations missing from the template').toEqual([]);
  const clock = { offset: 0 };
  const now = () => Date.now() + clock.offset;
  // Links are not fetched unless a test turns it on (LINK_CHECK_OUTBOUND, README.md): no test reaches the internet.
  const config = { ...loadConfig({ LINK_CHECK_OUTBOUND: '0', ...opts.env }), dataDir };
  // Mail leaves after the answer (server/routes/auth.ts): `call` waits for the mails a call
  // started, so a test may read the outbox as soon as it has its answer.
  const outboxMailer = createMailer({ dataDir, from: config.mailFrom, log: () => {} });
  const sending = new Set<Promise<void>>();
  const mailer: Mailer = {
    ...outboxMailer,
    send(mail) {
      const p = outboxMailer.send(mail);
      sending.add(p);
      const done = () => void sending.delete(p);
      p.then(done, done);
      return p;
    },
  };
  const mailSent = async () => {
    await new Promise((r) => setImmediate(r));
    await Promise.allSettled([...sending]);
  };
  await createAuth(db, now).ensureAdmin(ADMIN.email, ADMIN.password);
  const captured = logCapture();
  const app = await buildApp({
    config,
    db,
    mailer,
    now,
    logger: createLogger(process.env.LOG_LEVEL || 'info', captured.stream),
    presenceTtlMs: opts.presenceTtlMs,
  });
  // The health checker's first round (server/services/mediaChecks.ts) ends before a test writes:
  // its writes (health_scores) never land between a test's before and after. So does the
  // duplicates' pairs' first (server/services/healthPairs.ts).
  await app.healthChecks.idle();
  await app.healthPairs.idle();
  const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: ADMIN });
  const token = login.json().data.token as string;
  // The document is fetched once, on the first call, and that fetch is not checked.
  const openapi = openApiGuard(async () => (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
  const testFile = path.relative(process.cwd(), expect.getState().testPath ?? '');
  // A transaction, since tests write with it: a commit tells the app's answer cache
  // (server/http/answerCache.ts) that lists read before it are stale.
  const testDb: TestDb = {
    ...db,
    query: (sql, params) => db.transaction((tx) => tx.query(sql, params)),
    exec: (sql) => db.transaction((tx) => tx.exec(sql)),
  };
  return {
    app,
    db: testDb,
    databaseUrl,
    dataDir,
    clock,
    adminAuth: { authorization: `Bearer ${token}` },
    openapi,
    logs: captured.lines,
    async call(opts) {
      if (typeof opts === 'object' && opts.payloadAsStream) return streamHead(await app.inject(opts), openapi, opts);
      const res = await app.inject(opts);
      await mailSent();
      await openapi.check(opts, res);
      return res;
    },
    outbox() {
      const dir = path.join(dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
    },
    async close() {
      openapi.finish(testFile);
      await app.close();
      await db.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds a multipart body for app.inject (no client library needed). */
export function multipart(fields: Record<string, string | { filename: string; type: string; data: Buffer }>) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, v] of Object.entries(fields)) {
    if (typeof v === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${v.filename}"\r\nContent-Type: ${v.type}\r\n\r\n`,
        ),
      );
      parts.push(v.data, Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A call whose 200 is a stream that never ends (an `op.stream`, the live updates): its head is
 * the answer and the stream is let go; a refusal ends, so its body is read and checked as any.
 */
export async function streamHead(
  res: import('light-my-request').Response,
  openapi?: OpenApiGuard,
  opts?: InjectOptions,
): Promise<import('light-my-request').Response> {
  const stream = res.stream();
  if (res.statusCode === 200) {
    stream.destroy();
    return res;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const text = Buffer.concat(chunks).toString('utf8');
  const read = Object.assign(Object.create(Object.getPrototypeOf(res) as object) as object, res, {
    body: text,
    payload: text,
    rawPayload: Buffer.from(text),
    json: () => JSON.parse(text) as unknown,
  }) as import('light-my-request').Response;
  if (openapi && opts) await openapi.check(opts, read);
  return read;
}
