import { describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatCompact,
  formatDateTime,
  formatDay,
  formatDayNoYear,
  formatDayOf,
  formatDecimal,
  formatFullDateTime,
  formatNear,
  formatNumber,
  formatShortDateTime,
  formatSince,
  formatTime,
  formatWeekday,
  formatWeekdayTime,
} from './format';

// 21:30 UTC on the 26th is 01:30 on the 27th in Dubai (UTC+4): the day a reader there lives in.
const LATE_UTC = '2026-11-26T21:30:00Z';

describe('moments in Dubai time', () => {
  it('writes the Dubai wall clock, past midnight when UTC is not', () => {
    expect(formatDateTime(LATE_UTC)).toBe('27 Nov 2026, 01:30');
    expect(formatTime(LATE_UTC)).toBe('01:30');
    expect(formatShortDateTime(LATE_UTC)).toBe('27 Nov, 01:30');
    expect(formatWeekdayTime(LATE_UTC)).toBe('Fri 27 Nov 2026, 01:30');
    expect(formatDayOf(LATE_UTC)).toBe('27 Nov 2026');
    expect(formatFullDateTime(LATE_UTC)).toMatch(/^Friday,? 27 November 2026( at|,) 01:30$/);
  });
  it('stays on the day before while Dubai is still before midnight', () => {
    expect(formatDateTime('2026-11-26T19:59:00Z')).toBe('26 Nov 2026, 23:59');
    expect(formatDayOf('2026-11-26T19:59:00Z')).toBe('26 Nov 2026');
  });
  it('takes numbers and dates as well as ISO text, and shows what is no moment as it came', () => {
    expect(formatTime(Date.parse(LATE_UTC))).toBe('01:30');
    expect(formatTime(new Date(LATE_UTC))).toBe('01:30');
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('calendar days', () => {
  it('writes a day as it is, with no zone shift', () => {
    expect(formatDay('2026-03-01')).toBe('1 Mar 2026');
    expect(formatDay('2026-03-01T00:00:00Z')).toBe('1 Mar 2026');
    expect(formatDayNoYear('2026-12-31')).toBe('31 Dec');
    expect(formatWeekday('2026-11-24')).toBe('Tue 24 Nov 2026');
    expect(formatDay('2026-02-30')).toBe('2026-02-30');
  });
});

describe('near days', () => {
  // 23:00 on the 26th in Dubai.
  const now = Date.parse('2026-11-26T19:00:00Z');
  it('names today, tomorrow and yesterday by the Dubai calendar', () => {
    expect(formatNear('2026-11-26T18:00:00Z', now)).toBe('Today 22:00');
    expect(formatNear(LATE_UTC, now)).toBe('Tomorrow 01:30');
    expect(formatNear('2026-11-25T06:00:00Z', now)).toBe('Yesterday 10:00');
  });
  it('gives further days the day only, the year when it is another', () => {
    expect(formatNear('2026-12-10T08:00:00Z', now)).toBe('10 Dec');
    expect(formatNear('2025-12-10T08:00:00Z', now)).toBe('10 Dec 2025');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-01T12:00:00Z');
  it('says how long ago in the largest fitting unit', () => {
    expect(formatAgo('2026-11-01T11:59:30Z', now)).toMatch(/^30 sec/);
    expect(formatAgo('2026-11-01T09:00:00Z', now)).toMatch(/^3 hr/);
    expect(formatAgo('2026-10-31T12:00:00Z', now)).toBe('yesterday');
    expect(formatAgo('2026-09-01T12:00:00Z', now)).toMatch(/^2 mo/);
    expect(formatAgo('soon', now)).toBe('soon');
  });
  it('says it in full words, and the day past a month', () => {
    expect(formatSince(now - 10_000, now)).toBe('just now');
    expect(formatSince(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatSince(now - 86_400_000, now)).toBe('yesterday');
    expect(formatSince('2026-08-01T21:00:00Z', now)).toBe('2 Aug 2026');
  });
});

describe('numbers', () => {
  it('groups thousands and keeps up to three decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-1500.1256)).toBe('-1,500.126');
  });
  it('rounds amounts to two decimals', () => {
    expect(formatDecimal(1250.756)).toBe('1,250.76');
    expect(formatDecimal(3)).toBe('3');
  });
  it('shortens large numbers', () => {
    expect(formatCompact(12_500)).toBe('12.5K');
    expect(formatCompact(1_200_000)).toBe('1.2M');
  });
});
