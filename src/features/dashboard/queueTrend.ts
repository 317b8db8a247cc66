// A health queue's trend beside its count on the dashboard: the counts the background loop kept
// per day (contract/health.ts `health.queueTrends`), today's being the live count shown.
import type { HealthQueueTrend } from '@contract/health';
import { addDays } from '@contract/dubaiTime';
import { formatNumber } from '@/lib/format';

export interface QueueTrend {
  /** One a day measured, oldest first, today's the live count. */
  values: number[];
  /** "+3 since yesterday", "−2 since yesterday", "same as yesterday"; null when yesterday was not measured. */
  note: string | null;
}

/** `today`: Dubai's day (contract/dubaiTime.ts); `now`: the queue's count as just read. */
export function queueTrend(days: HealthQueueTrend['days'], now: number, today: string): QueueTrend {
  const values = [...days.filter((d) => d.day < today).map((d) => d.count), now];
  const yesterday = days.find((d) => d.day === addDays(today, -1));
  if (!yesterday) return { values, note: null };
  const change = now - yesterday.count;
  const note =
    change === 0 ? 'same as yesterday' : `${change > 0 ? '+' : '−'}${formatNumber(Math.abs(change))} since yesterday`;
  return { values, note };
}
