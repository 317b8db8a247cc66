// Backups of a whole installation in one file, and their restore (server/backup/main.ts runs
// them as `npm run backup -- FILE` and `npm run restore -- FILE`).
//
// Embedded database (PGlite): a tar holding manifest.json, the database's data folder as PGlite
// dumps it (pglite.tar.gz) and the uploads folder. The data folder's lock (server/db/lock.ts)
// is taken first, so neither runs while a server holds the folder (a copy of files being
// written would not be one moment's state). The manifest counts the uploads and each table's
// rows, which a restore checks before it replaces anything (server/backup/restore.ts).
//
// PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore: read whole
// first, then loaded in one transaction. Uploads then live in object storage or a folder the
// operator backs up on their own (README.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { lockDataDir } from '../db/lock';
import { createPglite } from '../db/pglite';

/** What a backup file says about itself (its manifest.json). */
export interface Manifest {
  format: 'cards-admin-backup';
  version: 1;
  database: 'pglite';
  created_at: string;
  uploads: number;
  /** Each table's rows when backed up (absent in backups made before it was counted). */
  rows?: Record<string, number>;
}

/** Thrown for what the operator must fix (a folder in use, a file that is no backup): said, not stacked. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
}

export const PGLITE = 'pglite';
export const UPLOADS = 'uploads';
export const DUMP = 'pglite.tar.gz';
export const MANIFEST = 'manifest.json';

/** Writes `file`: the data folder's database and uploads. Returns what it holds. */
export async function backupDataDir(dataDir: string, file: string): Promise<Manifest> {
  const pgliteDir = path.join(dataDir, PGLITE);
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new BackupRefusal(`No database in ${dataDir} to back up (no ${pgliteDir}). Is DATA_DIR right?`);
  const lock = await held(dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-backup-'));
  try {
    const pg = await createPglite(pgliteDir);
    let rows: Record<string, number>;
    try {
      await pg.exec('checkpoint');
      rows = await rowCounts(pg);
      const dump = await pg.dumpDataDir('gzip');
      fs.writeFileSync(path.join(work, DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pg.close();
    }
    const uploadsDir = path.join(dataDir, UPLOADS);
    const uploads = fs.existsSync(uploadsDir) ? countFiles(uploadsDir) : 0;
    const manifest: Manifest = {
      format: 'cards-admin-backup',
      version: 1,
      database: 'pglite',
      created_at: new Date().toISOString(),
      uploads,
      rows,
    };
    fs.writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    // The uploads go in from where they are (a link the archiver follows), not copied first.
    if (uploads) fs.symlinkSync(uploadsDir, path.join(work, UPLOADS), 'dir');
    const partial = `${file}.partial`;
    await tar.create({ file: partial, cwd: work, follow: true, portable: true }, [
      MANIFEST,
      DUMP,
      ...(uploads ? [UPLOADS] : []),
    ]);
    // Renamed when whole: a backup cut short never looks like one.
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await lock.release();
  }
}

/** pg_dump of `databaseUrl` into `file`, custom format. */
export function backupPostgres(databaseUrl: string, file: string): void {
  const partial = `${file}.partial`;
  const r = pgProgram('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${databaseUrl}`]);
  if (r.status !== 0) {
    fs.rmSync(partial, { force: true });
    throw new BackupRefusal(`pg_dump failed (${r.said}).`);
  }
  fs.renameSync(partial, file);
}

/**
 * pg_restore of `file` into `databaseUrl`. Refused when the database already has the app's
 * tables, unless `force`: then what the dump holds replaces them.
 */
export function restorePostgres(databaseUrl: string, file: string, force: boolean, hasTables: boolean): void {
  if (!fs.existsSync(file)) throw new BackupRefusal(`No backup file at ${file}.`);
  if (hasTables && !force)
    throw new BackupRefusal(
      'The database already holds the app’s tables. Restore into an empty database, or add --force to replace them.',
    );
  // Read whole into nothing first: a file cut short or no dump at all is found before the database is touched.
  const read = pgProgram('pg_restore', [`--file=${os.devNull}`, file]);
  if (read.status !== 0) {
    const what = /valid archive|too short/.test(read.said)
      ? 'is not a pg_dump custom-format file'
      : /end of file/.test(read.said)
        ? 'is cut short'
        : 'is damaged';
    throw new BackupRefusal(`${file} ${what} (pg_restore: ${read.said}); nothing was changed.`);
  }
  // One transaction: a failure on the way (no permission, a missing extension) rolls back
  // --clean's drops with the rest.
  const r = pgProgram('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    ...(force ? ['--clean', '--if-exists'] : []),
    `--dbname=${databaseUrl}`,
    file,
  ]);
  if (r.status !== 0)
    throw new BackupRefusal(`${file} was not restored and the database was left as it was (pg_restore: ${r.said}).`);
}

/** The folder's lock, or a refusal naming the server that holds it. */
export async function held(dataDir: string) {
  try {
    return await lockDataDir(dataDir);
  } catch (err) {
    throw new BackupRefusal((err as Error).message);
  }
}

export function countFiles(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : e.isFile() ? 1 : 0), 0);
}

/** Each table's rows: what a backup's manifest records and its restore checks. */
export async function rowCounts(pg: {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}): Promise<Record<string, number>> {
  const tables = await pg.query<{ t: string }>(
    "select tablename as t from pg_tables where schemaname = 'public' order by tablename",
  );
  const counts: Record<string, number> = {};
  for (const { t } of tables.rows) {
    const r = await pg.query<{ n: number }>(`select count(*)::float8 as n from public."${t.replace(/"/g, '""')}"`);
    counts[t] = r.rows[0].n;
  }
  return counts;
}

/**
 * Runs a PostgreSQL client program: the newest under /usr/lib/postgresql/<version>/bin
 * (Debian's packages; a newer pg_dump reads an older server, not the other way), else from
 * PATH. `said`: its error in one line.
 */
function pgProgram(program: string, args: string[]): { status: number | null; said: string } {
  const base = '/usr/lib/postgresql';
  const newest = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', program)))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  const exe = newest ? path.join(base, newest, 'bin', program) : program;
  const r = spawnSync(exe, args, { encoding: 'utf8' });
  if (r.error)
    throw new BackupRefusal(`${program} could not run (${r.error.message}). Install PostgreSQL's client programs.`);
  const lines = `${r.stderr}\n${r.stdout}`.split('\n').map((l) => l.trim());
  const error = lines.find((l) => /\berror:/.test(l)) ?? lines.find(Boolean) ?? `exit code ${r.status}`;
  return { status: r.status, said: error.replace(/^\S+: error: /, '') };
}
