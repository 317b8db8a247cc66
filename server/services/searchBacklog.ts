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

/** Rows per transaction: short enough that an admin's edit of one of them waits little. */
const PIECE = 2000;
const EVERY_MS = 60_000;

export interface SearchBacklog {
  /** Starts catching up, after the current call's answer has gone (no-op when nothing waits). */
  kick(): void;
  /** Resolves once no catch-up is running (tests wait for it; the server's close does). */
  idle(): Promise<void>;
  stop(): void;
}

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
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> =>
    indexBacklog(db)
      .then(
        () => undefined,
        (err: unknown) => log(`search backlog: ${err instanceof Error ? err.message : String(err)} (tried again on the next write or minute)`),
      )
      .then(() => {
        if (again && !stopped) {
          again = false;
          return run();
        }
      });
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(run)
      .finally(() => (running = null));
  };
  kick();
  const timer = db.kind === 'postgres' ? setInterval(kick, EVERY_MS) : null;
  timer?.unref();
  return {
    kick,
    idle: async () => {
      while (running) await running;
    },
    stop: () => {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
