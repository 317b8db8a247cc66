import { describe, expect, it } from 'vitest';
import { auditPath, filtersOf, queryOf } from './filters';

describe('audit log filters', () => {
  it('read from the URL and written back the same', () => {
    const path = auditPath({ resource: 'bank', record_id: '3', actor: '1' });
    expect(path).toBe('/audit-log?resource=bank&record_id=3&actor=1');
    expect(filtersOf(path.split('?')[1])).toEqual({ resource: 'bank', record_id: '3', actor: '1' });
  });

  it('become the query: numbers, and Dubai days as moments (to includes its whole day)', () => {
    expect(queryOf({ record_id: '7', from: '2026-03-01', to: '2026-03-01' })).toMatchObject({
      record_id: 7,
      from: '2026-02-28T20:00:00.000Z',
      to: '2026-03-01T20:00:00.000Z',
    });
    expect(queryOf({ record_id: 'x', from: 'soon' })).toMatchObject({ record_id: undefined, from: undefined });
  });
});
