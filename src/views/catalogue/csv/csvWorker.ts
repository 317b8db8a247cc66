// Parses and checks a big CSV off the main thread, so the page stays responsive.
// Vite bundles it: new Worker(new URL('./csvWorker.ts', import.meta.url), { type: 'module' }).
import type { CsvTarget } from '../../../../contract/csv';
import { previewCsvText, type CsvPreview } from './preview';

export interface WorkerRequest {
  target: CsvTarget;
  file: Blob;
}
export type WorkerAnswer = { ok: true; preview: CsvPreview } | { ok: false; error: string };

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, preview: previewCsvText(e.data.target, await e.data.file.text()) };
  } catch (err) {
    answer = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  (self as unknown as Worker).postMessage(answer);
};
