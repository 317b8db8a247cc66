// Backups of a whole installation in one file, and their restore (server/backup/main.ts runs
// them as `npm run backup -- FILE` and `npm run restore -- FILE`).
//
// Embedded database (PGlite): a tar holding manifest.json, the database's data folder as PGlite
// dumps it (pglite.tar.gz) and the uploads folder. The data folder's lock (server/db/lock.ts)
// is taken first, so neither runs while a server holds the folder (a copy of files being
// written would not be one moment's state). A restore into a folder that holds a database or
// uploads is refused unless told to replace them.
//
// PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore. Uploads then
// live in object storage or a folder the operator backs up on their own (README.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { lockDataDir } from '../db/lock';

/** What a backup file says about itself (its manifest.json). */
export interface Manifest {
  format: 'cards-admin-backup';
  version: 1;
  database: 'pglite';
  created_at: string;
  uploads: number;
}

/** Thrown for what the operator must fix (a folder in use, a file that is no backup): said, not stacked. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
}

const PGLITE = 'pglite';
const UPLOADS = 'uploads';
const DUMP = 'pglite.tar.gz';
const MANIFEST = 'manifest.json';

/** Writes `file`: the data folder's database and uploads. Returns what it holds. */
export async function backupDataDir(dataDir: string, file: string): Promise<Manifest> {
  const pgliteDir = path.join(dataDir, PGLITE);
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new BackupRefusal(`No database in ${dataDir} to back up (no ${pgliteDir}). Is DATA_DIR right?`);
  const lock = await held(dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-backup-'));
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const pg = await PGlite.create(pgliteDir, { extensions: { pg_trgm, unaccent } });
    try {
      await pg.exec('checkpoint');
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

/**
 * Restores `file` (made by backupDataDir) into `dataDir`. Refused when the folder already holds
 * a database or uploads, unless `force`: then they are replaced.
 */
export async function restoreDataDir(dataDir: string, file: string, force: boolean): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupRefusal(`No backup file at ${file}.`);
  const lock = await held(dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-restore-'));
  try {
    await tar.extract({ file, cwd: work, strict: true }).catch((err: Error) => {
      throw new BackupRefusal(`${file} is not a backup of this app: ${err.message}`);
    });
    const manifest = readManifest(work, file);
    const pgliteDir = path.join(dataDir, PGLITE);
    const uploadsDir = path.join(dataDir, UPLOADS);
    const present = [pgliteDir, uploadsDir].filter((d) => fs.existsSync(d) && fs.readdirSync(d).length > 0);
    if (present.length && !force)
      throw new BackupRefusal(
        `${present.join(' and ')} already ${present.length > 1 ? 'hold' : 'holds'} data. ` +
          'Restore into an empty DATA_DIR, or add --force to replace it.',
      );
    for (const d of present) fs.rmSync(d, { recursive: true, force: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const dump = new Blob([fs.readFileSync(path.join(work, DUMP))]);
    const pg = await PGlite.create(pgliteDir, { extensions: { pg_trgm, unaccent }, loadDataDir: dump });
    await pg.query('select 1');
    await pg.close();
    if (fs.existsSync(path.join(work, UPLOADS))) fs.cpSync(path.join(work, UPLOADS), uploadsDir, { recursive: true });
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await lock.release();
  }
}

/** pg_dump of `databaseUrl` into `file`, custom format. */
export function backupPostgres(databaseUrl: string, file: string): void {
  const partial = `${file}.partial`;
  run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${databaseUrl}`]);
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
  run('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    ...(force ? ['--clean', '--if-exists'] : []),
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

/** The folder's lock, or a refusal naming the server that holds it. */
async function held(dataDir: string) {
  try {
    return await lockDataDir(dataDir);
  } catch (err) {
    throw new BackupRefusal((err as Error).message);
  }
}

function readManifest(work: string, file: string): Manifest {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(work, MANIFEST), 'utf8')) as Manifest;
    if (m.format !== 'cards-admin-backup' || m.database !== 'pglite' || !fs.existsSync(path.join(work, DUMP)))
      throw new Error('its manifest is not one');
    return m;
  } catch (err) {
    throw new BackupRefusal(`${file} is not a backup of this app (${(err as Error).message}).`);
  }
}

function countFiles(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : e.isFile() ? 1 : 0), 0);
}

/**
 * A PostgreSQL client program: the newest under /usr/lib/postgresql/<version>/bin (Debian's
 * packages; a newer pg_dump reads an older server, not the other way), else from PATH.
 */
function run(program: string, args: string[]): void {
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
  if (r.status !== 0) throw new BackupRefusal(`${program} failed: ${(r.stderr || r.stdout).trim()}`);
}
