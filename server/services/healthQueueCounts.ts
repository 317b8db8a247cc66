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
 * Keeps today's count of every queue (Dubai's day), one row per queue and day, rewritten by
 * each round of the day. One transaction a queue: on PGlite's one connection, calls get their
 * turn in between (a pair queue's count is a similarity join).
 */
export async function keepQueueCounts(db: Db): Promise<void> {
  for (const id of HEALTH_QUEUE_IDS)
    await db.transaction(async (tx) => {
      const n = await healthCount(tx, id);
      await tx.query(
        `insert into health_queue_counts (queue, day, count, at) values ($1, catalogue_today(), $2, now())
         on conflict (queue, day) do update set count = excluded.count, at = excluded.at`,
        [id, n],
      );
    });
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
