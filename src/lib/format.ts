// How the app writes numbers, days, times and moments: one locale (British English, the one
// the typed dates read too: src/lib/parseDate.ts) and one clock, Dubai's
// (contract/dubaiTime.ts), whatever the browser's own locale and zone. Every formatter is made
// once: Intl builds a new one on each toLocaleString() call, which dominated the time of
// painting a scrolled list.
import { addDays, APP_TIME_ZONE, dubaiDay, parseYmd } from '@contract/dubaiTime';

const APP_LOCALE = 'en-GB';

const number = new Intl.NumberFormat(APP_LOCALE, { maximumFractionDigits: 3 });
const money = new Intl.NumberFormat(APP_LOCALE, { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat(APP_LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

/** 1234.5 → '1,234.5'. */
export const formatNumber = (n: number) => number.format(n);
/** Up to two decimals: amounts and distances ('1,250.75'). */
export const formatDecimal = (n: number) => money.format(n);
/** 12_500 → '12.5K', 1_200_000 → '1.2M' (British English writes 'k' and 'm', read as metres and minutes in a table). */
export const formatCompact = (n: number) => compact.format(n).replace(/[km]$/, (unit) => unit.toUpperCase());

const inDubai = { timeZone: APP_TIME_ZONE, hourCycle: 'h23' } as const;
// Calendar days ('YYYY-MM-DD') have no zone: they are read and written at UTC midnight.
const asDay = { timeZone: 'UTC' } as const;

const DAY = new Intl.DateTimeFormat(APP_LOCALE, { ...asDay, day: 'numeric', month: 'short', year: 'numeric' });
const DAY_NO_YEAR = new Intl.DateTimeFormat(APP_LOCALE, { ...asDay, day: 'numeric', month: 'short' });
const WEEKDAY = new Intl.DateTimeFormat(APP_LOCALE, {
  ...asDay,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const MOMENT = new Intl.DateTimeFormat(APP_LOCALE, {
  ...inDubai,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const WEEKDAY_MOMENT = new Intl.DateTimeFormat(APP_LOCALE, {
  ...inDubai,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const FULL_MOMENT = new Intl.DateTimeFormat(APP_LOCALE, { ...inDubai, dateStyle: 'full', timeStyle: 'short' });
const SHORT_MOMENT = new Intl.DateTimeFormat(APP_LOCALE, {
  ...inDubai,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const TIME = new Intl.DateTimeFormat(APP_LOCALE, { ...inDubai, hour: '2-digit', minute: '2-digit' });
const AGO_SHORT = new Intl.RelativeTimeFormat(APP_LOCALE, { numeric: 'auto', style: 'short' });
const AGO_LONG = new Intl.RelativeTimeFormat(APP_LOCALE, { numeric: 'auto' });

type Moment = string | number | Date;
/** An instant in ms, NaN when it is none. */
const ms = (at: Moment) => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));
/** A 'YYYY-MM-DD' (or the day of a longer ISO text) at UTC midnight, NaN when it is none. */
const dayMs = (ymd: string) => {
  const d = parseYmd(ymd.slice(0, 10));
  return d ? Date.UTC(d.year, d.month - 1, d.day) : NaN;
};
/** Formats what is a moment; anything else is shown as it came. */
const orAsIs = (at: Moment, write: (t: number) => string) => {
  const t = ms(at);
  return Number.isNaN(t) ? String(at) : write(t);
};

/** '2026-03-12' → '12 Mar 2026' (a calendar day: no zone shift). */
export const formatDay = (ymd: string) => {
  const t = dayMs(ymd);
  return Number.isNaN(t) ? ymd : DAY.format(t);
};
/** '2026-03-12' → '12 Mar' (the year left to the reader: chart axes). */
export const formatDayNoYear = (ymd: string) => {
  const t = dayMs(ymd);
  return Number.isNaN(t) ? ymd : DAY_NO_YEAR.format(t);
};
/** '2026-11-24' → 'Tue 24 Nov 2026' (a date field's words), without Intl's comma. */
export const formatWeekday = (ymd: string) => {
  const t = dayMs(ymd);
  return Number.isNaN(t) ? ymd : words(WEEKDAY, t);
};

/** An instant → '12 Mar 2026, 09:00' in Dubai. */
export const formatDateTime = (at: Moment) => orAsIs(at, (t) => MOMENT.format(t));
/** An instant → 'Tue 24 Nov 2026, 09:00' in Dubai (a date-time field's words). */
export const formatWeekdayTime = (at: Moment) => orAsIs(at, (t) => words(WEEKDAY_MOMENT, t));
/** An instant → 'Thursday 12 March 2026 at 09:00' in Dubai (a tooltip's exact time). */
export const formatFullDateTime = (at: Moment) => orAsIs(at, (t) => FULL_MOMENT.format(t));
/** An instant → '12 Mar, 09:00' in Dubai (a row's schedule line). */
export const formatShortDateTime = (at: Moment) => orAsIs(at, (t) => SHORT_MOMENT.format(t));
/** An instant → '09:00' in Dubai. */
export const formatTime = (at: Moment) => orAsIs(at, (t) => TIME.format(t));
/** An instant → the Dubai day it fell on, '12 Mar 2026' ('Added': the time is noise in a table). */
export const formatDayOf = (at: Moment) => orAsIs(at, (t) => formatDay(dubaiDay(t)));

/** The parts in our order, without Intl's commas: 'Tue 24 Nov 2026' (, '09:00'). */
function words(format: Intl.DateTimeFormat, at: number): string {
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  const day = `${p.weekday} ${p.day} ${p.month} ${p.year}`;
  return p.hour === undefined ? day : `${day}, ${p.hour}:${p.minute}`;
}

/**
 * 'Today 14:05', 'Tomorrow 09:00', 'Yesterday 18:30' by Dubai's calendar; further off the day
 * only ('12 Mar', and '12 Mar 2025' in another year).
 */
export function formatNear(at: Moment, now: number = Date.now()): string {
  const t = ms(at);
  if (Number.isNaN(t)) return String(at);
  const day = dubaiDay(t);
  const today = dubaiDay(now);
  const time = TIME.format(t);
  if (day === today) return `Today ${time}`;
  if (day === addDays(today, 1)) return `Tomorrow ${time}`;
  if (day === addDays(today, -1)) return `Yesterday ${time}`;
  return day.slice(0, 4) === today.slice(0, 4) ? formatDayNoYear(day) : formatDay(day);
}

const UNITS: [limit: number, seconds: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [7 * 86_400, 86_400, 'day'],
  [30 * 86_400, 7 * 86_400, 'week'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Infinity, 365 * 86_400, 'year'],
];

/** How long ago, in the few words a list row has room for: '3 hr ago', 'yesterday', '2 mo ago'. */
export function formatAgo(at: Moment, now: number = Date.now()): string {
  const t = ms(at);
  if (Number.isNaN(t)) return String(at);
  const seconds = Math.round((t - now) / 1000);
  const [, size, unit] = UNITS.find(([limit]) => Math.abs(seconds) < limit)!;
  return AGO_SHORT.format(Math.round(seconds / size), unit);
}

/** How long ago, in full words: 'just now', '5 minutes ago', 'yesterday'; past a month the day. */
export function formatSince(at: Moment, now: number = Date.now()): string {
  const t = ms(at);
  if (Number.isNaN(t)) return String(at);
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return 'just now';
  if (s < 3600) return AGO_LONG.format(-Math.round(s / 60), 'minute');
  if (s < 86_400) return AGO_LONG.format(-Math.round(s / 3600), 'hour');
  if (s < 30 * 86_400) return AGO_LONG.format(-Math.round(s / 86_400), 'day');
  return formatDayOf(t);
}
