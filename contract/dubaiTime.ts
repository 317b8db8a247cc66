// The catalogue's calendar is Dubai's (engagement days, offers' validity, schedules typed in the
// app): "today" there, and a Dubai wall clock as an instant, whatever the browser's own zone.
// Pure: Intl does the zone arithmetic, so neither half needs a time zone library.

export const APP_TIME_ZONE = 'Asia/Dubai';

/** A wall clock reading: month 1–12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** What a clock in Dubai reads at this instant. */
export function dubaiClock(at: Date | number = Date.now()): WallClock & { second: number } {
  const out: Record<string, number> = {};
  for (const p of PARTS.formatToParts(typeof at === 'number' ? new Date(at) : at))
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour, minute: out.minute, second: out.second };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'YYYY-MM-DD' of a calendar day. */
export const ymd = (c: Pick<WallClock, 'year' | 'month' | 'day'>) => `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;

/** Today's date in Dubai, 'YYYY-MM-DD'. */
export const dubaiDay = (at: Date | number = Date.now()) => ymd(dubaiClock(at));

/** The instant a Dubai wall clock stands for (Dubai keeps UTC+4 all year; Intl says so, not this code). */
export function dubaiInstant(c: WallClock): Date {
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  // The zone's offset at about that moment, read back from the clock it shows.
  const shown = dubaiClock(asUtc);
  const offset = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute) - asUtc;
  return new Date(asUtc - offset);
}

/** 'YYYY-MM-DD' as its parts, or null for anything else (an impossible day too: 2026-02-30). */
export function parseYmd(text: string): Pick<WallClock, 'year' | 'month' | 'day'> | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/** A calendar day moved by whole days ('2026-11-30' + 1 → '2026-12-01'). */
export function addDays(day: string, n: number): string {
  const p = parseYmd(day);
  if (!p) return day;
  return new Date(Date.UTC(p.year, p.month - 1, p.day + n)).toISOString().slice(0, 10);
}
