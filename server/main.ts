// `npm start`: config, lock, database, migrations, first admin, seed, browser build, listen.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { openDb } from './db/connection';
import { lockDataDir, type DataDirLock } from './db/lock';
import { prepareDatabase } from './db/migrate';
import { seed } from './db/seed/seed';
import { createMailer } from './services/mail';
import { createUploads } from './services/uploads';
import { diskStore, s3Store } from './services/fileStore';
import { sweepAbandonedBatches } from './services/batches';
import { createAuth } from './services/auth';
import { loadPushSender } from './services/push';
import { buildApp } from './app';
import { buildClient, clientBuildIsStale } from './build';
import type { Logger } from './logger';
import { createLogger, lineLogger } from './logger';
import { ROOT } from './root';
import { moveClock } from './db/testClock';

const started = performance.now();
/** The server's log (server/logger.ts, JSON lines at LOG_LEVEL), once the configuration is read. */
let logger: Logger | undefined;
/**
 * What `npm start` tells whoever started it (where the app is, where codes go): once, in the
 * log like everything else the server says.
 */
const say = (msg: string) => logger?.info(msg);

/** How long a server that lost its data folder keeps answering 503 before it stops listening. */
const LOST_DRAIN_MS = 1_000;
/** How long a SIGTERM or SIGINT lets the calls in flight finish before their connections are cut. */
const DRAIN_MS = 10_000;
/** What a lost database does (server/db/connection.ts, OpenOptions.onLost): while starting, the start fails. */
let stopForLostDatabase = (err: Error): void => {
  logger?.fatal({ err }, `could not start: ${err.message}`);
  process.exit(1);
};

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  logger = log;
  // TEST_NOW: tests only (refused in production). Loud, so a server started with it by
  // mistake says so at every start.
  const clockOffsetMs = config.testNow === undefined ? 0 : config.testNow - Date.now();
  if (config.testNow !== undefined) {
    moveClock(clockOffsetMs);
    log.warn(
      `TEST_NOW: this server's clock starts at ${new Date(config.testNow).toISOString()}, not the machine's (tests only)`,
    );
  }
  // PGlite: this process alone may open DATA_DIR (server/db/lock.ts). PostgreSQL has its own locks.
  const lock: DataDirLock | null = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  if (lock?.tookOver) log.warn(`took over the lock of process ${lock.tookOver.pid}, which is no longer running`);
  const clientDir = path.join(ROOT, 'dist', 'client');
  // In production the browser app is what `npm run build` made: never rebuilt (no Vite installed).
  if (config.production && !fs.existsSync(path.join(clientDir, 'index.html')))
    throw new Error(
      `${clientDir}/index.html is missing: run \`npm run build\` before starting with NODE_ENV=production`,
    );
  if (!config.production && !config.skipClientBuild && clientBuildIsStale(ROOT, clientDir)) {
    say('building the browser app (first start or sources changed)…');
    await buildClient(ROOT);
  }
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolMax: config.pgPoolMax,
    beforeCommit: lock?.writeGuard,
    log: lineLogger(log, 'db', 'error'),
    pgliteThread: config.pgliteThread,
    clockOffsetMs,
    onLost: (err) => stopForLostDatabase(err),
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.mailFrom,
    log: lineLogger(log, 'mail'),
  });
  // Migrations, the first admin and the demo data in one transaction (on PostgreSQL under an
  // advisory lock): servers starting at once on one database do it once.
  // Uploads in the bucket when S3_BUCKET is set: what several processes behind one address share.
  const fileStore = config.s3 ? await s3Store(config.s3) : diskStore(path.join(config.dataDir, 'uploads'));
  say(`uploads: ${fileStore.where}`);
  const uploads = createUploads(config.dataDir, config.uploadMaxBytes, fileStore);
  const auth = createAuth(db);
  const { applied, result } = await prepareDatabase(db, async (tx) => ({
    admin: await auth.ensureAdmin(config.adminEmail, config.adminPassword, tx),
    seeded: config.seed && (await seed(tx, uploads, { events: config.seedEvents })),
  }));
  if (applied.length) log.info(`migrations applied: ${applied.join(', ')}`);
  if (result?.seeded) log.info('demo data seeded');
  const admin = result?.admin;

  // Notifications go to the module PUSH_SENDER names, else to DATA_DIR/outbox (README.md, "Push notifications").
  const push = await loadPushSender({
    module: config.pushSender,
    dataDir: config.dataDir,
    log: lineLogger(log, 'push'),
  });
  const app = await buildApp({ config, db, mailer, clientDir, logger: log, push, processMetrics: true, fileStore });
  // Rows of an import cut short by a crash are invisible; removed in the background.
  const sweeping = sweepAbandonedBatches(db, lineLogger(log, 'batches'));
  let lost: Error | null = null;
  app.addHook('onRequest', async () => {
    if (lost) throw lost;
  });
  // Lost (the lock taken away): refuse every call, answer those in flight (refused at their
  // commit), then stop without writing another byte to the folder: no database close (a
  // checkpoint), no unlock (the lock is someone else's now). Lost during the start, the
  // start's transaction is refused at its commit instead, and the start fails.
  lock?.onLost((err) => {
    lost = err;
    log.fatal(
      `${err.message} ${config.dataDir}/.lock is not this server's any more: stopping without touching the folder again.`,
    );
    setTimeout(() => {
      void Promise.race([app.close(), new Promise((r) => setTimeout(r, 5_000))]).finally(() => process.exit(1));
    }, LOST_DRAIN_MS);
  });
  // The database gone for good (PGlite's worker died, server/db/pgliteThread.ts): every call
  // fails, so the server refuses them, answers those in flight, lets the data folder go (its
  // database is closed: the thread holding it is gone) and exits non-zero for a supervisor to
  // start it again.
  stopForLostDatabase = (err) => {
    if (lost) return;
    lost = err;
    log.fatal({ err }, `${err.message} Stopping so that the server can be started again.`);
    setTimeout(() => {
      void Promise.race([app.close(), new Promise((r) => setTimeout(r, 5_000))])
        .then(() => lock?.release())
        .finally(() => process.exit(1));
    }, LOST_DRAIN_MS);
  };
  // How many calls are being answered: what a drain waits for (the live streams end first, at preClose).
  const inFlight = new Set<unknown>();
  let closing = false;
  app.addHook('onRequest', async (req) => void inFlight.add(req));
  app.addHook('onResponse', async (req) => void inFlight.delete(req));
  app.addHook('onRequestAbort', async (req) => void inFlight.delete(req));
  // An answer sent while draining closes its connection: a keep-alive one would otherwise hold the close.
  app.addHook('onSend', async (_req, reply) => void (closing && reply.header('Connection', 'close')));
  // A drain: stop accepting, let the calls in flight finish (at most DRAIN_MS, then cut), close
  // the database, let the data folder go (README.md, "Running in production"). Each step is logged.
  const shutdown = async (signal: string) => {
    if (closing || lost) return;
    closing = true;
    const t0 = performance.now();
    const took = () => `${Math.round(performance.now() - t0)} ms`;
    log.info(
      `${signal}: draining: no new connections; ${inFlight.size} call(s) in flight get up to ${DRAIN_MS / 1000} s`,
    );
    sweeping.stop();
    let cut: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      app.close().then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => (cut = setTimeout(() => resolve(false), DRAIN_MS))),
    ]);
    clearTimeout(cut);
    if (closed) log.info(`calls in flight answered and background work stopped (${took()})`);
    else {
      log.warn(`${DRAIN_MS / 1000} s passed with ${inFlight.size} call(s) still open: cutting their connections`);
      app.server.closeAllConnections();
    }
    if (!lost) {
      await db.close().catch((err: unknown) => log.error({ err }, 'closing the database failed'));
      log.info(`database closed (${took()})`);
      if (lock) {
        await lock.release().catch((err: unknown) => log.error({ err }, 'releasing the data folder failed'));
        log.info(`data folder ${config.dataDir} released (${took()})`);
      }
    }
    mailer.close();
    log.info(`stopped (${took()})`);
    process.exit(lost ? 1 : 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  say(
    `ready in ${Math.round(performance.now() - started)} ms on ${db.kind === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}`,
  );
  say(`open ${config.publicUrl}/admin`);
  say(`API reference: http://localhost:${port}/api/docs`);
  say(`sign-in and reset codes go to ${mailer.describe()}`);
  say(`push notifications go to ${push.describe()}`);
  // Shown once and needed to sign in: a warning, so a quieter LOG_LEVEL still shows it, and
  // a plain block after the JSON lines, which is what a person reads the first start for.
  // Standard output only: the password is in no file.
  if (admin?.generated) {
    log.warn(`first admin created: ${admin.email} / password ${admin.password}  (shown once; change it under Profile)`);
    process.stdout.write(firstSignInBlock(`${config.publicUrl}/admin`, admin.email, admin.password));
  } else if (admin) say(`first admin created: ${admin.email} (password from ADMIN_PASSWORD)`);
}

/** The first sign-in as plain text, framed so it stands out among the log's JSON lines. */
function firstSignInBlock(url: string, email: string, password: string): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    '  First sign-in (shown this once; change the password under Profile)',
    '',
    `    open      ${url}`,
    `    e-mail    ${email}`,
    `    password  ${password}`,
    rule,
    '',
    '',
  ].join('\n');
}

main().catch((err) => {
  const text = `could not start: ${err instanceof Error ? err.message : String(err)}`;
  // Before the configuration is read there is no logger yet (a wrong variable): plain stderr.
  if (logger) logger.fatal({ err }, text);
  else process.stderr.write(`[cards-admin] ${text}\n`);
  process.exit(1);
});
