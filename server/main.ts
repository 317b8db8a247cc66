// `npm start`: config, lock, database, migrations, first admin, seed, browser build, listen.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { openDb } from './db/connection';
import { lockDataDir } from './db/lock';
import { migrate } from './db/migrate';
import { seed } from './db/seed/seed';
import { createMailer } from './services/mail';
import { createUploads } from './services/uploads';
import { createAuth } from './services/auth';
import { buildApp } from './app';
import { buildClient, clientBuildIsStale } from './build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const log = (msg: string) => console.log(`[cards-admin] ${msg}`);

async function main() {
  const config = loadConfig();
  const unlock = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  const clientDir = path.join(root, 'dist', 'client');
  if (process.env.SKIP_CLIENT_BUILD !== '1' && clientBuildIsStale(root, clientDir)) {
    log('building the browser app (first start or sources changed)…');
    await buildClient(root);
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  const applied = await migrate(db);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, log });
  const admin = await createAuth(db).ensureAdmin(config.adminEmail, config.adminPassword);
  if (config.seed && (await seed(db, createUploads(config.dataDir)))) log('demo data seeded');

  const app = await buildApp({ config, db, mailer, clientDir, logger: process.env.LOG_REQUESTS === '1' });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: closing`);
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    mailer.close();
    await unlock().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  log(`ready in ${Math.round(performance.now() - started)} ms on ${db.kind === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}`);
  log(`open http://localhost:${port}/admin`);
  log(`API reference: http://localhost:${port}/api/docs`);
  log(`sign-in and reset codes go to ${mailer.describe()}`);
  if (admin?.generated) log(`first admin created: ${admin.email} / password ${admin.password}  (shown once; change it under Profile)`);
  else if (admin) log(`first admin created: ${admin.email} (password from ADMIN_PASSWORD)`);
}

main().catch((err) => {
  console.error(`[cards-admin] could not start: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
