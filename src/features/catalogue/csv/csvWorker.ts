// Parses and checks a big CSV off the main thread, so the page stays responsive.
// Vite bundles it: new Worker(new URL('./csvWorker.ts', import.meta.url), { type: 'module' }).
import type { CsvTarget } from '@contract/csv';
import type { CsvPreview } from './preview';
import { previewCsvText } from './parseText';

export interface WorkerRequest {
  target: CsvTarget;
  file: Blob;
}
export type WorkerAnswer = { ok: true; preview: CsvPreview } | { ok: false; error: string };

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  let answer: WorkerAnswer;
  let transfer: Transferable[] = [];
  try {
    const preview = previewCsvText(e.data.target, await e.data.file.text());
    answer = { ok: true, preview };
    // The uses of names go over as they are, not copied.
    transfer = [preview.names.use.buffer, preview.names.line.buffer, preview.names.formatBad.buffer];
  } catch (err) {
    answer = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  (self as unknown as Worker).postMessage(answer, transfer);
};
