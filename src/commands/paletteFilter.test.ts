// The palette's order (./paletteFilter.ts): commands a query names above records, records by how much of
// their names the words cover.
import { beforeEach, describe, expect, it } from 'vitest';
import { prepare } from './match';
import { filter, filterInput, MORE, RECORD, RECORD_MAX, resetScores } from './paletteFilter';

beforeEach(() => {
  resetScores();
  filterInput.rows = new Map([
    ['Edit bank bank.edit', { words: prepare({ title: 'Edit bank' }), tier: 'elsewhere', usage: 0 }],
  ]);
  filterInput.used = new Map();
  filterInput.records = new Map([
    [`${RECORD}card:1`, 'Emirates Credit Card'],
    [`${RECORD}bank:2`, 'Edit Bank of Dubai'],
    [`${RECORD}outlet:3`, 'Dubai Marina Mall'],
    [`${RECORD}outlet:4`, 'Apple — Dubai Mall'],
  ]);
});

describe('the palette’s order', () => {
  it('puts a command its words name above every record, however well they name it', () => {
    const command = filter('Edit bank bank.edit', 'edit bank');
    expect(command).toBeGreaterThan(RECORD_MAX);
    for (const value of filterInput.records.keys()) expect(filter(value, 'edit bank')).toBeLessThan(RECORD_MAX);
    expect(filter(`${RECORD}bank:2`, 'edit bank')).toBeGreaterThan(filter(`${RECORD}card:1`, 'edit bank'));
  });

  it('ranks records by how much of their name the words cover, "All matching …" last', () => {
    expect(filter(`${RECORD}outlet:4`, 'dubai mall')).toBeGreaterThan(filter(`${RECORD}outlet:3`, 'dubai mall'));
    expect(filter(`${MORE}outlet`, 'dubai mall')).toBeGreaterThan(0);
    expect(filter(`${MORE}outlet`, 'dubai mall')).toBeLessThan(filter(`${RECORD}outlet:3`, 'dubai mall'));
  });
});
