// Reads a chosen file into a preview: small files on the main thread, big ones in a worker.
import { CSV_MAX_BYTES, type CsvTarget } from '@contract/csv';
import { formatBytes, type CsvPreview } from './preview';
import { previewCsvText } from './parseText';
import type { WorkerAnswer, WorkerRequest } from './csvWorker';

/** Above this size the parse runs in a Web Worker. */
export const WORKER_THRESHOLD_BYTES = 1024 * 1024;

export class FileTooLargeError extends Error {
  constructor(size: number) {
    super(
      `The file is ${formatBytes(size)}; at most ${formatBytes(CSV_MAX_BYTES)} can be imported at once. Split it into smaller files.`,
    );
    this.name = 'FileTooLargeError';
  }
}

export async function previewFile(target: CsvTarget, file: File, signal?: AbortSignal): Promise<CsvPreview> {
  if (file.size > CSV_MAX_BYTES) throw new FileTooLargeError(file.size);
  if (file.size <= WORKER_THRESHOLD_BYTES || typeof Worker === 'undefined')
    return previewCsvText(target, await file.text());
  return new Promise<CsvPreview>((resolve, reject) => {
    const worker = new Worker(new URL('./csvWorker.ts', import.meta.url), { type: 'module' });
    const done = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
      done();
      if (e.data.ok) resolve(e.data.preview);
      else reject(new Error(e.data.error));
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(e.message || 'The file could not be read.'));
    };
    worker.postMessage({ target, file } satisfies WorkerRequest);
  });
}
