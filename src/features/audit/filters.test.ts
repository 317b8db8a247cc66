import { describe, expect, it } from 'vitest';
import { auditPath, filtersOf, queryOf, whenOf } from './filters';

describe('audit log filters', () => {
  it('read from the URL and written back the same', () => {
    const path = auditPath({ resource: 'bank', record_id: '3', actor: '1', when: 'today' });
    expect(path).toBe('/audit-log?resource=bank&record_id=3&actor=1&when=today');
    expect(filtersOf(path.split('?')[1])).toEqual({ resource: 'bank', record_id: '3', actor: '1', when: 'today' });
  });

  it('become the query: numbers, and Dubai days as moments (to includes its whole day)', () => {
    expect(queryOf({ record_id: '7', from: '2026-03-01', to: '2026-03-01' })).toMatchObject({
      record_id: 7,
      from: '2026-02-28T20:00:00.000Z',
      to: '2026-03-01T20:00:00.000Z',
    });
    expect(queryOf({ record_id: 'x', from: 'soon' })).toMatchObject({ record_id: undefined, from: undefined });
  });

  it('the time filter: the last hour, the Dubai day, the last 7 Dubai days, any time', () => {
    // 02:30 in Dubai on 6 December is still 5 December in UTC.
    const now = Date.parse('2026-12-05T22:30:00Z');
    expect(queryOf({ when: 'hour' }, now)).toMatchObject({ from: '2026-12-05T21:30:00.000Z', to: undefined });
    expect(queryOf({ when: 'today' }, now)).toMatchObject({ from: '2026-12-05T20:00:00.000Z', to: undefined });
    expect(queryOf({ when: 'week' }, now)).toMatchObject({ from: '2026-11-29T20:00:00.000Z', to: undefined });
    expect(queryOf({}, now)).toMatchObject({ from: undefined, to: undefined });
    // A choice other than the days picked sets the days aside.
    expect(queryOf({ when: 'hour', from: '2026-01-01' }, now).from).toBe('2026-12-05T21:30:00.000Z');
    expect(whenOf({ from: '2026-01-01' })).toBe('days');
    expect(whenOf({ when: 'nonsense' })).toBe('');
  });
});
