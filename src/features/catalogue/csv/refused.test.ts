import { describe, expect, it } from 'vitest';
import { goodRowsLabel, refusedCsv } from './preview';
import { goodRows, refusedLines } from './state';

describe('the refused rows', () => {
  it("come back as the file's own columns and a reason, quoted as CSV", () => {
    const text = refusedCsv(
      ['title', 'discount', 'outlets'],
      [
        {
          row: 3,
          cells: { title: 'Dinner, for two', discount: '20%', outlets: '99999' },
          reason: 'outlets: No outlet with id 99999.',
        },
        { row: 7, cells: { title: 'Say "hi"', discount: '5%' }, reason: 'title: title must be 3–160 characters.' },
      ],
    );
    expect(text).toBe(
      [
        'title,discount,outlets,reason',
        '"Dinner, for two",20%,99999,outlets: No outlet with id 99999.',
        '"Say ""hi""",5%,,title: title must be 3–160 characters.',
        '',
      ].join('\n'),
    );
    // A file of no refused rows is its header alone.
    expect(refusedCsv(['name'], [])).toBe('name,reason\n');
  });

  it('the good rows: the preview’s, fewer once the server refused more lines', () => {
    const preview = { rowCount: 44, badRows: 3 };
    expect(goodRows({ preview, result: null })).toBe(41);
    expect(goodRowsLabel(41)).toBe('Import 41 good rows');
    expect(goodRowsLabel(1)).toBe('Import 1 good row');
    expect(goodRowsLabel(0)).toBe('No row can be imported');
    // Refused whole with five lines (and a header problem, which is no row).
    const refused = { success: false, invalid_data: [1, 2, 3, 3, 4, 5, 6].map((row) => ({ row })) };
    expect(refusedLines(refused.invalid_data)).toBe(5);
    expect(goodRows({ preview, result: refused })).toBe(39);
    // Imported: the answer no longer limits them.
    expect(goodRows({ preview, result: { success: true, invalid_data: [] } })).toBe(41);
    expect(goodRows({ preview: null, result: null })).toBe(0);
  });
});
