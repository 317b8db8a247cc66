// The import screen's state: the chosen file, its preview, the upload and the server's answer.
// Commands (upload, choose file) and the screen both read and write it.
import { proxy, ref } from 'valtio';
import type { CsvImportResult, CsvTarget } from '../../../../contract/csv';
import type { CsvPreview } from './preview';

export const csvImport = proxy({
  target: 'offers' as CsvTarget,
  file: null as File | null,
  reading: false,
  readError: null as string | null,
  preview: null as CsvPreview | null,
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
  csvImport.result = null;
  csvImport.readError = null;
  if (!file) return;
  const abort = (reading = new AbortController());
  csvImport.reading = true;
  try {
    // Loaded on first use: papaparse stays out of the chunk every page downloads.
    const { previewFile } = await import('./parseFile');
    const preview = await previewFile(csvImport.target, file, abort.signal);
    if (!abort.signal.aborted) csvImport.preview = ref(preview);
  } catch (e) {
    if (!abort.signal.aborted) csvImport.readError = e instanceof Error ? e.message : String(e);
  } finally {
    if (!abort.signal.aborted) csvImport.reading = false;
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

export const canUpload = () => !!csvImport.file && !!csvImport.preview && !csvImport.uploading && !csvImport.reading && !csvImport.result?.success;
