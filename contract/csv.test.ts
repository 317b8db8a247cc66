import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  CSV_NAME_COLUMNS,
  CSV_TARGETS,
  checkHeader,
  checkRow,
  nameProblem,
  namesIn,
  templateCsv,
} from './csv';
import Papa from 'papaparse';

describe('CSV rules', () => {
  it.each(CSV_TARGETS)('the %s template passes its own rules', (target) => {
    const parsed = Papa.parse<Record<string, string>>(templateCsv(target), { header: true, skipEmptyLines: true });
    expect(checkHeader(target, parsed.meta.fields!)).toEqual([]);
    expect(checkRow(target, parsed.data[0], 2)).toEqual([]);
  });

  it('names missing and unknown columns on line 1', () => {
    expect(checkHeader('offers', ['title', 'discount', 'valid_from', 'colour'])).toEqual([
      { row: 1, column: 'valid_to', message: 'Missing required column "valid_to".' },
      expect.objectContaining({ row: 1, column: 'colour' }),
    ]);
  });

  it('reports each bad cell with its line and column', () => {
    const issues = checkRow(
      'offers',
      { title: 'Hi', discount: '10%', valid_from: '2026-02-30', valid_to: '2026-01-01' },
      7,
    );
    expect(issues).toEqual([
      { row: 7, column: 'title', message: 'title must be 3–160 characters.', value: 'Hi' },
      { row: 7, column: 'valid_from', message: 'valid_from must be a date as YYYY-MM-DD.', value: '2026-02-30' },
    ]);
    expect(
      checkRow('offers', { title: 'Fine title', discount: '10%', valid_from: '2026-03-01', valid_to: '2026-01-01' }, 3),
    ).toEqual([
      { row: 3, column: 'valid_to', message: 'valid_to must be on or after valid_from.', value: '2026-01-01' },
    ]);
    expect(
      checkRow(
        'cards',
        { name: 'X Card', bank: 'ENBD', network: 'Visa', status: 'gone', display: 'maybe', annual_fee: '-1' },
        2,
      ).map((i) => i.column),
    ).toEqual(['annual_fee', 'status', 'display']);
  });

  it('every target names its required columns first in the template', () => {
    for (const t of CSV_TARGETS) expect(CSV_COLUMNS[t][0].required).toBe(true);
  });

  it('words a name that resolves to no record or several, and reads cells as the import does', () => {
    expect(nameProblem('category', 'Dinning', 0)).toBe('No category named "Dinning".');
    expect(nameProblem('card', 'Platinum', 2)).toBe('"Platinum" matches 2 cards; use its id.');
    expect(nameProblem('bank', 'ENBD', 1)).toBeNull();
    const [category, cards] = CSV_NAME_COLUMNS.offers;
    expect(namesIn(category, '  Dining ')).toEqual(['Dining']);
    expect(namesIn(category, '   ')).toEqual([]);
    expect(namesIn(cards, ' Gold | |12|Gold')).toEqual(['Gold', '12', 'Gold']);
    // Every name column is a column of its target.
    for (const t of CSV_TARGETS)
      for (const c of CSV_NAME_COLUMNS[t]) expect(CSV_COLUMNS[t].map((x) => x.name)).toContain(c.column);
  });
});
