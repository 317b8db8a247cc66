// Typed dates, read at a fixed "now" just before midnight UTC: 2026-11-24T21:30Z is already
// Wednesday 25 November, 01:30, in Dubai. Each case runs with the process in three time zones
// (behind UTC, UTC, far ahead of Dubai): a slip to the machine's zone shows as a day off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayOf, valueOf, timeOf } from './dateText';
import { parseDate } from './parseDate';

const NOW = new Date('2026-11-24T21:30:00Z');
const ZONES = ['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati'];

const day = (text: string, now = NOW) => parseDate(text, now)?.day ?? null;
const moment = (text: string, now = NOW) => {
  const r = parseDate(text, now);
  return (
    r &&
    `${r.day} ${r.time ? `${String(r.time.hour).padStart(2, '0')}:${String(r.time.minute).padStart(2, '0')}` : '-'}`
  );
};

const first = process.env.TZ;
afterAll(() => {
  process.env.TZ = first;
});

describe.each(ZONES)('the browser in %s', (zone) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });

  it('runs in that zone (the test itself would hide a slip otherwise)', () => {
    const offset = { 'America/Los_Angeles': 480, UTC: 0, 'Pacific/Kiritimati': -840 }[zone];
    expect(NOW.getTimezoneOffset()).toBe(offset);
  });

  it('reads day-first dates, with or without the year', () => {
    expect(day('24 Nov')).toBe('2026-11-24');
    expect(day('24 november')).toBe('2026-11-24');
    expect(day('Nov 24 2026')).toBe('2026-11-24');
    expect(day('24/11/2026')).toBe('2026-11-24');
    expect(day('24/11')).toBe('2026-11-24');
    expect(day('24/11/26')).toBe('2026-11-24');
    expect(day('1/2/2027')).toBe('2027-02-01');
    expect(day('24.11.2026')).toBe('2026-11-24');
    expect(day('24-11-2026')).toBe('2026-11-24');
    expect(day('2026-11-24')).toBe('2026-11-24');
    expect(day('  Tue  24 Nov 2026 ')).toBe('2026-11-24');
  });

  it('reads today, tomorrow and yesterday as Dubai has them (already the 25th there)', () => {
    expect(day('today')).toBe('2026-11-25');
    expect(day('Today')).toBe('2026-11-25');
    expect(day('tomorrow')).toBe('2026-11-26');
    expect(day('yesterday')).toBe('2026-11-24');
    expect(moment('now')).toBe('2026-11-25 01:30');
  });

  it('reads +7d, -3d, +2w, +1m (a month, not a minute), +1y and +7', () => {
    expect(day('+7d')).toBe('2026-12-02');
    expect(day('+30d')).toBe('2026-12-25');
    expect(day('-3d')).toBe('2026-11-22');
    expect(day('+2w')).toBe('2026-12-09');
    expect(day('+1m')).toBe('2026-12-25');
    expect(day('+ 2 months')).toBe('2027-01-25');
    expect(day('+1y')).toBe('2027-11-25');
    expect(day('+7')).toBe('2026-12-02');
    expect(day('+1q')).toBeNull();
    // 31 January + 1 month: the last day of February.
    expect(day('+1m', new Date('2027-01-31T08:00:00Z'))).toBe('2027-02-28');
  });

  it('reads weekdays, "next fri" and "in 3 days"', () => {
    // Wednesday 25th: Friday is the 27th; chrono's "next fri" is the Friday of next week.
    expect(day('fri')).toBe('2026-11-27');
    expect(day('friday')).toBe('2026-11-27');
    expect(day('next fri')).toBe('2026-12-04');
    expect(day('in 3 days')).toBe('2026-11-28');
    expect(day('in 2 weeks')).toBe('2026-12-09');
    expect(day('3 days ago')).toBe('2026-11-22');
  });

  it('reads the start and end of a week, month or year', () => {
    expect(day('end of month')).toBe('2026-11-30');
    expect(day('end of the month')).toBe('2026-11-30');
    expect(day('end of next month')).toBe('2026-12-31');
    expect(day('start of month')).toBe('2026-11-01');
    expect(day('start of next month')).toBe('2026-12-01');
    expect(day('beginning of last month')).toBe('2026-10-01');
    expect(day('start of week')).toBe('2026-11-23');
    expect(day('end of week')).toBe('2026-11-29');
    expect(day('start of next week')).toBe('2026-11-30');
    expect(day('end of year')).toBe('2026-12-31');
    expect(day('start of next year')).toBe('2027-01-01');
  });

  it('takes the month Dubai is in: on 1 December there (30 November in UTC) the month ends on the 31st', () => {
    const dec1 = new Date('2026-11-30T21:30:00Z');
    expect(day('today', dec1)).toBe('2026-12-01');
    expect(day('end of month', dec1)).toBe('2026-12-31');
    expect(day('start of next month', dec1)).toBe('2027-01-01');
    expect(day('+1m', dec1)).toBe('2027-01-01');
  });

  it('reads a time with the day, and gives none when only a day was typed', () => {
    expect(moment('tomorrow 9am')).toBe('2026-11-26 09:00');
    expect(moment('tomorrow at 9')).toBe('2026-11-26 09:00');
    expect(moment('24 Nov 14:30')).toBe('2026-11-24 14:30');
    expect(moment('24/11/2026 14:30')).toBe('2026-11-24 14:30');
    expect(moment('next fri 5pm')).toBe('2026-12-04 17:00');
    expect(moment('in 3 hours')).toBe('2026-11-25 04:30');
    expect(moment('tomorrow')).toBe('2026-11-26 -');
    expect(moment('+7d')).toBe('2026-12-02 -');
    // An instant with its own zone is read on Dubai's clock.
    expect(moment('2026-11-24T21:30:00.000Z')).toBe('2026-11-25 01:30');
  });

  it('is not a date: nothing, words without a day, impossible days, a range, a date inside other words', () => {
    for (const text of [
      '',
      '   ',
      'x',
      'nov',
      '24',
      '31/11/2026',
      '29/02/2027',
      '2026-02-30',
      '24 Nov - 30 Nov',
      'a week from today',
      'see 24 Nov',
    ]) {
      expect(parseDate(text, NOW), text).toBeNull();
    }
  });

  it('reads back every date as the field shows it', () => {
    for (let month = 1; month <= 12; month++) {
      const ymd = `2026-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
      const shown = displayOf('date', ymd)!;
      expect(day(shown), shown).toBe(ymd);
      const at = valueOf('datetime', { day: ymd, time: { hour: 23, minute: 45 } }, timeOf('00:00'));
      const shownAt = displayOf('datetime', at)!;
      expect(valueOf('datetime', parseDate(shownAt, NOW)!, timeOf('00:00')), shownAt).toBe(at);
    }
  });
});
