import { describe, expect, it } from 'vitest';
import { cellText, gridOf } from './columns';

describe('cellText', () => {
  it.each<[unknown, string]>([
    [null, '—'],
    ['', '—'],
    [true, 'Yes'],
    [false, 'No'],
    [[], '—'],
    [['Emirates NBD', 'FAB'], 'Emirates NBD, FAB'],
    ['2026-03-12', '12 Mar 2026'],
    ['Plain text', 'Plain text'],
  ])('%j → %s', (v, text) => expect(cellText(v)).toBe(text));

  it('reads a date-time as a date and time', () => {
    expect(cellText('2026-03-12T10:00:00Z')).toMatch(/2026/);
  });
});

describe('gridOf', () => {
  it('puts the pick box first and a default track where a column names none', () => {
    expect(gridOf([{ width: '2fr' }, {}])).toBe('20px 2fr minmax(96px, 1fr)');
  });
});
