import { describe, expect, it } from 'vitest';
import type { ListParams, ResourceClient } from '../api/resourceClient';
import { columnsOf, csvCell, csvFileName, fetchAll, toCsv } from './csvExport';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['+971 4 000', `'+971 4 000`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
    ['Emirates NBD', 'Emirates NBD'],
    ['a=b', 'a=b'],
  ])('%j → %j', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it('keeps numbers and booleans, empties null, joins arrays', () => {
    expect(csvCell(-5)).toBe(-5);
    expect(csvCell(false)).toBe(false);
    expect(csvCell(null)).toBe('');
    expect(csvCell([1, 2, 3])).toBe('1, 2, 3');
  });
});

describe('toCsv', () => {
  it('writes a header and quoted rows, defused', async () => {
    const rows = [
      { id: 1, name: 'Visa, "Platinum"', fee: 0, version: 3 },
      { id: 2, name: '=1+1', fee: -1, version: 1 },
    ];
    const csv = await toCsv(rows, columnsOf<(typeof rows)[number]>(['id', 'name', 'fee', 'version']));
    expect(csv.split('\r\n')).toEqual(['id,name,fee', '1,"Visa, ""Platinum""",0', "2,'=1+1,-1"]);
  });
});

describe('fetchAll', () => {
  const client = (total: number) => {
    const calls: ListParams[] = [];
    const c = {
      async list(p: ListParams) {
        calls.push(p);
        const per = p.per_page!;
        const from = (p.page! - 1) * per;
        const data = Array.from({ length: Math.max(0, Math.min(per, total - from)) }, (_, i) => ({ id: from + i + 1 }));
        return {
          data,
          pagination: {
            page: p.page!,
            per_page: per,
            current_page: p.page!,
            total,
            first_page: 1,
            last_page: Math.max(1, Math.ceil(total / per)),
            from: from + 1,
            to: from + data.length,
          },
        };
      },
    } as unknown as ResourceClient<{ id: number }>;
    return { c, calls };
  };

  it('fetches page after page with the same filters, reporting progress', async () => {
    const { c, calls } = client(1200);
    const seen: number[] = [];
    const { rows, total } = await fetchAll(
      c,
      { query: 'x', filters: { bank: '2' } },
      { onProgress: (p) => seen.push(p.loaded) },
    );
    expect(rows).toHaveLength(1200);
    expect(total).toBe(1200);
    expect(calls.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(calls[0]).toMatchObject({ query: 'x', filters: { bank: '2' }, per_page: 500 });
    expect(seen).toEqual([500, 1000, 1200]);
  });

  it('stops at the cap', async () => {
    const { c, calls } = client(5000);
    const { rows, total } = await fetchAll(c, {}, { cap: 1200 });
    expect(rows).toHaveLength(1200);
    expect(total).toBe(5000);
    expect(calls).toHaveLength(3);
  });
});

describe('csvFileName', () => {
  it("is dated with Dubai's day (contract/dubaiTime.ts), not UTC's", () => {
    // 00:30 in Dubai is 20:30 UTC of the day before; 23:30 in Dubai is 19:30 UTC, same day.
    expect(csvFileName('offers', new Date('2026-11-27T20:30:00Z'))).toBe('offers-2026-11-28.csv');
    expect(csvFileName('offers', new Date('2026-11-28T19:30:00Z'))).toBe('offers-2026-11-28.csv');
  });
});
