// Entries older than the settings' `audit_retention_days` (contract/settings.ts; 400 by default)
// are deleted on the background loop (./loop.ts): once when the server starts and every six
// hours, a piece at a time in short transactions, so a first prune of a long-kept log never
// holds the connection for long. `then` runs after each prune in the same round: the storage
// clean-up (./storageCleanup.ts), so files only the pruned entries referenced go with them.
import { AUDIT_RETENTION_DAYS } from '@contract/audit';
import type { Db } from '../db/connection';
import { pruneAudit } from './audit';
import { backgroundLoop, type Loop } from './loop';

const EVERY_MS = 6 * 60 * 60 * 1000;
const PIECE = 5000;

/** Deletes the entries past their retention; returns how many. */
async function pruneAuditLog(db: Db, piece = PIECE): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const days =
        (await tx.query<{ days: number }>('select audit_retention_days as days from settings order by id limit 1'))
          .rows[0]?.days ?? AUDIT_RETENTION_DAYS;
      return pruneAudit(tx, days, piece);
    });
    total += n;
    if (n < piece) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function createAuditPruning(db: Db, log: (msg: string) => void, then?: () => Promise<void>): Loop {
  return backgroundLoop({
    run: async () => {
      await pruneAuditLog(db);
      await then?.();
    },
    onError: (err) =>
      log(`audit log pruning: ${err instanceof Error ? err.message : String(err)} (tried again in six hours)`),
    everyMs: EVERY_MS,
  });
}
