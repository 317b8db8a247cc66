import { describe, expect, it } from 'vitest';
import { CSV_MAX_ROWS, templateCsv } from '@contract/csv';
import {
  computePreview,
  issuesByCell,
  MAX_LISTED_ISSUES,
  mergeNameAnswer,
  namesQuestion,
  SAMPLE_ROWS,
  uploadLabel,
  type NamesAnswer,
} from './preview';
import { previewCsvText } from './parseText';

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
    expect(status).toMatchObject({
      title: 'required',
      discount: 'required',
      valid_to: 'missing',
      cards: 'optional',
      terms: 'absent',
      colour: 'unknown',
    });
    expect(p.columns.find((c) => c.name === 'valid_to')!.help).toMatch(/YYYY-MM-DD/);
    expect(p.fields).toEqual(['title', 'discount', 'valid_from', 'cards', 'colour']);
    // the header problems are file problems on line 1, listed first
    expect(p.fileIssues).toBe(2);
    expect(p.issues.slice(0, 2).map((i) => [i.row, i.column])).toEqual([
      [1, 'valid_to'],
      [1, 'colour'],
    ]);
  });

  it('lists the rows that will fail with their file line, and counts them', () => {
    const text = [
      'title,discount,valid_from,valid_to',
      offerLine(1),
      offerLine(2, '2026-03-01', '2026-01-01'),
      'x,,2026-01-01,2026-13-01',
      offerLine(4),
    ].join('\n');
    const p = previewCsvText('offers', text);
    expect(p.rowCount).toBe(4);
    expect(p.badRows).toBe(2);
    expect(p.fileIssues).toBe(0);
    expect(p.issues.map((i) => `${i.row}:${i.column}`)).toEqual(['3:valid_to', '4:title', '4:discount', '4:valid_to']);
    expect(uploadLabel(p)).toBe('Import 2 good rows');
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
    expect(uploadLabel(empty)).toBe('No upload — 1 file problem');
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
    expect(uploadLabel(p)).toBe('No row can be imported');
  });
});

/** An answer of csv.checkNames: every kind, the given ones filled in. */
const answerOf = (a: { [K in keyof NamesAnswer]?: Partial<NamesAnswer[K]> }): NamesAnswer =>
  Object.fromEntries(
    (['bank', 'network', 'category', 'area', 'card', 'outlet'] as const).map((k) => [
      k,
      { unknown: [], ambiguous: [], ...a[k] },
    ]),
  ) as NamesAnswer;

describe('the names the server resolves', () => {
  const header = 'title,discount,valid_from,valid_to,category,cards,outlets';
  const text = [
    header,
    'Offer one,10%,2026-01-01,2026-02-01,Dining,Platinum| Skywards ,12', // line 2: an ambiguous card
    'x,10%,2026-01-01,2026-02-01, Dinning ,,', // line 3: a format problem and an unknown category
    'Offer three,10%,2026-01-01,2026-02-01,Dining,Gold|Nope|Gold,99', // line 4: an unknown card twice, an unknown outlet
    'Offer four,10%,2026-01-01,2026-02-01,,,', // line 5: clean, no names
  ].join('\n');

  it("gathers each distinct name per column, trimmed, with every line it is used on, in the import's order", () => {
    const p = previewCsvText('offers', text);
    expect(p.names.names.map((n) => `${n.kind}:${n.column}:${n.value}`)).toEqual([
      'category:category:Dining',
      'card:cards:Platinum',
      'card:cards:Skywards',
      'outlet:outlets:12',
      'category:category:Dinning',
      'card:cards:Gold',
      'card:cards:Nope',
      'outlet:outlets:99',
    ]);
    const uses = [...p.names.use].map((u, i) => `${p.names.line[i]}:${p.names.names[u].value}:${p.names.formatBad[i]}`);
    expect(uses).toEqual([
      '2:Dining:0',
      '2:Platinum:0',
      '2:Skywards:0',
      '2:12:0',
      '3:Dinning:1',
      '4:Dining:0',
      '4:Gold:0',
      '4:Nope:0',
      '4:Gold:0',
      '4:99:0',
    ]);
    expect(namesQuestion(p.names)).toEqual({
      category: ['Dining', 'Dinning'],
      card: ['Platinum', 'Skywards', 'Gold', 'Nope'],
      outlet: ['12', '99'],
    });
    expect(namesQuestion(previewCsvText('offers', `${header}\nOffer,1%,2026-01-01,2026-02-01,,,\n`).names)).toBeNull();
  });

  it("merges the answer: the import's words, line and column; bad rows are distinct lines", () => {
    const p = previewCsvText('offers', text);
    expect(p.badRows).toBe(1);
    const merged = mergeNameAnswer(
      p,
      answerOf({
        category: { unknown: ['Dinning'] },
        card: { unknown: ['Nope', 'Gold'], ambiguous: [{ name: 'Platinum', matches: 2 }] },
        outlet: { unknown: ['99'] },
      }),
    );
    expect(merged.issues).toEqual([
      { row: 2, column: 'cards', message: '"Platinum" matches 2 cards; use its id.', value: 'Platinum' },
      { row: 3, column: 'title', message: 'title must be 3–160 characters.', value: 'x' },
      { row: 3, column: 'category', message: 'No category named "Dinning".', value: 'Dinning' },
      { row: 4, column: 'cards', message: 'No card named "Gold".', value: 'Gold' },
      { row: 4, column: 'cards', message: 'No card named "Nope".', value: 'Nope' },
      { row: 4, column: 'cards', message: 'No card named "Gold".', value: 'Gold' },
      { row: 4, column: 'outlets', message: 'No outlet with id 99.', value: '99' },
    ]);
    expect(merged.issueCount).toBe(7);
    // lines 2, 3 and 4: line 3 had its format problem already and counts once
    expect(merged.badRows).toBe(3);
    expect(uploadLabel(merged)).toBe(
      `Import ${merged.rowCount - 3} good ${merged.rowCount - 3 === 1 ? 'row' : 'rows'}`,
    );
    expect(issuesByCell(merged.issues).get('3:category')).toEqual(['No category named "Dinning".']);
    // The local preview is left as it was; an answer with nothing wrong changes nothing.
    expect(p.issueCount).toBe(1);
    expect(mergeNameAnswer(p, answerOf({}))).toBe(p);
  });

  it('counts every use but lists the first problems only, in line order with the format ones', () => {
    // Of every 4 lines: clean, no name (a format problem), no name and an unknown bank, an unknown bank.
    const lines = Array.from(
      { length: 800 },
      (_, i) => [`Card ${i},Visa,Known`, ',Visa,Known', ',Visa,Nowhere', `Card ${i},Visa,Nowhere`][i % 4],
    );
    const p = previewCsvText('cards', `name,network,bank\n${lines.join('\n')}\n`);
    expect(p.badRows).toBe(400);
    const merged = mergeNameAnswer(p, answerOf({ bank: { unknown: ['Nowhere'] } }));
    expect(merged.issueCount).toBe(800);
    expect(merged.badRows).toBe(600);
    expect(merged.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(merged.issues.slice(0, 4).map((i) => `${i.row}:${i.column}`)).toEqual([
      '3:name',
      '4:name',
      '4:bank',
      '5:bank',
    ]);
    expect(merged.issues.every((i, n) => n === 0 || merged.issues[n - 1].row <= i.row)).toBe(true);
  });

  it("a name longer than any record's is not asked about, and is unknown", () => {
    const long = 'L'.repeat(201);
    const p = previewCsvText('outlets', `merchant_name,area\nShake Shack,${long}\nShake Shack,Deira\n`);
    expect(namesQuestion(p.names)).toEqual({ area: ['Deira'] });
    const merged = mergeNameAnswer(p, answerOf({}));
    expect(merged.issues).toEqual([{ row: 2, column: 'area', message: `No area named "${long}".`, value: long }]);
  });
});
