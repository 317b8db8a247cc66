// Reading a CSV's text with papaparse into the preview (./preview.ts). Apart from the preview's
// rules so that papaparse comes only with a file to read (./parseFile.ts loads this on first
// use, the worker imports it): the import screen's state and commands, registered with the
// signed-in shell, import the preview's rules and would otherwise bring papaparse along.
import Papa from 'papaparse';
import type { CsvTarget } from '@contract/csv';
import { computePreview, type CsvPreview, type ParsedCsv } from './preview';

/** The server's parse settings (server/services/csvImport.ts): the same file reads the same. */
export const PARSE_CONFIG = {
  header: true,
  skipEmptyLines: 'greedy',
  transformHeader: (h: string) => h.trim().toLowerCase(),
} as const;

export function parseCsvText(text: string): ParsedCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { ...PARSE_CONFIG });
  return { fields: parsed.meta.fields ?? [], rows: parsed.data, errors: parsed.errors };
}

export const previewCsvText = (target: CsvTarget, text: string): CsvPreview =>
  computePreview(target, parseCsvText(text));
