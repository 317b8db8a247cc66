// Another server on a test's database: on PostgreSQL with its own connections (another
// process, as far as NOTIFY and the caches go); on PGlite the same Db, since the folder is one
// process's alone (server/db/lock.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/connection';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/services/mail';
import type { FileStore } from '../../server/services/fileStore';
import { logCapture, type LogLine, type TestServer } from './app';

export interface SecondApp {
  app: FastifyInstance;
  /** Its address, listening on a free port of 127.0.0.1. */
  base: string;
  /** Its log lines at `info` and above, parsed (TestServer.logs). */
  logs: LogLine[];
  close(): Promise<void>;
}

/** `env`: its configuration (server/config.ts), as startTestServer's; `stallMs`: how soon a stream that takes nothing is dropped. */
export async function secondApp(
  s: TestServer,
  opts: {
    heartbeatMs?: number;
    stallMs?: number;
    fileStore?: FileStore;
    env?: NodeJS.ProcessEnv;
    now?: () => number;
  } = {},
): Promise<SecondApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-second-'));
  const own = s.databaseUrl ? await openDb({ databaseUrl: s.databaseUrl }) : null;
  const captured = logCapture();
  const app = await buildApp({
    config: { ...loadConfig({ LINK_CHECK_OUTBOUND: '0', ...opts.env }), dataDir },
    eventHeartbeatMs: opts.heartbeatMs,
    eventStallMs: opts.stallMs,
    fileStore: opts.fileStore,
    now: opts.now,
    db: own ?? s.db,
    mailer: createMailer({ dataDir, from: 'test@example.com', log: () => {} }),
    logger: createLogger('info', captured.stream),
  });
  // Its health checker's and pairs' first rounds end before the test goes on (as tests/helpers/app.ts's).
  await app.healthChecks.idle();
  await app.healthPairs.idle();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  let closed: Promise<void> | null = null;
  return {
    app,
    base,
    logs: captured.lines,
    close: () =>
      (closed ??= (async () => {
        await app.close();
        await own?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}
