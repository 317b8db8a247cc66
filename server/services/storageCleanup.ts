// The storage clean-up: the one place a stored upload is removed once it was part of a write
// that committed (a file saved by a call that then fails is removed at once, by
// server/http/handle.ts). A call that replaces or deletes a record's file leaves the file: the
// call's audit entry keeps the row as it was, and a revert of that entry
// (server/services/auditRevert.ts) points the record at the file again, so it must still answer
// while the entry is in the log; likewise the rows an undo can still put back
// (server/services/undo.ts). So a file goes once nothing references it: no record's upload
// column, no audit entry still in the log and no undo entry still running. It runs on the audit
// pruning's round (./auditPruning.ts), right after the entries past their retention went, so
// the files only they kept go in the same round. Both stores (./fileStore.ts) alike.
import { homepageResources } from '@contract/homepage';
import { resources } from '@contract/resources';
import type { Db, Tx } from '../db/connection';
import { UPLOAD_NAME, type FileStore } from './fileStore';

/**
 * A file younger than this is never removed, referenced or not. A call saves its upload
 * (server/http/handle.ts saveImage) inside its transaction, before the row that names it
 * commits: until then no query here sees the reference, and removing the file would break a
 * write about to succeed. A call lasts seconds (minutes at worst, waiting for a lock); an hour
 * is far past that and also covers a bucket's clock running apart from the server's (S3 stamps
 * LastModified with its own). A file a crashed call left waits that hour more, which costs
 * nothing.
 */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/** How many removed names a log line lists (its count is always whole). */
const NAMES_LOGGED = 50;

/** The tables' upload columns ('banks.logo'), as the contract's resources declare them (`files` of kind image). */
const UPLOAD_COLUMNS = [
  ...new Set(
    [...resources, ...homepageResources].flatMap((r) =>
      Object.entries(r.files ?? {})
        .filter(([, kind]) => kind === 'image')
        .map(([column]) => `${r.storage.table}.${column}`),
    ),
  ),
].map((c) => c.split('.') as [table: string, column: string]);

// An upload's URL path is /uploads/<name>; anywhere in an entry's or an undo's kept rows it is
// found by its text, so a row of any table (a card cascading with its bank) counts alike.
const NAME_IN_TEXT = String.raw`/uploads/([0-9A-Za-z._-]+)`;

/** The names of the stored files something still references, read in one statement (one snapshot). */
async function referencedUploads(tx: Tx): Promise<Set<string>> {
  const live = UPLOAD_COLUMNS.map(
    ([table, column]) =>
      `select substring(${column} from '^${NAME_IN_TEXT}$') as name from ${table} where ${column} is not null`,
  );
  const kept = [
    // Only entries still in the log: pruned ones can no longer be reverted.
    `select m[1] from audit_log a, regexp_matches(a.changes::text, '${NAME_IN_TEXT}', 'g') m where a.changes is not null`,
    `select m[1] from undo_rows u, regexp_matches(u.rows::text, '${NAME_IN_TEXT}', 'g') m`,
    `select m[1] from undo_log u, unnest(u.files) f, regexp_matches(f, '${NAME_IN_TEXT}') m`,
  ];
  const rows = (await tx.query<{ name: string | null }>([...live, ...kept].join('\nunion\n'))).rows;
  return new Set(rows.flatMap((r) => (r.name ? [r.name] : [])));
}

/**
 * Removes the stored uploads older than UPLOAD_GRACE_MS that nothing references; returns their
 * names. The files are listed before the references are read, so a reference made meanwhile
 * (an undo or a revert putting a file back) is seen.
 */
async function cleanUpStorage(db: Db, store: FileStore, now: () => number): Promise<string[]> {
  const before = now() - UPLOAD_GRACE_MS;
  const old = (await store.list()).filter((f) => UPLOAD_NAME.test(f.name) && f.modified.getTime() < before);
  if (!old.length) return [];
  const referenced = await db.read((tx) => referencedUploads(tx));
  const removed: string[] = [];
  for (const { name } of old) {
    if (referenced.has(name)) continue;
    await store.remove(name);
    removed.push(name);
  }
  return removed;
}

/** Where a round tells what it did, as JSON fields and a sentence: the server's pino logger fits. */
interface CleanupLog {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
}

/** One clean-up round as the background loop runs it: what it removed, or its failure, in the log. */
export function storageCleanup(db: Db, store: FileStore, now: () => number, log: CleanupLog) {
  return async (): Promise<void> => {
    try {
      const removed = await cleanUpStorage(db, store, now);
      if (removed.length)
        log.info(
          { removed: removed.length, files: removed.slice(0, NAMES_LOGGED), where: store.where },
          `storage clean-up: removed ${removed.length} files no record, audit entry or undo references`,
        );
    } catch (err) {
      log.warn({ err, where: store.where }, 'storage clean-up failed (tried again in six hours)');
    }
  };
}
