// CSV import (POST /admin/v1/add_csv): the columns each target expects and the per-row
// format rules. The browser runs the same rules to preview "rows that will fail and why"
// before anything is sent; the server runs them again and also resolves names to records.
// Which cells name records, and the words for a name it cannot resolve, are here too: the
// preview asks the server about the file's names (csv.checkNames) and says what the import
// would say.
import { CARD_STATUSES } from './constants';

export const CSV_TARGETS = ['offers', 'outlets', 'cards'] as const;
export type CsvTarget = (typeof CSV_TARGETS)[number];
export const CSV_MAX_ROWS = 20_000;
export const CSV_MAX_BYTES = 10 * 1024 * 1024;

export type CsvKind = 'text' | 'number' | 'date' | 'boolean' | 'list' | 'choice';
export interface CsvColumn {
  name: string;
  required: boolean;
  kind: CsvKind;
  max?: number;
  min?: number;
  choices?: readonly string[];
  /** What a person reads in the template and the preview. */
  help: string;
  example: string;
}

const col = (
  name: string,
  kind: CsvKind,
  required: boolean,
  help: string,
  example: string,
  extra: Partial<CsvColumn> = {},
): CsvColumn => ({ name, kind, required, help, example, ...extra });

/** The examples make each template's row; their names are the demo data's (server/db/seed), so a template passes its own check there. */
export const CSV_COLUMNS: Record<CsvTarget, CsvColumn[]> = {
  offers: [
    col('title', 'text', true, 'Offer title', '20% off your bill at Shake Shack', { min: 3, max: 160 }),
    col('discount', 'text', true, 'Short discount text', '20% off', { max: 60 }),
    col('valid_from', 'date', true, 'First day, YYYY-MM-DD', '2026-12-01'),
    col('valid_to', 'date', true, 'Last day, YYYY-MM-DD, not before valid_from', '2027-03-31'),
    col('description', 'text', false, 'Longer description', 'Valid on dine-in orders.', { max: 4000 }),
    col('terms', 'text', false, 'Terms and conditions', 'Not valid with other offers.', { max: 8000 }),
    col('category', 'text', false, 'Category name', 'Dining'),
    col(
      'cards',
      'list',
      false,
      'Card ids or exact card names, separated by |',
      'Skywards Infinite Credit Card|365 Cashback Credit Card',
    ),
    col('outlets', 'list', false, 'Outlet ids, separated by |', '12|15'),
    col('from_source', 'text', false, "Where it came from: 'manual' or a crawl source", 'manual', { max: 60 }),
  ],
  outlets: [
    col('merchant_name', 'text', true, 'Merchant name', 'Shake Shack', { min: 2, max: 120 }),
    col('branch', 'text', false, 'Branch (mall or street)', 'Dubai Mall', { max: 120 }),
    col('category', 'text', false, 'Category name', 'Dining'),
    col('area', 'text', false, 'Dubai area name', 'Downtown Dubai'),
    col('address', 'text', false, 'Street address', 'Financial Centre Rd', { max: 300 }),
    col('latitude', 'number', false, 'Latitude, -90 to 90', '25.1972', { min: -90, max: 90 }),
    col('longitude', 'number', false, 'Longitude, -180 to 180', '55.2796', { min: -180, max: 180 }),
    col('phone', 'text', false, 'Phone', '+971 4 123 4567', { max: 30 }),
  ],
  cards: [
    col('name', 'text', true, 'Card name', 'Skywards Infinite', { min: 2, max: 120 }),
    col('bank', 'text', true, 'Bank name or code', 'ENBD'),
    col('network', 'text', true, 'Network', 'Visa'),
    col('category', 'text', false, 'Benefit category name', 'Travel'),
    col('card_type', 'choice', false, 'credit, debit or prepaid', 'credit', {
      choices: ['credit', 'debit', 'prepaid'],
    }),
    col('annual_fee', 'number', false, 'Annual fee in AED', '1575', { min: 0, max: 1_000_000 }),
    col('status', 'choice', false, 'Discontinued or Not Discontinued', 'Not Discontinued', { choices: CARD_STATUSES }),
    col('display', 'boolean', false, 'Shown in the app: true or false', 'true'),
  ],
};

export interface CsvIssue {
  /** The line in the file: the header is line 1, the first record line 2. */
  row: number;
  column: string;
  message: string;
  value?: string;
}

export function checkHeader(target: CsvTarget, headers: string[]): CsvIssue[] {
  const have = new Set(headers.map((h) => h.trim().toLowerCase()));
  const issues: CsvIssue[] = [];
  for (const c of CSV_COLUMNS[target])
    if (c.required && !have.has(c.name))
      issues.push({ row: 1, column: c.name, message: `Missing required column "${c.name}".` });
  const known = new Set(CSV_COLUMNS[target].map((c) => c.name));
  for (const h of have)
    if (h && !known.has(h))
      issues.push({ row: 1, column: h, message: `Unknown column "${h}" (expected: ${[...known].join(', ')}).` });
  return issues;
}

/** Format rules of one record (no look-ups); `line` is its line in the file. */
export function checkRow(target: CsvTarget, row: Record<string, string | undefined>, line: number): CsvIssue[] {
  const issues: CsvIssue[] = [];
  const add = (column: string, message: string, value?: string) => issues.push({ row: line, column, message, value });
  for (const c of CSV_COLUMNS[target]) {
    const v = (row[c.name] ?? '').trim();
    if (!v) {
      if (c.required) add(c.name, `${c.name} is required.`);
      continue;
    }
    if (c.kind === 'text' && ((c.min && v.length < c.min) || (c.max && v.length > c.max)))
      add(c.name, `${c.name} must be ${c.min ?? 0}–${c.max} characters.`, v);
    if (c.kind === 'number') {
      const n = Number(v);
      if (!Number.isFinite(n)) add(c.name, `${c.name} must be a number.`, v);
      else if ((c.min !== undefined && n < c.min) || (c.max !== undefined && n > c.max))
        add(c.name, `${c.name} must be between ${c.min} and ${c.max}.`, v);
    }
    if (c.kind === 'date' && !isDate(v)) add(c.name, `${c.name} must be a date as YYYY-MM-DD.`, v);
    if (c.kind === 'boolean' && !/^(true|false|yes|no|1|0)$/i.test(v))
      add(c.name, `${c.name} must be true or false.`, v);
    if (c.kind === 'choice' && !c.choices!.some((x) => x.toLowerCase() === v.toLowerCase()))
      add(c.name, `${c.name} must be one of: ${c.choices!.join(', ')}.`, v);
  }
  if (target === 'offers') {
    const from = row.valid_from?.trim();
    const to = row.valid_to?.trim();
    if (from && to && isDate(from) && isDate(to) && to < from)
      add('valid_to', 'valid_to must be on or after valid_from.', to);
  }
  return issues;
}

/** The kinds of record a cell names, which the import resolves by name (or id, or code). */
export const CSV_LOOKUP_KINDS = ['bank', 'network', 'category', 'area', 'card', 'outlet'] as const;
export type CsvLookupKind = (typeof CSV_LOOKUP_KINDS)[number];

export interface CsvNameColumn {
  column: string;
  kind: CsvLookupKind;
  /** The cell holds a | separated list (splitList). */
  list: boolean;
}

/**
 * Per target, the cells that name records, in the order the import resolves a row's names
 * (server/services/csvImport.ts), so its problems on one line come in this order. The preview
 * gathers the same cells and asks the server about their names (csv.checkNames).
 */
export const CSV_NAME_COLUMNS: Record<CsvTarget, readonly CsvNameColumn[]> = {
  offers: [
    { column: 'category', kind: 'category', list: false },
    { column: 'cards', kind: 'card', list: true },
    { column: 'outlets', kind: 'outlet', list: true },
  ],
  outlets: [
    { column: 'category', kind: 'category', list: false },
    { column: 'area', kind: 'area', list: false },
  ],
  cards: [
    { column: 'bank', kind: 'bank', list: false },
    { column: 'network', kind: 'network', list: false },
    { column: 'category', kind: 'category', list: false },
  ],
};

/** csv.checkNames takes at most this many names of one kind, each at most CSV_NAME_MAX_LENGTH characters. */
export const CSV_NAMES_MAX = 20_000;
/** Longer than any name a record can have (names are at most 120 characters, contract/fields.ts). */
export const CSV_NAME_MAX_LENGTH = 200;

/** The names a cell holds as the import reads them: trimmed, a list split at |, blanks left out. */
export const namesIn = (c: CsvNameColumn, cell: string | undefined): string[] => {
  if (c.list) return splitList(cell);
  const v = cell?.trim();
  return v ? [v] : [];
};

/**
 * What the import says of a name (trimmed, as written) that resolves to `matches` distinct
 * records: none, or more than one; null when it names exactly one. The import and the
 * preview both word their problems here, so the two cannot drift.
 */
export function nameProblem(kind: CsvLookupKind, value: string, matches: number): string | null {
  // The outlets column takes ids alone; the cards column ids or names, and digits read as an id.
  if (matches === 0) return byId(kind, value) ? `No ${kind} with id ${value}.` : `No ${kind} named "${value}".`;
  if (matches > 1) return `"${value}" matches ${matches} ${kind}s; use its id.`;
  return null;
}

/** Whether the import looks a value of this kind up as an id: the outlets column takes ids alone. */
const byId = (kind: CsvLookupKind, value: string) => kind === 'outlet' || (kind === 'card' && /^\d+$/.test(value));

export const parseBoolean = (v: string) => /^(true|yes|1)$/i.test(v.trim());
export const splitList = (v: string | undefined) =>
  (v ?? '')
    .split('|')
    .map((x) => x.trim())
    .filter(Boolean);

function isDate(v: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A template file: the header and one example row. */
export function templateCsv(target: CsvTarget): string {
  const cols = CSV_COLUMNS[target];
  const cell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `${cols.map((c) => c.name).join(',')}\n${cols.map((c) => cell(c.example)).join(',')}\n`;
}

/** The add_csv answer (success, error, invalid_data, errors.message[0]). */
export interface CsvImportResult {
  success: boolean;
  message: string;
  error?: string;
  invalid_data: CsvIssue[];
  data?: { type: CsvTarget; imported: number };
  /** An import of the good rows alone (`valid_only`): the rows it left out, each with why. */
  refused?: CsvRefusedRow[];
}

/** A row an import left out: its line, its cells as written, and why, in words. */
export interface CsvRefusedRow {
  row: number;
  cells: Record<string, string>;
  reason: string;
}

/** A row's problems as one sentence for the `reason` column: 'outlets: No outlet with id 99999.' */
export const reasonOf = (issues: readonly CsvIssue[]) =>
  issues.map((i) => (i.column ? `${i.column}: ${i.message}` : i.message)).join(' ');
