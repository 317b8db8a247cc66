// The CSV preview: what the server will think of a file, worked out in the browser before
// anything is sent. Pure (no DOM), so the worker, the page and the tests share it, and it
// runs the same rules as the server (contract/csv.ts) in the same order. The names the
// server resolves to records (categories, banks, cards…) are gathered here with the lines
// they are used on; the screen asks the server about them (csv.checkNames) and merges its
// answer in with `mergeNameAnswer`, worded by the import's own `nameProblem`. Reading the
// text (papaparse) is ./parseText.ts, fetched with a file: the screen's commands import this.
import {
  CSV_COLUMNS,
  CSV_LOOKUP_KINDS,
  CSV_MAX_ROWS,
  CSV_NAME_COLUMNS,
  CSV_NAME_MAX_LENGTH,
  CSV_NAMES_MAX,
  CSV_TARGETS,
  checkHeader,
  checkRow,
  nameProblem,
  namesIn,
  type CsvIssue,
  type CsvLookupKind,
  type CsvRefusedRow,
  type CsvTarget,
} from '@contract/csv';
import type { CsvNamesResult } from '@contract/csvImport';
import { formatNumber } from '@/lib/format';

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
  /** The names of records the file's cells give, for the server to check. */
  names: CsvNameUses;
}

/**
 * The names a file gives in the cells the server resolves to records (CSV_NAME_COLUMNS), and
 * every place one is used. Only distinct names and typed arrays: a worker hands them over
 * without copying, and 100,000 rows stay cheap for the page.
 */
export interface CsvNameUses {
  /** Distinct per column, trimmed as written, in order of first use. */
  names: { kind: CsvLookupKind; column: string; value: string }[];
  /**
   * Every use, in the import's order: line by line, and on a line its name columns in
   * CSV_NAME_COLUMNS' order, a list left to right. `use[i]` is the name (an index into
   * `names`), `line[i]` its line in the file, and `formatBad[i]` 1 when that line has a format
   * problem already (so it is among `badRows`).
   */
  use: Int32Array;
  line: Int32Array;
  formatBad: Uint8Array;
}

/** A file as papaparse read it (./parseText.ts). */
export interface ParsedCsv {
  fields: string[];
  rows: Record<string, string>[];
  errors: { row?: number | null; code?: string; message: string }[];
}

/** The preview of parsed rows: columns against the expected ones, the first rows, every problem. */
export function computePreview(target: CsvTarget, { fields, rows, errors }: ParsedCsv): CsvPreview {
  const expected = CSV_COLUMNS[target];
  const have = new Set(fields.map((f) => f.trim().toLowerCase()).filter(Boolean));
  const known = new Set(expected.map((c) => c.name));
  const headerIssues = checkHeader(target, fields);

  const columns: PreviewColumn[] = [
    ...expected.map((c) => ({
      name: c.name,
      status: (have.has(c.name)
        ? c.required
          ? 'required'
          : 'optional'
        : c.required
          ? 'missing'
          : 'absent') as ColumnStatus,
      help: c.help,
    })),
    ...[...have]
      .filter((h) => !known.has(h))
      .map((h) => ({
        name: h,
        status: 'unknown' as const,
        help: 'Not a column of this import; the server refuses files with unknown columns.',
      })),
  ];

  // As the server: file-level problems first (it stops there), then every record.
  const fileLevel: CsvIssue[] = [...headerIssues];
  for (const e of errors.filter((x) => x.code !== 'UndetectableDelimiter').slice(0, 50)) {
    fileLevel.push({ row: (e.row ?? 0) + 2, column: '', message: `Unreadable CSV: ${e.message}.` });
  }
  if (!rows.length && !fileLevel.length) fileLevel.push({ row: 2, column: '', message: 'The file has no rows.' });
  if (rows.length > CSV_MAX_ROWS)
    fileLevel.push({ row: CSV_MAX_ROWS + 2, column: '', message: `At most ${CSV_MAX_ROWS} rows per file.` });

  const rowIssues: CsvIssue[] = [];
  const names = nameGatherer(target);
  rows.forEach((row, i) => {
    const found = checkRow(target, row, i + 2);
    if (found.length) rowIssues.push(...found);
    names.add(row, i + 2, found.length > 0);
  });

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
    names: names.done(),
  };
}

/** Collects the names of the target's name columns row by row (CsvNameUses). */
function nameGatherer(target: CsvTarget) {
  const columns = CSV_NAME_COLUMNS[target];
  const names: CsvNameUses['names'] = [];
  // Per column: a name's index by its value, and the names of a cell by its text (files
  // repeat their cells: each distinct one is split and trimmed once).
  const byValue = columns.map(() => new Map<string, number>());
  const byCell = columns.map(() => new Map<string, number[]>());
  const use: number[] = [];
  const line: number[] = [];
  const formatBad: number[] = [];
  const namesOf = (ci: number, cell: string) =>
    namesIn(columns[ci], cell).map((value) => {
      let n = byValue[ci].get(value);
      if (n === undefined) {
        n = names.push({ kind: columns[ci].kind, column: columns[ci].column, value }) - 1;
        byValue[ci].set(value, n);
      }
      return n;
    });
  return {
    add(row: Record<string, string | undefined>, at: number, bad: boolean) {
      for (let ci = 0; ci < columns.length; ci++) {
        const cell = row[columns[ci].column];
        if (!cell) continue;
        let found = byCell[ci].get(cell);
        if (!found) byCell[ci].set(cell, (found = namesOf(ci, cell)));
        for (const n of found) {
          use.push(n);
          line.push(at);
          formatBad.push(bad ? 1 : 0);
        }
      }
    },
    done: (): CsvNameUses => ({
      names,
      use: Int32Array.from(use),
      line: Int32Array.from(line),
      formatBad: Uint8Array.from(formatBad),
    }),
  };
}

/** What csv.checkNames takes. */
export type NamesQuestion = Partial<Record<CsvLookupKind, string[]>>;
/** What it answers. */
export type NamesAnswer = CsvNamesResult['data'];

/**
 * The body of csv.checkNames: per kind, the distinct names (a name longer than
 * CSV_NAME_MAX_LENGTH is left out: no record has one, so it is unknown without asking).
 * null when the file names no record at all, 'too many' past the call's bound.
 */
export function namesQuestion(uses: CsvNameUses): NamesQuestion | null | 'too many' {
  const byKind = new Map<CsvLookupKind, Set<string>>();
  for (const n of uses.names) {
    if (n.value.length > CSV_NAME_MAX_LENGTH) continue;
    const set = byKind.get(n.kind) ?? new Set<string>();
    byKind.set(n.kind, set.add(n.value));
  }
  if (!uses.names.length) return null;
  if ([...byKind.values()].some((s) => s.size > CSV_NAMES_MAX)) return 'too many';
  return Object.fromEntries([...byKind].map(([k, s]) => [k, [...s]]));
}

/**
 * The preview with the server's answer about its names merged in: every use of a name the
 * import would refuse is a problem on its line and column, worded by `nameProblem` as the
 * import words it, listed after the line's format problems as the import lists them. Bad
 * rows stay distinct lines: a line with a format and a name problem counts once.
 */
export function mergeNameAnswer(p: CsvPreview, answer: NamesAnswer): CsvPreview {
  const matches = new Map<CsvLookupKind, Map<string, number>>(CSV_LOOKUP_KINDS.map((k) => [k, new Map()]));
  for (const k of CSV_LOOKUP_KINDS) {
    for (const v of answer[k]?.unknown ?? []) matches.get(k)!.set(v, 0);
    for (const a of answer[k]?.ambiguous ?? []) matches.get(k)!.set(a.name, a.matches);
  }
  const { names, use, line, formatBad } = p.names;
  const problems = names.map((n) => {
    const m = n.value.length > CSV_NAME_MAX_LENGTH ? 0 : matches.get(n.kind)!.get(n.value);
    return m === undefined ? null : nameProblem(n.kind, n.value, m);
  });
  if (!problems.some(Boolean)) return p;

  const found: CsvIssue[] = [];
  let count = 0;
  let newBad = 0;
  let lastBad = 0;
  for (let i = 0; i < use.length; i++) {
    const message = problems[use[i]];
    if (!message) continue;
    count++;
    if (found.length < MAX_LISTED_ISSUES)
      found.push({ row: line[i], column: names[use[i]].column, message, value: names[use[i]].value });
    // Uses come line by line, so a line is new to the bad rows the first time it is met here.
    if (!formatBad[i] && line[i] !== lastBad) {
      newBad++;
      lastBad = line[i];
    }
  }

  // Both lists are sorted by line; on a line the format problems come first, as the import's.
  // The first MAX_LISTED_ISSUES of both never reach past what p.issues lists.
  const issues: CsvIssue[] = [];
  for (let a = 0, b = 0; issues.length < MAX_LISTED_ISSUES && (a < p.issues.length || b < found.length);) {
    if (b >= found.length || (a < p.issues.length && p.issues[a].row <= found[b].row)) issues.push(p.issues[a++]);
    else issues.push(found[b++]);
  }
  return { ...p, issues, issueCount: p.issueCount + count, badRows: p.badRows + newBad };
}

const fitsHeader = (target: CsvTarget, have: Set<string>) =>
  CSV_COLUMNS[target].every((c) => !c.required || have.has(c.name)) &&
  [...have].every((h) => CSV_COLUMNS[target].some((c) => c.name === h));

/**
 * The upload button's words: plain when the preview is clean; with rows that look wrong, the
 * import of the others (the upload then asks for the good rows alone: csv.upload).
 */
export function uploadLabel(p: Pick<CsvPreview, 'target' | 'rowCount' | 'badRows' | 'fileIssues'>): string {
  if (p.fileIssues > 0) return `No upload — ${p.fileIssues} file ${p.fileIssues === 1 ? 'problem' : 'problems'}`;
  if (p.badRows === 0) return `Upload ${formatNumber(p.rowCount)} ${p.rowCount === 1 ? singular(p.target) : p.target}`;
  return goodRowsLabel(p.rowCount - p.badRows);
}

/** 'Import 41 good rows' (none: says so). */
export const goodRowsLabel = (good: number) =>
  good > 0 ? `Import ${formatNumber(good)} good ${good === 1 ? 'row' : 'rows'}` : 'No row can be imported';

/**
 * The rows an import left out as a CSV file to fix and import again: the file's own columns
 * (`fields`, in its order) and a `reason` last.
 */
export function refusedCsv(fields: readonly string[], refused: readonly CsvRefusedRow[]): string {
  const cell = (s: string) => (/[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const columns = [...fields.filter((f) => f && f !== 'reason'), 'reason'];
  const lines = refused.map((r) => columns.map((c) => cell(c === 'reason' ? r.reason : (r.cells[c] ?? ''))).join(','));
  return `${columns.map(cell).join(',')}\n${lines.map((l) => `${l}\n`).join('')}`;
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
