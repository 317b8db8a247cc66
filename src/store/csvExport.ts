// Export a list to CSV: the selection, or everything the current search and filters match
// (fetched page by page, capped). Cells that a spreadsheet would run as a formula are defused.
import type { ListParams, ResourceClient } from '../api/resourceClient';
import { MAX_PER_PAGE } from '@contract/envelope';
import { dubaiDay } from '@contract/dubaiTime';
import { EXPORT_CAP } from '@contract/export';

export { EXPORT_CAP };

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/** Columns from the entity's fields, in their order (`version` is bookkeeping, left out). */
export function columnsOf<T>(keys: readonly string[]): CsvColumn<T>[] {
  return keys
    .filter((k) => k !== 'version')
    .map((k) => ({ header: k, value: (r: T) => (r as Record<string, unknown>)[k] }));
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell's text. Text starting with = + - @ (or a tab or carriage return) gets a leading '
 * so Excel, Numbers and Sheets show it instead of running it (CSV/formula injection).
 * Numbers stay numbers: -5 is a value, not a formula.
 */
export function csvCell(v: unknown): string | number | boolean {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  const text = Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export async function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse({
    fields: columns.map((c) => c.header),
    data: rows.map((r) => columns.map((c) => csvCell(c.value(r)))),
  });
}

interface FetchAllProgress {
  loaded: number;
  total: number;
}

/**
 * Every record a list query matches, page by page (the largest page the API allows), up to
 * `cap`. Returns the rows and the total the server reported (more than the rows when capped).
 */
export async function fetchAll<T>(
  client: ResourceClient<T>,
  params: Omit<ListParams, 'page' | 'per_page'>,
  opts: { cap?: number; perPage?: number; signal?: AbortSignal; onProgress?: (p: FetchAllProgress) => void } = {},
): Promise<{ rows: T[]; total: number }> {
  const cap = opts.cap ?? EXPORT_CAP;
  const perPage = opts.perPage ?? MAX_PER_PAGE;
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; rows.length < cap; page++) {
    const res = await client.list({ ...params, page, per_page: perPage }, { signal: opts.signal });
    total = res.pagination.total;
    rows.push(...res.data.slice(0, cap - rows.length));
    opts.onProgress?.({ loaded: rows.length, total: Math.min(total, cap) });
    if (res.data.length === 0 || page >= res.pagination.last_page) break;
  }
  return { rows, total };
}

/** Hand a CSV to the browser as a download. A BOM first, so Excel reads UTF-8 (Arabic names). */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'cards-2026-05-01.csv', the day Dubai's (contract/dubaiTime.ts): at 03:00 there it is not yet UTC's. */
export const csvFileName = (name: string, now = new Date()) => `${name}-${dubaiDay(now)}.csv`;
