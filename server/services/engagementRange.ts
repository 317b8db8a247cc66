// The days an engagement call covers (contract/engagement.ts EngagementQuery): the last n
// days, or from–to, checked here because the rules tie fields together (a schema checks
// each field alone). A refusal is a 422 naming the field to change.
import { dubaiDay } from '@contract/dubaiTime';
import { ENGAGEMENT_DEFAULT_DAYS, ENGAGEMENT_MAX_DAYS } from '@contract/engagement';
import { badField } from '../errors';
import { addDays, daysBetween } from '../repositories/engagementWeeks';

/** Dubai's date at this instant: the one definition the browser uses too (contract/dubaiTime.ts). */
export const dubaiToday = (nowMs: number) => dubaiDay(nowMs);

interface RangeQuery {
  days?: number;
  from?: string;
  to?: string;
}

export function resolveRange(q: RangeQuery, today: string): { from: string; to: string; days: number } {
  if (q.days !== undefined && (q.from !== undefined || q.to !== undefined)) {
    throw badField('days', 'Give either days or from and to, not both.');
  }
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -((q.days ?? ENGAGEMENT_DEFAULT_DAYS) - 1));
  if (from > to) throw badField('from', 'From must be on or before to.');
  const days = daysBetween(from, to);
  if (days > ENGAGEMENT_MAX_DAYS)
    throw badField(
      'to',
      `A range may span at most ${ENGAGEMENT_MAX_DAYS} days; this one spans ${days.toLocaleString('en-US')}.`,
    );
  return { from, to, days };
}
