import { describe, expect, it } from 'vitest';
import { CSV_MAX_ROWS, templateCsv } from '../../../../contract/csv';
import { computePreview, issuesByCell, previewCsvText, SAMPLE_ROWS, uploadLabel } from './preview';

const offerLine = (i: number, from = '2026-01-01', to = '2026-02-01') => `Offer number ${i},10% off,${from},${to}`;

describe('CSV preview', () => {
  it('finds nothing wrong in a template', () => {
    for (const t of ['offers', 'outlets', 'cards'] as const) {
      const p = previewCsvText(t, templateCsv(t));
      expect(p.issueCount).toBe(0);
      expect(p.rowCount).toBe(1);
      expect(uploadLabel(p)).toBe(`Upload 1 ${t.slice(0, -1)}`);
    }
  });

  it('sorts the columns into required, optional, absent, missing and unknown, with help', () => {
    const p = previewCsvText('offers', ' Title ,discount,valid_from,cards,colour\nAbc offer,5%,2026-01-01,Visa,red\n');
    const status = Object.fromEntries(p.columns.map((c) => [c.name, c.status]));
    expect(status).toMatchObject({ title: 'required', discount: 'required', valid_to: 'missing', cards: 'optional', terms: 'absent', colour: 'unknown' });
    expect(p.columns.find((c) => c.name === 'valid_to')!.help).toMatch(/YYYY-MM-DD/);
    expect(p.fields).toEqual(['title', 'discount', 'valid_from', 'cards', 'colour']);
    // the header problems are file problems on line 1, listed first
    expect(p.fileIssues).toBe(2);
    expect(p.issues.slice(0, 2).map((i) => [i.row, i.column])).toEqual([[1, 'valid_to'], [1, 'colour']]);
  });

  it('lists the rows that will fail with their file line, and counts them', () => {
    const text = ['title,discount,valid_from,valid_to', offerLine(1), offerLine(2, '2026-03-01', '2026-01-01'), 'x,,2026-01-01,2026-13-01', offerLine(4)].join('\n');
    const p = previewCsvText('offers', text);
    expect(p.rowCount).toBe(4);
    expect(p.badRows).toBe(2);
    expect(p.fileIssues).toBe(0);
    expect(p.issues.map((i) => `${i.row}:${i.column}`)).toEqual(['3:valid_to', '4:title', '4:discount', '4:valid_to']);
    expect(uploadLabel(p)).toBe('Upload anyway — 2 rows look wrong');
    expect(issuesByCell(p.issues).get('3:valid_to')).toEqual(['valid_to must be on or after valid_from.']);
  });

  it('keeps the first rows for the table and skips blank lines like the server', () => {
    const lines = Array.from({ length: 30 }, (_, i) => offerLine(i));
    const p = previewCsvText('offers', `\uFEFFtitle,discount,valid_from,valid_to\n${lines.join('\n')}\n\n \n`);
    expect(p.rowCount).toBe(30);
    expect(p.sample).toHaveLength(SAMPLE_ROWS);
    expect(p.sample[0].title).toBe('Offer number 0');
  });

  it('says so when a file has no rows or too many', () => {
    const empty = previewCsvText('cards', 'name,bank,network\n');
    expect(empty.issues).toEqual([{ row: 2, column: '', message: 'The file has no rows.' }]);
    expect(uploadLabel(empty)).toBe('Upload anyway — 1 file problem');
    expect(empty.looksLike).toBeNull();

    const rows = Array.from({ length: CSV_MAX_ROWS + 1 }, () => ({ name: 'Card name', bank: 'ENBD', network: 'Visa' }));
    const big = computePreview('cards', { fields: ['name', 'bank', 'network'], rows, errors: [] });
    expect(big.fileIssues).toBe(1);
    expect(big.issues[0].message).toMatch(/At most/);
  });

  it('notices a file meant for another target', () => {
    const p = previewCsvText('outlets', templateCsv('cards'));
    expect(p.looksLike).toBe('cards');
    expect(previewCsvText('cards', templateCsv('cards')).looksLike).toBeNull();
    expect(previewCsvText('outlets', 'title,colour\nx,y\n').looksLike).toBeNull();
  });

  it('caps the listed problems but counts them all', () => {
    const rows = Array.from({ length: 800 }, () => ({ name: '', bank: '', network: '' }));
    const p = computePreview('cards', { fields: ['name', 'bank', 'network'], rows, errors: [] });
    expect(p.issueCount).toBe(2400);
    expect(p.issues.length).toBe(500);
    expect(p.badRows).toBe(800);
    expect(uploadLabel(p)).toBe('Upload anyway — 800 rows look wrong');
  });
});
