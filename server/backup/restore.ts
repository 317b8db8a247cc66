// The restore of a data-folder backup (server/backup/backup.ts makes them), done so that a file
// that is not whole never costs the data it was to replace: it is unpacked and opened beside
// the current data, and only then swapped in.
//
// 1. The archive is unpacked into DATA_DIR/.restore-<random>/, inside the data folder so that
//    the swap is a rename on one file system. Only files and folders are taken: a link
//    (symbolic or hard) would be restored pointing elsewhere or nowhere, so it is refused by name.
// 2. The database dump is checked whole (gzip's own check, then tar's, no links), loaded into a
//    PGlite folder there and opened; the manifest's counts (uploaded files, and rows per table
//    in backups that record them) must be what was unpacked and loaded.
// 3. Then the current pglite/ and uploads/ are renamed aside into that folder and the new ones
//    renamed in; a failed rename puts back what it moved. The old ones go with the folder, last.
// A failure before 3 removes the staging folder and nothing else, and is refused in one
// sentence saying what is wrong with the file (BackupRefusal).
import type { NonSharedBuffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { createPglite } from '../db/pglite';
import { BackupRefusal, countFiles, DUMP, held, MANIFEST, PGLITE, rowCounts, UPLOADS, type Manifest } from './backup';

const STAGE = '.restore-';
const REPLACED = 'replaced';
/** A swap that failed and could not be undone: the stage holds the data it replaced, and stays. */
class Stranded extends BackupRefusal {}

/** What tar entries a backup may hold: files and folders. */
const PLAIN = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/**
 * Restores `file` (made by backupDataDir) into `dataDir`. Refused when the folder already holds
 * a database or uploads, unless `force`: then they are replaced.
 */
export async function restoreDataDir(dataDir: string, file: string, force: boolean): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupRefusal(`No backup file at ${file}.`);
  const lock = await held(dataDir);
  try {
    clearAbandoned(dataDir);
    const stage = fs.mkdtempSync(path.join(dataDir, STAGE));
    let keep = false;
    try {
      return await stageAndSwap(dataDir, stage, file, force);
    } catch (err) {
      keep = err instanceof Stranded;
      throw err;
    } finally {
      if (!keep) fs.rmSync(stage, { recursive: true, force: true });
    }
  } finally {
    await lock.release();
  }
}

async function stageAndSwap(dataDir: string, stage: string, file: string, force: boolean): Promise<Manifest> {
  const damaged = (what: string) => new BackupRefusal(`${file} is damaged: ${what}; nothing was changed.`);
  const unpacked = path.join(stage, 'unpacked');
  await unpack(file, unpacked);
  const manifest = readManifest(unpacked, file);
  const pgliteDir = path.join(dataDir, PGLITE);
  const uploadsDir = path.join(dataDir, UPLOADS);
  const present = [pgliteDir, uploadsDir].filter((d) => fs.existsSync(d) && fs.readdirSync(d).length > 0);
  if (present.length && !force)
    throw new BackupRefusal(
      `${present.join(' and ')} already ${present.length > 1 ? 'hold' : 'holds'} data. ` +
        'Restore into an empty DATA_DIR, or add --force to replace it.',
    );
  const uploads = path.join(unpacked, UPLOADS);
  const files = fs.existsSync(uploads) ? countFiles(uploads) : 0;
  if (files !== manifest.uploads)
    throw damaged(`its manifest lists ${manifest.uploads} uploaded files but it holds ${files}`);
  const loaded = path.join(stage, PGLITE);
  await load(await readDump(path.join(unpacked, DUMP), damaged), loaded, manifest, damaged);
  swap(file, stage, [
    [loaded, pgliteDir],
    [fs.existsSync(uploads) ? uploads : null, uploadsDir],
  ]);
  return manifest;
}

/** Unpacks the archive's files and folders into `into`; anything else (a link) is refused by name. */
async function unpack(file: string, into: string): Promise<void> {
  fs.mkdirSync(into);
  const others: tar.ReadEntry[] = [];
  await tar
    .extract({
      file,
      cwd: into,
      strict: true,
      filter: (_, entry) => {
        if (!(entry instanceof tar.ReadEntry) || PLAIN.has(entry.type)) return true;
        others.push(entry);
        return false;
      },
    })
    .catch((err: NodeJS.ErrnoException) => {
      // An archive tar cannot read is the file's fault; anything else (a full disk) is said as it is.
      if (!err.code?.startsWith('TAR_'))
        throw new BackupRefusal(`${file} was not restored (${err.message}); nothing was changed.`);
      const what = /Truncated input/.test(err.message) ? 'it is cut short' : err.message;
      throw new BackupRefusal(`${file} is not a backup of this app (${what}); nothing was changed.`);
    });
  if (others.length) throw new BackupRefusal(`${file} holds ${named(others[0])}; nothing was changed.`);
}

/** A tar entry that is not a plain file or folder, as the refusal names it. */
function named(entry: tar.ReadEntry): string {
  const kind = entry.type === 'SymbolicLink' || entry.type === 'Link' ? 'a link' : `a ${entry.type} entry`;
  return `${kind}, ${entry.path}${entry.linkpath ? ` → ${entry.linkpath}` : ''}, where a backup holds only files and folders`;
}

function readManifest(unpacked: string, file: string): Manifest {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(unpacked, MANIFEST), 'utf8')) as Manifest;
    if (m.format !== 'cards-admin-backup' || m.database !== 'pglite' || !fs.existsSync(path.join(unpacked, DUMP)))
      throw new Error('its manifest is not one');
    return m;
  } catch (err) {
    throw new BackupRefusal(`${file} is not a backup of this app (${(err as Error).message}); nothing was changed.`);
  }
}

/**
 * The database dump as the tar PGlite loads, checked whole: gzip's check, then tar's, and no
 * links in it. A Blob, so that no second copy of the tar is held while PGlite reads it.
 */
async function readDump(dump: string, damaged: (what: string) => BackupRefusal): Promise<Blob> {
  const gzipped = fs.readFileSync(dump);
  const its = `its database dump (${DUMP})`;
  if (gzipped[0] !== 0x1f || gzipped[1] !== 0x8b) throw damaged(`${its} is not gzip-compressed`);
  let tarred: NonSharedBuffer;
  try {
    tarred = zlib.gunzipSync(gzipped);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw damaged(e.code === 'Z_BUF_ERROR' ? `${its} is cut short` : `${its} is corrupt (${e.message})`);
  }
  const others: tar.ReadEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = new tar.Parser({
      strict: true,
      onReadEntry: (entry) => {
        if (!PLAIN.has(entry.type)) others.push(entry);
        entry.resume();
      },
    });
    parser.on('error', reject).on('end', resolve);
    parser.end(tarred);
  }).catch((err: Error) => {
    throw damaged(/Truncated input/.test(err.message) ? `${its} is cut short` : `${its} is not a tar (${err.message})`);
  });
  if (others.length) throw damaged(`${its} holds ${named(others[0])}`);
  return new Blob([tarred]);
}

/** Loads the dump into `dir` and opens it: it must answer, with the rows its manifest counts. */
async function load(dump: Blob, dir: string, manifest: Manifest, damaged: (what: string) => BackupRefusal) {
  let counts: Record<string, number>;
  try {
    const pg = await createPglite(dir, dump);
    try {
      counts = await rowCounts(pg);
    } finally {
      await pg.close();
    }
  } catch (err) {
    throw damaged(`its database dump does not open as a database (${(err as Error).message})`);
  }
  for (const [table, rows] of Object.entries(manifest.rows ?? {}))
    if (counts[table] !== rows)
      throw damaged(
        `its manifest counts ${rows} rows in ${table} but its database holds ${counts[table] ?? 'no such table'}`,
      );
}

/**
 * Puts each staged folder in its place: the current one renamed aside into the stage (removed
 * with it), the new one (null: none) renamed in. A failed rename puts back what was moved.
 */
function swap(file: string, stage: string, moves: [from: string | null, to: string][]): void {
  const aside = path.join(stage, REPLACED);
  fs.mkdirSync(aside);
  const undo: (() => void)[] = [];
  try {
    for (const [from, to] of moves) {
      if (fs.existsSync(to)) {
        const old = path.join(aside, path.basename(to));
        fs.renameSync(to, old);
        undo.push(() => fs.renameSync(old, to));
      }
      if (from) {
        fs.renameSync(from, to);
        undo.push(() => fs.renameSync(to, from));
      }
    }
  } catch (err) {
    const why = (err as Error).message;
    try {
      for (const step of undo.reverse()) step();
    } catch (undoing) {
      throw new Stranded(
        `${file} could not be put in place (${why}), nor the data it replaced put back (${(undoing as Error).message}): that data is in ${aside}.`,
      );
    }
    throw new BackupRefusal(`${file} was checked but could not be put in place (${why}); nothing was changed.`);
  }
}

/**
 * Removes the staging folders of restores that were killed before their swap (they hold only
 * what a file unpacked). One killed amid its swap (it holds `replaced/`) may hold the only copy
 * of the data it replaced: it is left for the operator (README.md, Backups).
 */
function clearAbandoned(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir))
    if (name.startsWith(STAGE) && !fs.existsSync(path.join(dataDir, name, REPLACED)))
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
}
