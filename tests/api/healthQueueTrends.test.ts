// Each health queue's count per day (migration 037, server/services/healthQueueCounts.ts) on both
// databases: the background loop keeps today's count of every queue after the day's scores, one
// row per queue and day however many rounds run; `health.queueTrends` reads back the last 30
// days, oldest first; rows past 90 days go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHealthQueues, listHealthQueueTrends, type HealthCount, type HealthQueueTrend } from '@contract/health';
import { HEALTH_QUEUE_IDS } from '@contract/healthQueues';
import type { Db } from '../../server/db/connection';
import { keepQueueCounts } from '../../server/services/healthQueueCounts';
import { startTestServer, type TestServer } from '../helpers/app';
import { opCalls } from '../helpers/ops';

let s: TestServer;
const { ok, one } = opCalls(() => s);
const q = <T = { id: number }>(sql: string, params: unknown[] = []) => s.db.query<T>(sql, params).then((r) => r.rows);

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const round = async () => {
  s.app.healthChecks.kick();
  await s.app.healthChecks.idle();
};
const trends = async () =>
  Object.fromEntries(((await ok(listHealthQueueTrends)).data as HealthQueueTrend[]).map((t) => [t.id, t.days]));

describe("the queues' daily counts", () => {
  it('are kept by the background loop, one row per queue and day, at the count the queue answers', async () => {
    await q('delete from health_queue_counts');
    expect(Object.values(await trends()).every((days) => days.length === 0)).toBe(true);
    await q(
      "insert into offers (title, discount, valid_from, valid_to) values ('Trend offer', '5%', catalogue_today() - 3, catalogue_today() + 2)",
    );
    await round();
    const now = Object.fromEntries(((await ok(listHealthQueues)).data as HealthCount[]).map((c) => [c.id, c.count]));
    expect(now.ending).toBeGreaterThan(0);
    const kept = await q<{ queue: string; count: number }>(
      'select queue, count from health_queue_counts where day = catalogue_today() order by queue',
    );
    expect(kept.map((r) => r.queue)).toEqual([...HEALTH_QUEUE_IDS].sort());
    for (const r of kept) expect(r.count, r.queue).toBe(now[r.queue]);
    // A second round the same day rewrites the day's rows.
    await round();
    expect(await one<number>('select count(*)::int from health_queue_counts')).toBe(HEALTH_QUEUE_IDS.length);
  });

  it("are read back as each queue's last 30 days, oldest first; rows past 90 days go", async () => {
    await q(
      `insert into health_queue_counts (queue, day, count) values
        ('ending', catalogue_today() - 1, 1), ('ending', catalogue_today() - 2, 4),
        ('ending', catalogue_today() - 40, 9), ('ending', catalogue_today() - 100, 9)`,
    );
    const today = await one<string>('select catalogue_today()::text');
    const days = (await trends()).ending as HealthQueueTrend['days'];
    expect(days.map((d) => d.count).slice(0, 2)).toEqual([4, 1]);
    expect(days).toHaveLength(3);
    expect(days.at(-1)!.day).toBe(today);
    // The next round leaves out what is past 90 days, and keeps the 40-day-old one (not shown).
    await round();
    expect(
      await one<number>(
        "select count(*)::int from health_queue_counts where queue = 'ending' and day < catalogue_today() - 30",
      ),
    ).toBe(1);
    expect(((await trends()).ending as HealthQueueTrend['days']).length).toBe(3);
  });

  it('a count that fails is told and skipped; every other queue is kept', async () => {
    await q('delete from health_queue_counts');
    // The second queue's transaction fails as a count past its time would (PostgreSQL cancels it).
    let calls = 0;
    const db: Db = {
      ...s.db,
      transaction: (fn, opts) =>
        s.db.transaction(async (tx) => {
          if (++calls === 2) throw new Error('canceling statement due to statement timeout');
          return fn(tx);
        }, opts),
    };
    const warned: { fields: object; msg: string }[] = [];
    await keepQueueCounts(db, { warn: (fields, msg) => warned.push({ fields, msg }) });
    const failed = HEALTH_QUEUE_IDS[1];
    expect(warned).toEqual([
      {
        fields: expect.objectContaining({ queue: failed }),
        msg: `health: queue ${failed}'s count of today not kept: canceling statement due to statement timeout`,
      },
    ]);
    const kept = await q<{ queue: string }>('select queue from health_queue_counts where day = catalogue_today()');
    expect(kept.map((r) => r.queue).sort()).toEqual(HEALTH_QUEUE_IDS.filter((id) => id !== failed).sort());
  });
});
