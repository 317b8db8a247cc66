import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../auditApi';
import { entryWhat } from './AuditEntryView';

const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-12-05T10:00:00.000Z',
  actor_id: 1,
  actor_name: 'Admin',
  operation: 'crawl.bulk',
  kind: 'mass',
  resource: null,
  record_id: null,
  label: null,
  count: 1,
  before: null,
  after: null,
  tables: {},
  names: {},
  revertible: false,
  ...e,
});

describe('what an entry did', () => {
  it('counts many records with their noun', () => {
    expect(entryWhat(entry({ resource: 'crawl_offers', count: 49 }))).toBe('49 crawled offers changed');
    expect(entryWhat(entry({ resource: 'offer', count: 1200 }))).toBe('1,200 offers changed');
    expect(entryWhat(entry({ resource: 'category', count: 2 }))).toBe('2 categories changed');
    expect(entryWhat(entry({ resource: 'user', count: 1, kind: 'export' }))).toBe('1 user exported');
    expect(entryWhat(entry({ resource: null, count: 3 }))).toBe('3 records changed');
  });
});
