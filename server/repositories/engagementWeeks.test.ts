import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, wholeWeeks } from './engagementWeeks';

describe('engagement dates', () => {
  it('counts days with both ends included', () => {
    expect(daysBetween('2026-11-01', '2026-11-01')).toBe(1);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('finds the whole Monday–Sunday weeks inside a range', () => {
    // 2026-11-02 is a Monday, 2026-11-08 a Sunday.
    expect(wholeWeeks('2026-11-02', '2026-11-08')).toEqual({ first: '2026-11-02', last: '2026-11-02' });
    expect(wholeWeeks('2026-11-03', '2026-11-09')).toBeNull();
    expect(wholeWeeks('2026-11-01', '2026-11-22')).toEqual({ first: '2026-11-02', last: '2026-11-16' });
    expect(wholeWeeks('2026-11-02', '2026-11-07')).toBeNull();
    expect(wholeWeeks('2026-11-10', '2026-11-10')).toBeNull();
  });
});
