// Long writes in short transactions, all or nothing (server/db/migrations/005_write_batches.sql).
// A batch's rows are written in pieces, each its own short transaction, so on PGlite's one
// connection other calls run between two pieces; the rows stay invisible until the batch is
// marked done in one statement. A batch that fails is removed; one whose writer died (a
// crash, kill -9) is never marked done and is removed by `removeAbandonedBatches`.
import type { Db, Tx } from '../db/connection';
import { backgroundLoop, type Loop } from './loop';

/** What a long handler gets instead of one transaction (server/http/handle.ts). */
export type Units = Pick<Db, 'read' | 'transaction'>;

interface BatchWriter {
  id: number;
  /** One short transaction of the batch (search text deferred to the piece's end). */
  piece<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Tables whose rows a batch may write (and whose rows a removal deletes). */
const BATCH_TABLES = ['offers', 'outlets', 'cards'] as const;

/**
 * Runs `work` as one batch of kind `kind`; its rows appear when it returns, and count `rows`.
 * If `work` throws, nothing it wrote is ever seen and the rows are removed.
 */
export async function inBatch<T>(
  units: Units,
  kind: string,
  createdBy: number | null,
  work: (batch: BatchWriter) => Promise<{ result: T; rows: number }>,
): Promise<T> {
  const id = (
    await units.transaction((tx) =>
      tx.query<{ id: number }>('insert into write_batches (kind, created_by) values ($1, $2) returning id', [
        kind,
        createdBy,
      ]),
    )
  ).rows[0].id;
  const batch: BatchWriter = {
    id,
    piece: async (fn) => {
      // Let the event loop breathe first: requests that arrived meanwhile are read and join
      // the queue for the connection, and timers (the data folder's lock) run.
      await new Promise((resolve) => setImmediate(resolve));
      return units.transaction(async (tx) => {
        await tx.query("set local app.search_text = 'deferred'");
        const out = await fn(tx);
        await tx.query('update write_batches set updated_at = now() where id = $1', [id]);
        return out;
      });
    },
  };
  try {
    const { result, rows } = await work(batch);
    await units.transaction((tx) =>
      tx.query("update write_batches set state = 'done', rows = $2, finished_at = now() where id = $1", [id, rows]),
    );
    return result;
  } catch (err) {
    await removeBatch(units, id).catch(() => undefined); // if this fails too, removeAbandonedBatches will
    throw err;
  }
}

/** Deletes a batch that never finished and its rows, a piece at a time. */
async function removeBatch(units: Units, id: number, pieceSize = 2000): Promise<void> {
  for (const table of BATCH_TABLES) {
    for (;;) {
      const gone = await units.transaction((tx) =>
        tx.query(
          `delete from ${table} where id in (select id from ${table} where batch_id = $1 limit ${pieceSize}) returning id`,
          [id],
        ),
      );
      if (gone.rows.length < pieceSize) break;
    }
  }
  await units.transaction((tx) => tx.query("delete from write_batches where id = $1 and state = 'pending'", [id]));
}

/**
 * Removes batches left pending by a writer that died: on PGlite every pending batch at start
 * (one process holds the folder); on PostgreSQL those untouched for `idleMs`, since another
 * process may still be writing one.
 */
export async function removeAbandonedBatches(units: Units, idleMs: number): Promise<number> {
  const stale = await units.read((tx) =>
    tx.query<{ id: number }>(
      "select id from write_batches where state = 'pending' and updated_at < now() - make_interval(secs => $1)",
      [idleMs / 1000],
    ),
  );
  for (const { id } of stale.rows) await removeBatch(units, id);
  return stale.rows.length;
}

/** A batch untouched this long on PostgreSQL was abandoned: its writer touches it after every piece (~100 ms). */
export const ABANDONED_AFTER_MS = 60_000;

/**
 * Keeps removing abandoned batches while the server runs: at once (on PGlite every pending
 * batch is a dead writer's, since this process alone holds the folder), then every minute on
 * PostgreSQL, where another process may have died mid-import (./loop.ts).
 */
export function sweepAbandonedBatches(db: Db, log: (msg: string) => void): Loop {
  const idleMs = db.kind === 'pglite' ? 0 : ABANDONED_AFTER_MS;
  return backgroundLoop({
    run: async () => {
      const t = performance.now();
      const n = await removeAbandonedBatches(db, idleMs);
      if (n)
        log(
          `removed ${n} unfinished write batch${n === 1 ? '' : 'es'} left by a server that stopped mid-write (${Math.round(performance.now() - t)} ms)`,
        );
    },
    onError: (err) => log(`could not remove unfinished write batches yet: ${err instanceof Error ? err.message : err}`),
    everyMs: db.kind === 'postgres' ? ABANDONED_AFTER_MS : undefined,
  });
}
