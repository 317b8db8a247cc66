// The import screen's state: the chosen file, its preview, the upload and the server's answer.
// Commands (upload, choose file) and the screen both read and write it.
import { proxy, ref } from 'valtio';
import type { CsvImportResult, CsvTarget } from '@contract/csv';
import { checkCsvNames } from '@contract/csvImport';
import { call } from '@/api/call';
import { mergeNameAnswer, namesQuestion, type CsvPreview } from './preview';

/**
 * The server's check of the names the file gives (csv.checkNames), after the local preview:
 * none: the file names no record; checking; checked: merged into the preview; failed: the
 * call failed (the upload still checks them); too many: more names than the call takes.
 */
export type NamesCheck = 'none' | 'checking' | 'checked' | 'failed' | 'too many';

export const csvImport = proxy({
  target: 'offers' as CsvTarget,
  file: null as File | null,
  reading: false,
  readError: null as string | null,
  /** The local preview, then with the server's answer about its names merged in. */
  preview: null as CsvPreview | null,
  names: 'none' as NamesCheck,
  uploading: false,
  /** 0…1 of the body sent; 1 while the server checks and imports. */
  progress: 0,
  /** The server's answer to the last upload of this file. */
  result: null as CsvImportResult | null,
  /** Bumped by commands that want the file picker: focus it (and open the chooser when asked). */
  pickerRequest: { n: 0, open: false },
});

let reading: AbortController | null = null;

/** Read the file (or re-read it for another target) into a preview. */
export async function loadPreview(): Promise<void> {
  reading?.abort();
  const file = csvImport.file;
  csvImport.preview = null;
  csvImport.names = 'none';
  csvImport.result = null;
  csvImport.readError = null;
  if (!file) return;
  const abort = (reading = new AbortController());
  csvImport.reading = true;
  try {
    // Loaded on first use: papaparse stays out of the chunk every page downloads.
    const { previewFile } = await import('./parseFile');
    const preview = await previewFile(csvImport.target, file, abort.signal);
    if (abort.signal.aborted) return;
    csvImport.preview = ref(preview);
    csvImport.reading = false;
    await checkNames(preview, abort.signal);
  } catch (e) {
    if (!abort.signal.aborted) csvImport.readError = e instanceof Error ? e.message : String(e);
  } finally {
    if (!abort.signal.aborted) csvImport.reading = false;
  }
}

/** Asks the server about the preview's names, once, and merges its answer in. */
async function checkNames(preview: CsvPreview, signal: AbortSignal): Promise<void> {
  const question = namesQuestion(preview.names);
  if (question === null || question === 'too many') {
    csvImport.names = question ?? 'none';
    return;
  }
  csvImport.names = 'checking';
  try {
    const { data } = await call(checkCsvNames, { body: question }, { signal });
    if (signal.aborted) return;
    csvImport.preview = ref(mergeNameAnswer(preview, data));
    csvImport.names = 'checked';
  } catch {
    if (!signal.aborted) csvImport.names = 'failed';
  }
}

export function chooseFile(file: File | null): Promise<void> {
  csvImport.file = file ? ref(file) : null;
  return loadPreview();
}

export function setTarget(target: CsvTarget): void {
  if (csvImport.target === target) return;
  csvImport.target = target;
  if (csvImport.file && !csvImport.uploading) void loadPreview();
}

/** Ask the screen for the file picker: focus it; `open` also opens the browser's chooser. */
export function requestPicker(open: boolean): void {
  csvImport.pickerRequest = { n: csvImport.pickerRequest.n + 1, open };
}

/**
 * The rows that may go in: the preview's good ones, fewer once the server refused more (a name
 * taken, which only the database knows).
 */
export function goodRows(
  st: {
    preview: { rowCount: number; badRows: number } | null;
    result: { success: boolean; invalid_data: readonly { row: number }[] } | null;
  } = csvImport,
): number {
  const p = st.preview;
  if (!p) return 0;
  const refused = st.result && !st.result.success ? refusedLines(st.result.invalid_data) : 0;
  return p.rowCount - Math.max(p.badRows, refused);
}

/** How many lines of the file an answer refused (the header's problems are the file's, not a row's). */
export const refusedLines = (issues: readonly { row: number }[]) =>
  new Set(issues.filter((i) => i.row > 1).map((i) => i.row)).size;

/**
 * Whether the file can go: read, not on its way, not imported yet, and no problem with the
 * file as a whole (a required column missing, an unknown one, unreadable): the server refuses
 * such a file before its rows, so uploading it anyway could only fail.
 */
export const canUpload = () =>
  !!csvImport.file &&
  !!csvImport.preview &&
  csvImport.preview.fileIssues === 0 &&
  goodRows() > 0 &&
  !csvImport.uploading &&
  !csvImport.reading &&
  !csvImport.result?.success;
