// How a homepage item's switch and schedule read at a moment (contract/homepageFields.ts
// isShownAt decides; this names why an item is not shown).
import { APP_TIME_ZONE } from '@contract/dubaiTime';
import { isShownAt, type Scheduled } from '@contract/homepageFields';
import type { Tone } from '@/ui/bits';

export type ScheduleState = 'live' | 'scheduled' | 'ended' | 'off';

export function scheduleState(item: Scheduled, at: number): ScheduleState {
  if (!item.is_active) return 'off';
  if (isShownAt(item, at)) return 'live';
  return item.starts_at && Date.parse(item.starts_at) > at ? 'scheduled' : 'ended';
}

export const SCHEDULE_LABEL: Record<ScheduleState, { label: string; tone: Tone }> = {
  live: { label: 'Live', tone: 'on' },
  scheduled: { label: 'Scheduled', tone: 'accent' },
  ended: { label: 'Ended', tone: 'warn' },
  off: { label: 'Off', tone: 'off' },
};

// One formatter each, made once: toLocaleString builds one per call, and every row calls it.
// Moments in Dubai time, as the schedule fields take them (src/ui/DateField.tsx).
const MOMENT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: APP_TIME_ZONE,
});
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '12 Mar, 09:00' for a row's schedule line. */
export const shortMoment = (iso: string) => MOMENT.format(new Date(iso));

/** '2026-03-12' → '12 Mar 2026' (a calendar date: no time zone shift). */
export const dayText = (ymd: string) => {
  const d = new Date(`${ymd.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : DAY.format(d);
};

/** 'from 12 Mar, 09:00 · until 30 Apr, 23:59', or null when unscheduled. */
export function scheduleText(item: Scheduled): string | null {
  const parts = [
    item.starts_at ? `from ${shortMoment(item.starts_at)}` : null,
    item.ends_at ? `until ${shortMoment(item.ends_at)}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
