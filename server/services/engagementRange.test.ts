import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { dubaiToday, resolveRange } from './engagementRange';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof HttpError ? { status: e.statusCode, fields: Object.keys(e.fields) } : e;
  }
  return null;
};

describe('engagement ranges', () => {
  it('takes the day in Dubai (UTC+4)', () => {
    expect(dubaiToday(Date.parse('2026-11-23T19:59:59Z'))).toBe('2026-11-23');
    expect(dubaiToday(Date.parse('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
  });

  it('reads the last n days, today included, 30 by default', () => {
    expect(resolveRange({}, '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23', days: 30 });
    expect(resolveRange({ days: 7 }, '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23', days: 7 });
    expect(resolveRange({ from: '2026-11-01' }, '2026-11-23')).toEqual({
      from: '2026-11-01',
      to: '2026-11-23',
      days: 23,
    });
    expect(resolveRange({ from: '2024-01-01', to: '2024-12-31' }, '2026-11-23').days).toBe(366);
  });

  it('refuses with the field to change', () => {
    expect(refusal(() => resolveRange({ days: 7, from: '2026-11-01' }, '2026-11-23'))).toEqual({
      status: 422,
      fields: ['days'],
    });
    expect(refusal(() => resolveRange({ from: '2026-11-02', to: '2026-11-01' }, '2026-11-23'))).toEqual({
      status: 422,
      fields: ['from'],
    });
    expect(refusal(() => resolveRange({ from: '2025-01-01', to: '2026-01-02' }, '2026-11-23'))).toEqual({
      status: 422,
      fields: ['to'],
    });
  });
});
