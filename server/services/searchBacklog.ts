// The search backlog: offers written without their search text (onboarding a crawl source,
// server/repositories/crawlTransfers.ts) get it here, after their call has answered, a piece
// at a time in short transactions. Until then searches compute those rows' text on the fly
// (server/repositories/searchMatch.ts), so the backlog only ever costs a little search speed.
//
// It runs after every call that wrote offers (server/app.ts), once when the server starts
// (a server stopped mid-way leaves rows behind), and every minute on PostgreSQL, where
// another process may have stopped mid-way. On PostgreSQL two processes share the work:
// each piece skips the rows another one holds.
import type { Db } from '../db/connection';
import type { Units } from './batches';
import { indexWaitingOffers } from '../repositories/searchBacklog';
import { backgroundLoop, type Loop } from './loop';

/** Rows per transaction: short enough that an admin's edit of one of them waits little. */
const PIECE = 2000;
const EVERY_MS = 60_000;

/** kick() starts catching up after the current call's answer has gone (a no-op when nothing waits). */
export type SearchBacklog = Loop;

/** Fills the search text of every offer waiting for it; returns how many. */
export async function indexBacklog(units: Units, piece = PIECE): Promise<number> {
  let total = 0;
  for (;;) {
    // version and updated_at stay: the record did not change, so an admin's edit begun
    // before is not refused as stale.
    const n = await units.transaction((tx) => indexWaitingOffers(tx, piece));
    total += n;
    if (n < piece) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function createSearchBacklog(db: Db, log: (msg: string) => void): SearchBacklog {
  return backgroundLoop({
    run: () => indexBacklog(db).then(() => undefined),
    onError: (err) =>
      log(
        `search backlog: ${err instanceof Error ? err.message : String(err)} (tried again on the next write or minute)`,
      ),
    everyMs: db.kind === 'postgres' ? EVERY_MS : undefined,
  });
}
