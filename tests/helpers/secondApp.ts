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
import type { TestServer } from './app';

export interface SecondApp {
  app: FastifyInstance;
  /** Its address, listening on a free port of 127.0.0.1. */
  base: string;
  close(): Promise<void>;
}

export async function secondApp(
  s: TestServer,
  opts: { heartbeatMs?: number; fileStore?: FileStore; now?: () => number } = {},
): Promise<SecondApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-second-'));
  const own = s.databaseUrl ? await openDb({ databaseUrl: s.databaseUrl }) : null;
  const app = await buildApp({
    config: { ...loadConfig({}), dataDir },
    eventHeartbeatMs: opts.heartbeatMs,
    fileStore: opts.fileStore,
    now: opts.now,
    db: own ?? s.db,
    mailer: createMailer({ dataDir, from: 'test@example.com', log: () => {} }),
    logger: createLogger('silent'),
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  let closed: Promise<void> | null = null;
  return {
    app,
    base,
    close: () =>
      (closed ??= (async () => {
        await app.close();
        await own?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}
