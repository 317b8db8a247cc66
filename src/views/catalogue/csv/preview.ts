// The CSV preview: what the server will think of a file, worked out in the browser before
// anything is sent. Pure (no DOM), so the worker, the page and the tests share it, and it
// runs the same rules as the server (contract/csv.ts) in the same order.
import Papa from 'papaparse';
import { CSV_COLUMNS, CSV_MAX_ROWS, CSV_TARGETS, checkHeader, checkRow, type CsvIssue, type CsvTarget } from '../../../../contract/csv';

/** How many records the preview table shows. */
export const SAMPLE_ROWS = 20;
/** How many problems are listed (all are counted). */
export const MAX_LISTED_ISSUES = 500;

/** required/optional: expected and in the file; missing: required and absent; absent: optional and absent; unknown: not expected. */
export type ColumnStatus = 'required' | 'optional' | 'missing' | 'absent' | 'unknown';

export interface PreviewColumn {
  name: string;
  status: ColumnStatus;
  help: string;
}

export interface CsvPreview {
  target: CsvTarget;
  /** The header as the server reads it (trimmed, lower case), in file order. */
  fields: string[];
  /** The expected columns first (in the template's order), then the unknown ones. */
  columns: PreviewColumn[];
  rowCount: number;
  sample: Record<string, string>[];
  /** Sorted by line; at most MAX_LISTED_ISSUES. */
  issues: CsvIssue[];
  issueCount: number;
  /** Distinct record lines (not the header) with at least one problem. */
  badRows: number;
  /** Problems with the file as a whole: the header, unreadable, empty, too many rows. */
  fileIssues: number;
  /** The header does not fit this target but has every required column of another. */
  looksLike: CsvTarget | null;
}

/** The server's parse settings (server/services/csvImport.ts): the same file reads the same. */
export const PARSE_CONFIG = {
  header: true,
  skipEmptyLines: 'greedy',
  transformHeader: (h: string) => h.trim().toLowerCase(),
} as const;

export interface ParsedCsv {
  fields: string[];
  rows: Record<string, string>[];
  errors: { row?: number | null; code?: string; message: string }[];
}

export function parseCsvText(text: string): ParsedCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { ...PARSE_CONFIG });
  return { fields: parsed.meta.fields ?? [], rows: parsed.data, errors: parsed.errors };
}

export const previewCsvText = (target: CsvTarget, text: string): CsvPreview => computePreview(target, parseCsvText(text));

/** The preview of parsed rows: columns against the expected ones, the first rows, every problem. */
export function computePreview(target: CsvTarget, { fields, rows, errors }: ParsedCsv): CsvPreview {
  const expected = CSV_COLUMNS[target];
  const have = new Set(fields.map((f) => f.trim().toLowerCase()).filter(Boolean));
  const known = new Set(expected.map((c) => c.name));
  const headerIssues = checkHeader(target, fields);

  const columns: PreviewColumn[] = [
    ...expected.map((c) => ({
      name: c.name,
      status: (have.has(c.name) ? (c.required ? 'required' : 'optional') : c.required ? 'missing' : 'absent') as ColumnStatus,
      help: c.help,
    })),
    ...[...have]
      .filter((h) => !known.has(h))
      .map((h) => ({ name: h, status: 'unknown' as const, help: 'Not a column of this import; the server refuses files with unknown columns.' })),
  ];

  // As the server: file-level problems first (it stops there), then every record.
  const fileLevel: CsvIssue[] = [...headerIssues];
  for (const e of errors.filter((x) => x.code !== 'UndetectableDelimiter').slice(0, 50)) {
    fileLevel.push({ row: (e.row ?? 0) + 2, column: '', message: `Unreadable CSV: ${e.message}.` });
  }
  if (!rows.length && !fileLevel.length) fileLevel.push({ row: 2, column: '', message: 'The file has no rows.' });
  if (rows.length > CSV_MAX_ROWS) fileLevel.push({ row: CSV_MAX_ROWS + 2, column: '', message: `At most ${CSV_MAX_ROWS} rows per file.` });

  const rowIssues: CsvIssue[] = [];
  rows.forEach((row, i) => rowIssues.push(...checkRow(target, row, i + 2)));

  const all = [...fileLevel, ...rowIssues].sort((a, b) => a.row - b.row);
  const badLines = new Set(rowIssues.map((i) => i.row));
  return {
    target,
    fields: fields.map((f) => f.trim().toLowerCase()),
    columns,
    rowCount: rows.length,
    sample: rows.slice(0, SAMPLE_ROWS),
    issues: all.slice(0, MAX_LISTED_ISSUES),
    issueCount: all.length,
    badRows: badLines.size,
    fileIssues: fileLevel.length,
    looksLike: headerIssues.length ? (CSV_TARGETS.find((t) => t !== target && fitsHeader(t, have)) ?? null) : null,
  };
}

const fitsHeader = (target: CsvTarget, have: Set<string>) =>
  CSV_COLUMNS[target].every((c) => !c.required || have.has(c.name)) && [...have].every((h) => CSV_COLUMNS[target].some((c) => c.name === h));

/** The upload button's words: plain when the preview is clean, honest when it is not. */
export function uploadLabel(p: Pick<CsvPreview, 'target' | 'rowCount' | 'badRows' | 'fileIssues'>): string {
  if (p.badRows === 0 && p.fileIssues === 0) return `Upload ${p.rowCount.toLocaleString('en')} ${p.rowCount === 1 ? singular(p.target) : p.target}`;
  const parts: string[] = [];
  if (p.fileIssues > 0) parts.push(`${p.fileIssues} file ${p.fileIssues === 1 ? 'problem' : 'problems'}`);
  if (p.badRows > 0) parts.push(`${p.badRows.toLocaleString('en')} ${p.badRows === 1 ? 'row looks' : 'rows look'} wrong`);
  return `Upload anyway — ${parts.join(', ')}`;
}

export const singular = (t: CsvTarget) => t.replace(/s$/, '');

/** Cells with a problem, for marking them in the preview table: "line:column" → messages. */
export function issuesByCell(issues: readonly CsvIssue[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const i of issues) {
    const k = `${i.row}:${i.column}`;
    m.set(k, [...(m.get(k) ?? []), i.message]);
  }
  return m;
}

/** "1.2 MB", "830 KB", "120 bytes". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${Number((n / 1024 / 1024).toFixed(1))} MB`;
}
