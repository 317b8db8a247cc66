// A date field's value both ways, on Dubai's calendar: what the server takes ('YYYY-MM-DD' for a
// date, an ISO instant for a date-time) and how it reads ('Tue 24 Nov 2026', 'Tue 24 Nov 2026,
// 09:00'). No parser here (src/lib/parseDate.ts has chrono-node), so showing a value costs
// nothing to download.
import { addDays, dubaiClock, dubaiInstant, parseYmd, ymd } from '@contract/dubaiTime';
import { formatWeekday, formatWeekdayTime } from './format';

export type DateKind = 'date' | 'datetime';

export interface Time {
  hour: number;
  minute: number;
}

/** A day, 'YYYY-MM-DD', and the hour and minute when the text gave a time (src/lib/parseDate.ts). */
export interface TypedDate {
  day: string;
  time: Time | null;
}

/** '09:00' → 9:00; the times a date-time field gives a day typed alone. */
export function timeOf(hhmm: string): Time {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new Error(`Not a time: "${hhmm}"`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/** What the server takes: the day, or the instant of the day and time on Dubai's clock. */
export function valueOf(kind: DateKind, typed: TypedDate, defaultTime: Time): string {
  if (kind === 'date') return typed.day;
  const d = parseYmd(typed.day)!;
  return dubaiInstant({ ...d, ...(typed.time ?? defaultTime) }).toISOString();
}

const isMoment = (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));

/** Whether `value` is one the server takes for this kind of field. */
export const isValue = (kind: DateKind, value: string) =>
  kind === 'date' ? parseYmd(value) !== null : isMoment(value);

/** How a value reads, in Dubai time; null when it is not a value of that kind. */
export function displayOf(kind: DateKind, value: string): string | null {
  if (kind === 'date') {
    const d = parseYmd(value);
    return d ? formatWeekday(value) : null;
  }
  return isMoment(value) ? formatWeekdayTime(value) : null;
}

/** A value moved by whole days (a date-time keeps its time on Dubai's clock); null for no value. */
export function shiftValue(kind: DateKind, value: string, days: number): string | null {
  if (!isValue(kind, value)) return null;
  if (kind === 'date') return addDays(value, days);
  const c = dubaiClock(Date.parse(value));
  const day = parseYmd(addDays(ymd(c), days))!;
  return dubaiInstant({ ...day, hour: c.hour, minute: c.minute }).toISOString();
}
