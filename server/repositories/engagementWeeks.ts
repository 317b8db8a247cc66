// Dates of the engagement rollups (migration 012): days as 'YYYY-MM-DD', weeks starting on
// Monday as PostgreSQL's date_trunc('week', …) makes them.

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => toDay(toMs(day) + n * DAY_MS);
/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;

/**
 * The whole weeks inside from–to: the Monday of the first and of the last, or null when the
 * range holds none. Those weeks are read from event_weekly_offers, the days around them
 * from event_daily.
 */
export function wholeWeeks(from: string, to: string): { first: string; last: string } | null {
  const isoDay = (day: string) => (new Date(toMs(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const first = addDays(from, (7 - isoDay(from)) % 7);
  const last = addDays(to, -((isoDay(to) + 1) % 7) - 6);
  return first <= last ? { first, last } : null;
}
