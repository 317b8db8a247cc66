// How the engagement screen writes numbers and days.
const whole = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Today in Dubai (UTC+4 all year), whose days the charts count. */
export const dubaiToday = () => new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
export const num = (n: number) => whole.format(n);
/** Axis ticks: 12.5K. */
export const short = (n: number) => (Math.abs(n) < 1000 ? whole.format(n) : compact.format(n));
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** '23 Nov' or, with the year, '23 Nov 2026'. */
export const day = (d: string, year = false) => (year ? dayYearFormat : dayFormat).format(dayMs(d));
/** '25 Oct – 23 Nov 2026'. */
export const span = (from: string, to: string) =>
  from === to
    ? day(to, true)
    : `${from.slice(0, 4) === to.slice(0, 4) ? day(from) : day(from, true)} – ${day(to, true)}`;
/** 3 of 1,000 → '0.3%'. */
export const percent = (part: number, whole: number) =>
  whole ? `${((part / whole) * 100).toFixed(part / whole < 0.1 ? 1 : 0)}%` : '–';
