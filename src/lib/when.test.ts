import { describe, expect, it } from 'vitest';
import { ago } from './when';

describe('ago', () => {
  const now = Date.parse('2026-11-01T12:00:00Z');
  it('says how long ago in the largest fitting unit', () => {
    expect(ago('2026-11-01T11:59:30Z', now)).toMatch(/30 sec/);
    expect(ago('2026-11-01T09:00:00Z', now)).toMatch(/3 hr/);
    expect(ago('2026-10-31T12:00:00Z', now)).toBe('yesterday');
    expect(ago('2026-09-01T12:00:00Z', now)).toMatch(/2 mo/);
  });
  it('leaves text that is no date as it is', () => {
    expect(ago('soon', now)).toBe('soon');
  });
});
