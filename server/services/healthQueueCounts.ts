// Each health queue's count per day (migration 037): kept by the health checker's loop after the
// day's scores (./health.ts keepHealthScores, ./mediaChecks.ts's round), read back by the
// dashboard as each queue's last 30 days (contract/health.ts `health.queueTrends`).
import { HEALTH_QUEUE_IDS } from '@contract/healthQueues';
import type { HealthQueueTrend } from '@contract/health';
import type { Db, Tx } from '../db/connection';
import { healthCount } from './health';

/** Days a trend shows, and days a row is kept. */
export const QUEUE_TREND_DAYS = 30;
const KEPT_DAYS = 90;

/**
 * Bound of one queue's count in the loop, on PostgreSQL: a day's figure is not worth holding a
 * connection, a core and the oldest snapshot (which keeps vacuum from every table) for longer.
 * A count that ran for half an hour once kept a million offers' catalogue unvacuumed.
 */
const COUNT_TIMEOUT = '60s';

/**
 * Keeps today's count of every queue (Dubai's day), one row per queue and day, rewritten by
 * each round of the day. One transaction a queue: on PGlite's one connection, calls get their
 * turn in between (a pair queue's count is a similarity join). A count that fails is told and
 * skipped; the others are kept.
 */
export async function keepQueueCounts(db: Db, log: { warn(fields: object, msg: string): void }): Promise<void> {
  for (const id of HEALTH_QUEUE_IDS)
    await db
      .transaction(async (tx) => {
        if (db.kind === 'postgres') await tx.exec(`set local statement_timeout = '${COUNT_TIMEOUT}'`);
        const n = await healthCount(tx, id);
        await tx.query(
          `insert into health_queue_counts (queue, day, count, at) values ($1, catalogue_today(), $2, now())
         on conflict (queue, day) do update set count = excluded.count, at = excluded.at`,
          [id, n],
        );
      })
      .catch((err: Error) =>
        log.warn({ queue: id, err }, `health: queue ${id}'s count of today not kept: ${err.message}`),
      );
  await db.transaction((tx) =>
    tx.query(`delete from health_queue_counts where day < catalogue_today() - ${KEPT_DAYS}`),
  );
}

/** Each queue's counts over the last 30 days, oldest first, as the loop kept them (a day unmeasured is absent). */
export async function queueTrends(tx: Tx): Promise<HealthQueueTrend[]> {
  const { rows } = await tx.query<{ queue: string; day: string; count: number }>(
    `select queue, day::text as day, count from health_queue_counts
      where day > catalogue_today() - ${QUEUE_TREND_DAYS} order by queue, day`,
  );
  return HEALTH_QUEUE_IDS.map((id) => ({
    id,
    days: rows.filter((r) => r.queue === id).map((r) => ({ day: r.day, count: Number(r.count) })),
  }));
}
