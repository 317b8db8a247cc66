// `npm run backup -- FILE` and `npm run restore -- FILE [--force]`: the whole installation in
// one file and back (server/backup/backup.ts). The environment is the server's (DATA_DIR,
// DATABASE_URL: server/config.ts). Says what it did in a sentence; a refusal or failure is one
// line on stderr and exit code 1, as the other programs say theirs (server/backup/uploadsToS3.ts).
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openDb } from '../db/connection';
import { backupDataDir, backupPostgres, BackupRefusal, restorePostgres } from './backup';
import { restoreDataDir } from './restore';

const USAGE = 'Usage: npm run backup -- FILE   |   npm run restore -- FILE [--force]';

async function main(argv: string[]): Promise<string> {
  const [verb, ...rest] = argv;
  const force = rest.includes('--force');
  const file = rest.find((a) => !a.startsWith('--'));
  if ((verb !== 'backup' && verb !== 'restore') || !file) throw new BackupRefusal(USAGE);
  const config = loadConfig();
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const size = () => `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
  if (config.databaseUrl) {
    const where = new URL(config.databaseUrl).pathname.slice(1) || 'the database';
    if (verb === 'backup') {
      backupPostgres(config.databaseUrl, file);
      return `Backed up PostgreSQL database ${where} to ${file} (${size()}, pg_dump custom format) in ${took()}.`;
    }
    const db = await openDb({ databaseUrl: config.databaseUrl });
    const hasTables = await db
      .read((tx) => tx.query<{ t: boolean }>("select to_regclass('public.schema_migrations') is not null as t"))
      .then((r) => r.rows[0].t)
      .finally(() => db.close());
    restorePostgres(config.databaseUrl, file, force, hasTables);
    return `Restored ${file} into PostgreSQL database ${where} in ${took()}.`;
  }
  if (verb === 'backup') {
    const m = await backupDataDir(config.dataDir, file);
    return `Backed up ${config.dataDir} (the database and ${m.uploads} uploaded files) to ${file} (${size()}) in ${took()}.`;
  }
  const m = await restoreDataDir(config.dataDir, file, force);
  return `Restored ${file} (made ${m.created_at}, ${m.uploads} uploaded files) into ${config.dataDir} in ${took()}. Start the server with this DATA_DIR.`;
}

main(process.argv.slice(2)).then(
  (said) => {
    process.stdout.write(`${said}\n`);
    process.exit(0);
  },
  (err: unknown) => {
    // Refusals are written as sentences; anything else (a full disk) is said by its message, on one line.
    const text = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${process.argv[2] ?? 'backup'}: ${text.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exit(1);
  },
);
