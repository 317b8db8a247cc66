// The CSV import's call and its answer. Apart from the upload transport (./upload.ts), which
// `call` needs in every page: this needs the CSV contract, which only the import screen does.
import type { CsvImportResult, CsvTarget } from '@contract/csv';
import { importCsv } from '@contract/csvImport';
import { call } from './call';
import { ApiError } from './client';
import type { UploadOptions } from './upload';

/**
 * The CSV import (multipart: type, file). A 422 carries the CsvImportResult in ApiError.body.
 * `validOnly`: the rows that pass go in, the others come back in `refused`.
 */
export async function uploadCsv(
  type: CsvTarget,
  file: Blob,
  fileName: string,
  opts?: UploadOptions & { validOnly?: boolean },
): Promise<CsvImportResult> {
  const form = new FormData();
  form.append('type', type);
  if (opts?.validOnly) form.append('valid_only', 'true');
  form.append('file', file, fileName);
  return call(importCsv, { body: form }, { onProgress: opts?.onProgress ?? (() => undefined), signal: opts?.signal });
}

/** The import result inside a failed upload's error, when the server sent one (422). */
export function importResultOf(e: unknown): CsvImportResult | null {
  if (!(e instanceof ApiError)) return null;
  const b = e.body as Partial<CsvImportResult> | null;
  return b && typeof b === 'object' && b.success === false && Array.isArray(b.invalid_data)
    ? (b as CsvImportResult)
    : null;
}
