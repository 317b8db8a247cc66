// How the engagement screen writes numbers and days: the app's formatters (src/lib/format.ts),
// the charts' days counted on Dubai's calendar.
import { dubaiDay } from '@contract/dubaiTime';
import { formatCompact, formatDay, formatDayNoYear, formatNumber } from '@/lib/format';

/** Today in Dubai, whose days the charts count. */
export const dubaiToday = () => dubaiDay();
export const num = formatNumber;
/** Axis ticks: 12.5K. */
export const short = (n: number) => (Math.abs(n) < 1000 ? formatNumber(n) : formatCompact(n));
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** '23 Nov' or, with the year, '23 Nov 2026'. */
export const day = (d: string, year = false) => (year ? formatDay(d) : formatDayNoYear(d));
/** '25 Oct – 23 Nov 2026'. */
export const span = (from: string, to: string) =>
  from === to
    ? day(to, true)
    : `${from.slice(0, 4) === to.slice(0, 4) ? day(from) : day(from, true)} – ${day(to, true)}`;
/** 3 of 1,000 → '0.3%'. */
export const percent = (part: number, whole: number) =>
  whole ? `${((part / whole) * 100).toFixed(part / whole < 0.1 ? 1 : 0)}%` : '–';
