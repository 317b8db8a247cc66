// A typed date ('24 Nov', '24/11/2026', 'tomorrow 9am', '+7d', 'next fri', 'end of month') as a
// day on Dubai's calendar, and the time if one was typed. Pure (text + now → date | null), so
// the date field (src/ui/DateField.tsx), the palette's bulk date picks and a table's cell
// editor read the same words the same way.
//
// chrono-node reads the words: its British English parser, so numeric dates are day first
// (24/11/2026 is 24 November, the UAE's way), and only its `en` locale, not all of them. It is
// given Dubai's UTC offset at `now`, so "today" is Dubai's today whatever the browser's zone.
// A few forms it reads otherwise or not at all are rules of their own, tried first (below).
import { GB } from 'chrono-node/en';
import { addDays, dubaiClock, parseYmd, ymd, type WallClock } from '@contract/dubaiTime';
import type { TypedDate } from './dateText';

const UNIT: Record<string, 'd' | 'w' | 'm' | 'y'> = {
  d: 'd',
  day: 'd',
  days: 'd',
  w: 'w',
  wk: 'w',
  wks: 'w',
  week: 'w',
  weeks: 'w',
  m: 'm',
  mo: 'm',
  mos: 'm',
  month: 'm',
  months: 'm',
  y: 'y',
  yr: 'y',
  yrs: 'y',
  year: 'y',
  years: 'y',
};

/**
 * Our own rule: '+7d', '-3d', '+2w', '+1m', '+1y' ('+7' alone is days). chrono reads '+1m' as a
 * minute; in a date field it is a month (31 Jan + 1m is the last day of February).
 */
function offset(text: string, today: string): string | null {
  const m = /^([+-])\s*(\d{1,4})\s*([a-z]*)$/.exec(text);
  if (!m || !(m[3] === '' || m[3] in UNIT)) return null;
  const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  const unit = m[3] === '' ? 'd' : UNIT[m[3]];
  if (unit === 'd') return addDays(today, n);
  if (unit === 'w') return addDays(today, 7 * n);
  return addMonths(today, unit === 'm' ? n : 12 * n);
}

/** A day moved by whole months, kept inside the month it lands in. */
function addMonths(day: string, n: number): string {
  const p = parseYmd(day)!;
  const first = new Date(Date.UTC(p.year, p.month - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return ymd({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: Math.min(p.day, last) });
}

/**
 * Our own rule: 'start of (this|next|last) week|month|year' (chrono reads only 'next month' of
 * it) and 'end of … week|year'. 'end of (next) month' is chrono's own. A week starts on Monday.
 */
function period(text: string, today: string): string | null {
  const m =
    /^(start|beginning|first day|end|last day) of (?:the )?(?:(this|next|last|previous) )?(week|month|year)$/.exec(
      text,
    );
  if (!m) return null;
  const end = m[1] === 'end' || m[1] === 'last day';
  if (end && m[3] === 'month') return null;
  const step = m[2] === 'next' ? 1 : m[2] === 'last' || m[2] === 'previous' ? -1 : 0;
  const p = parseYmd(today)!;
  if (m[3] === 'week') {
    const monday = addDays(today, -((new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7) + 7 * step);
    return end ? addDays(monday, 6) : monday;
  }
  if (m[3] === 'month') return addMonths(ymd({ ...p, day: 1 }), step);
  const year = p.year + step;
  return end ? ymd({ year, month: 12, day: 31 }) : ymd({ year, month: 1, day: 1 });
}

/** Years a date field takes: four digits (the server's format), none before 1900. */
const sensible = (c: WallClock) => c.year >= 1900 && c.year <= 9999;

/**
 * The date `text` stands for on Dubai's calendar at `now`, or null when it is not one date
 * (a range, or words chrono reads only part of: 'a week from today' is not 'today').
 */
export function parseDate(text: string, now: Date): TypedDate | null {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return null;
  const clock = dubaiClock(now);
  const today = ymd(clock);
  const own = offset(t.toLowerCase(), today) ?? period(t.toLowerCase(), today);
  if (own) return { day: own, time: null };

  const tzOffset = Math.round(
    (Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) -
      Math.floor(now.getTime() / 1000) * 1000) /
      60_000,
  );
  const found = GB.parse(t, { instant: now, timezone: tzOffset });
  if (found.length !== 1) return null;
  const [r] = found;
  if (r.index !== 0 || r.text.length !== t.length || r.end) return null;
  // The instant chrono means (in Dubai's zone, or the one the text named: '…T06:00Z'), read on Dubai's clock.
  const at = dubaiClock(r.start.date());
  if (!sensible(at)) return null;
  return { day: ymd(at), time: r.start.isCertain('hour') ? { hour: at.hour, minute: at.minute } : null };
}
