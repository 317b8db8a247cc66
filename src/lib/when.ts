// How long ago something happened, in the few words a list row has room for.
const UNITS: [limit: number, seconds: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [7 * 86_400, 86_400, 'day'],
  [30 * 86_400, 7 * 86_400, 'week'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Infinity, 365 * 86_400, 'year'],
];
const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });

/** '3 hr. ago', 'yesterday', '2 mo. ago'. */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  const [, size, unit] = UNITS.find(([limit]) => Math.abs(seconds) < limit)!;
  return format.format(Math.round(seconds / size), unit);
}
