// The "Likely duplicates" pairs' keeper (server/db/migrations/036_health_pairs.sql): on the
// background loop (./loop.ts), kicked after every call that writes offers, outlets, cards or the
// settings (server/app.ts) and every minute (another process's writes on PostgreSQL), it takes
// the records the triggers marked, a piece at a time, and finds their pairs again
// (server/repositories/healthPairs.ts). A piece is one short transaction: on PGlite's one
// connection, calls get their turn between pieces.
import type { Db } from '../db/connection';
import { countMarked, recomputeMarked, type PairKind } from '../repositories/healthPairs';
import { backgroundLoop, type Loop } from './loop';

/**
 * Records per transaction when a few are marked (a call's writes): index probes, ~8 ms an offer
 * on bench/health.ts's 100,000 under load, so a piece holds PGlite's one connection briefly.
 */
const PIECE = 25;
/**
 * From BULK_FROM marked (a full round: the first, a changed setting; a big import), a piece is
 * BULK records: its pairs are one hash join over every offer's (merchant, card) keys, whose
 * cost is the catalogue's whatever the piece (13 s for all of 100,000 offers on PostgreSQL under
 * load, against ~800 s in pieces of 25). PGlite's smaller pieces leave calls their turn between.
 */
const BULK_FROM = 1_000;
const BULK: Record<Db['kind'], number> = { postgres: 100_000, pglite: 5_000 };
const EVERY_MS = 60_000;

interface PairsLog {
  info(msg: string): void;
  warn(fields: object, msg: string): void;
}

/** Recomputes every marked record's pairs; answers how many records and pairs of each kind. */
export async function keepPairs(
  db: Db,
  stopped: () => boolean = () => false,
  piece = PIECE,
  bulk = BULK[db.kind],
): Promise<Record<PairKind, { records: number; pairs: number }>> {
  const done = { offer: { records: 0, pairs: 0 }, outlet: { records: 0, pairs: 0 } };
  for (const kind of ['offer', 'outlet'] as const) {
    while (!stopped()) {
      const n = await db.transaction(async (tx) =>
        recomputeMarked(tx, kind, (await countMarked(tx, kind, BULK_FROM)) >= BULK_FROM ? bulk : piece),
      );
      done[kind].records += n.records;
      done[kind].pairs += n.pairs;
      if (!n.records) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return done;
}

export function createHealthPairs(db: Db, log: PairsLog): Loop {
  return backgroundLoop({
    run: async (stopped) => {
      const t0 = performance.now();
      const d = await keepPairs(db, stopped);
      if (d.offer.records || d.outlet.records)
        log.info(
          `health pairs: ${d.offer.records.toLocaleString('en')} offers (${d.offer.pairs.toLocaleString('en')} pairs) and ${d.outlet.records.toLocaleString('en')} outlets (${d.outlet.pairs.toLocaleString('en')} pairs) found again in ${Math.round(performance.now() - t0)} ms`,
        );
    },
    onError: (err) => log.warn({ err }, 'health pairs: the recompute failed (tried again on the next write or minute)'),
    everyMs: EVERY_MS,
  });
}
