import { describe, expect, it } from 'vitest';
import { cardResource } from '@contract/card';
import { categoryResource } from '@contract/category';
import { offerResource } from '@contract/offer';
import { userResource } from '@contract/user';
import { cellSpec, fieldOfColumn, parseCell, parseTsv, pastedColumn, type CellSpec } from './cellFields';
import { booleanFilter, enumFilter, refFilter } from './filters';

const categories = [
  { value: '1', label: 'Dining' },
  { value: '2', label: 'Travel' },
];
const categoryFilter = refFilter('category', 'Category', 'All categories', async () => categories);
const col = (key: string, label = key, field?: string) => ({ key, label, field });

describe('which columns are editable: the contract says', () => {
  it.each<[string, string | null]>([
    ['title', 'title'],
    ['discount', 'discount'],
    ['valid_to', 'valid_to'],
    // The name a reference shows is edited through the reference.
    ['category_name', 'category_id'],
    // Computed, lists of links, or no field of the update at all.
    ['state', null],
    ['bank_names', null],
    ['merchant_names', null],
    ['cards', null],
    ['created_at', null],
  ])('offers: %s → %s', (key, field) => expect(fieldOfColumn(offerResource, col(key))).toBe(field));

  it('takes a field the column names, only when the update takes it', () => {
    expect(fieldOfColumn(cardResource, col('network_type', 'Network', 'network_id'))).toBe('network_id');
    expect(fieldOfColumn(cardResource, col('network_type'))).toBeNull();
    expect(fieldOfColumn(cardResource, col('image'))).toBeNull(); // a file
    expect(fieldOfColumn(userResource, col('password'))).toBeNull(); // write-only: no record shows it
    expect(fieldOfColumn(offerResource, col('anything', 'Anything', 'card_ids'))).toBeNull(); // a list of links
  });
});

describe('the editor comes from the field’s schema', () => {
  const kind = (spec: CellSpec | null) =>
    spec && { kind: spec.kind, field: spec.field, nullable: spec.nullable, valueType: spec.valueType };

  it('text, a date, a number', () => {
    expect(kind(cellSpec(offerResource, col('title', 'Title')))).toEqual({
      kind: 'text',
      field: 'title',
      nullable: false,
      valueType: 'string',
    });
    expect(kind(cellSpec(offerResource, col('valid_to', 'Valid to')))).toEqual({
      kind: 'date',
      field: 'valid_to',
      nullable: false,
      valueType: 'string',
    });
    expect(kind(cellSpec(cardResource, col('annual_fee', 'Annual fee')))).toEqual({
      kind: 'number',
      field: 'annual_fee',
      nullable: false,
      valueType: 'number',
    });
    expect(kind(cellSpec(categoryResource, col('description')))).toMatchObject({ kind: 'text', nullable: true });
  });

  it('a reference: the records of the screen’s filter of that name, the name it shows beside it; without such a filter, read-only', () => {
    const spec = cellSpec(offerResource, col('category_name', 'Category'), [categoryFilter])!;
    expect(spec).toMatchObject({
      kind: 'choice',
      field: 'category_id',
      nullable: true,
      valueType: 'number',
      shows: 'category_name',
      choices: categoryFilter.options,
    });
    expect(cellSpec(offerResource, col('category_name', 'Category'))).toBeNull();
    const network = cellSpec(cardResource, col('network_type', 'Network', 'network_id'), [
      refFilter('network', 'Network', 'All', async () => []),
    ]);
    expect(network).toMatchObject({ kind: 'choice', field: 'network_id', shows: 'network_type' });
  });

  it('an enum: its filter’s words, else its own values', () => {
    const labelled = cellSpec(userResource, col('role', 'Role'), [
      enumFilter('role', 'Role', 'All roles', ['admin', 'user'], (v) => (v === 'admin' ? 'Administrator' : 'App user')),
    ]);
    expect(labelled).toMatchObject({
      kind: 'choice',
      valueType: 'string',
      choices: [
        { value: 'admin', label: 'Administrator' },
        { value: 'user', label: 'App user' },
      ],
    });
    expect(cellSpec(cardResource, col('card_type', 'Type'))).toMatchObject({
      kind: 'choice',
      choices: [{ value: 'credit' }, { value: 'debit' }, { value: 'prepaid' }],
    });
  });

  it('yes or no: the filter’s words when the screen has one', () => {
    expect(
      cellSpec(cardResource, col('display', 'In the app'), [
        booleanFilter('display', 'Display', 'Any', 'Shown in the app', 'Hidden from the app'),
      ]),
    ).toMatchObject({
      kind: 'boolean',
      valueType: 'boolean',
      choices: [
        { value: 'true', label: 'Shown in the app' },
        { value: 'false', label: 'Hidden from the app' },
      ],
    });
    expect(cellSpec(categoryResource, col('is_active', 'Active'))).toMatchObject({
      kind: 'boolean',
      choices: [{ label: 'Yes' }, { label: 'No' }],
    });
  });
});

describe('what a typed or pasted text means', () => {
  const spec = (key: string, label: string, resource = offerResource) =>
    cellSpec(resource, col(key, label), [categoryFilter])!;

  it('a choice by its name, case and spaces aside; a name that is none is refused, naming it', () => {
    expect(parseCell(spec('category_name', 'Category'), '  travel ', categories)).toEqual({
      ok: true,
      value: 2,
      label: 'Travel',
    });
    expect(parseCell(spec('category_name', 'Category'), 'Dinning', categories)).toEqual({
      ok: false,
      error: '“Dinning” is no category.',
    });
    // Nullable: empty is none.
    expect(parseCell(spec('category_name', 'Category'), '', categories)).toEqual({ ok: true, value: null, label: '' });
  });

  it('dates as YYYY-MM-DD, real ones only', () => {
    const s = spec('valid_to', 'Valid to');
    expect(parseCell(s, '2026-02-28')).toMatchObject({ ok: true, value: '2026-02-28' });
    expect(parseCell(s, '2026-02-30')).toEqual({
      ok: false,
      error: 'Valid to is a date written YYYY-MM-DD: “2026-02-30” is not one.',
    });
    expect(parseCell(s, '28/02/2026').ok).toBe(false);
  });

  it('numbers with thousands separators; yes/no in several words', () => {
    const fee = cellSpec(cardResource, col('annual_fee', 'Annual fee'))!;
    expect(parseCell(fee, '1,250')).toMatchObject({ ok: true, value: 1250 });
    expect(parseCell(fee, 'free').ok).toBe(false);
    const active = cellSpec(categoryResource, col('is_active', 'Active'))!;
    const yesNo = active.choices as { value: string; label: string }[];
    for (const yes of ['Yes', 'y', 'TRUE', '1'])
      expect(parseCell(active, yes, yesNo)).toMatchObject({ ok: true, value: true });
    for (const no of ['no', 'N', 'false', '0'])
      expect(parseCell(active, no, yesNo)).toMatchObject({ ok: true, value: false });
  });

  it('text as typed', () => {
    expect(parseCell(spec('title', 'Title'), ' Spaced ')).toEqual({ ok: true, value: ' Spaced ', label: ' Spaced ' });
  });
});

describe('a column pasted from a spreadsheet', () => {
  it('one line a row; the copy’s last line break is no row; Windows line breaks too', () => {
    expect(pastedColumn('Dining\nTravel\n')).toEqual({ ok: true, lines: ['Dining', 'Travel'] });
    expect(pastedColumn('Dining\r\nTravel\r\n')).toEqual({ ok: true, lines: ['Dining', 'Travel'] });
    expect(pastedColumn('Dining')).toEqual({ ok: true, lines: ['Dining'] });
    // An empty cell in the middle is a row with nothing in it.
    expect(pastedColumn('Dining\n\nTravel')).toEqual({ ok: true, lines: ['Dining', '', 'Travel'] });
  });

  it('a quoted cell keeps its line break, tab and quotes', () => {
    expect(parseTsv('"Two\nlines"\n"a ""quote"""\n"tab\there"\n')).toEqual([
      ['Two\nlines'],
      ['a "quote"'],
      ['tab\there'],
    ]);
    // A quote inside a cell that does not start with one is text.
    expect(parseTsv('5" screen\n')).toEqual([['5" screen']]);
  });

  it('refuses more than one column, naming the line, and an empty clipboard', () => {
    expect(pastedColumn('Dining\nTravel\tExtra\n')).toEqual({
      ok: false,
      error: 'Copy one column: line 2 has 2 cells.',
    });
    expect(pastedColumn('')).toMatchObject({ ok: false });
  });
});
