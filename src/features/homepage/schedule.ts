// How a homepage item's switch and schedule read at a moment (contract/homepageFields.ts
// isShownAt decides; this names why an item is not shown).
import { isShownAt, type Scheduled } from '@contract/homepageFields';
import { formatShortDateTime } from '@/lib/format';
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

/** 'from 12 Mar, 09:00 · until 30 Apr, 23:59', or null when unscheduled. */
export function scheduleText(item: Scheduled): string | null {
  const parts = [
    item.starts_at ? `from ${formatShortDateTime(item.starts_at)}` : null,
    item.ends_at ? `until ${formatShortDateTime(item.ends_at)}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
