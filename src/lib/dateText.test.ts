// A date field's values and how they read, on Dubai's clock (UTC+4) whatever the process's zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayOf, isValue, shiftValue, timeOf, valueOf } from './dateText';

const first = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = first;
});

describe('date field values', () => {
  it('sends a day as it is, and a day and time as the instant it is in Dubai', () => {
    expect(valueOf('date', { day: '2026-11-26', time: { hour: 9, minute: 0 } }, timeOf('00:00'))).toBe('2026-11-26');
    expect(valueOf('datetime', { day: '2026-11-26', time: { hour: 9, minute: 0 } }, timeOf('00:00'))).toBe(
      '2026-11-26T05:00:00.000Z',
    );
    // A day alone takes the field's time: 00:00 there is 20:00 UTC the day before.
    expect(valueOf('datetime', { day: '2026-11-26', time: null }, timeOf('00:00'))).toBe('2026-11-25T20:00:00.000Z');
    expect(valueOf('datetime', { day: '2026-11-26', time: null }, timeOf('23:59'))).toBe('2026-11-26T19:59:00.000Z');
  });

  it('reads a value in words, in Dubai time', () => {
    expect(displayOf('date', '2026-11-24')).toBe('Tue 24 Nov 2026');
    expect(displayOf('datetime', '2026-11-24T21:30:00.000Z')).toBe('Wed 25 Nov 2026, 01:30');
    expect(displayOf('datetime', '2026-11-24T21:30:00+00:00')).toBe('Wed 25 Nov 2026, 01:30');
    expect(displayOf('date', '')).toBeNull();
    expect(displayOf('date', 'tomorrow')).toBeNull();
    expect(displayOf('date', '2026-02-30')).toBeNull();
    expect(displayOf('datetime', '2026-11-24')).toBeNull();
  });

  it('tells values from text', () => {
    expect(isValue('date', '2026-11-24')).toBe(true);
    expect(isValue('date', '24/11/2026')).toBe(false);
    expect(isValue('datetime', '2026-11-24T05:00:00.000Z')).toBe(true);
    expect(isValue('datetime', 'tomorrow 9am')).toBe(false);
  });

  it('moves a value by days (↑/↓), a date-time keeping its Dubai time', () => {
    expect(shiftValue('date', '2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftValue('date', '2026-03-01', -7)).toBe('2026-02-22');
    expect(shiftValue('datetime', '2026-11-24T21:30:00.000Z', 1)).toBe('2026-11-25T21:30:00.000Z');
    expect(shiftValue('date', 'nonsense', 1)).toBeNull();
  });

  it('refuses a default time that is not one', () => {
    expect(() => timeOf('24:00')).toThrow();
    expect(timeOf('9:05')).toEqual({ hour: 9, minute: 5 });
  });
});
