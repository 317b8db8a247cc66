// Importing a crawl file from the browser (the sources screen's "Import crawl file" dialog) as
// plain TypeScript (valtio): the dialog open or not, the upload's progress, and the server's
// refusal (field errors beside the fields; a refused file's lines, each naming its line).
import { proxy } from 'valtio';
import { importCrawl } from '@contract/crawlSources';
import { call } from '@/api/call';
import { ApiError } from '@/api/client';
import { highlightSource } from '../crawlSources';

export interface ImportFields {
  /** The source's slug: an existing source's, or a new one's. */
  from_source: string;
  /** A new source's name and bank (an existing source keeps its own when left out). */
  name?: string;
  bank_id?: number;
  file: File;
}

export const importState = proxy({
  open: false,
  /** The source chosen when the dialog opened (the highlighted one), if any. */
  sourceId: null as number | null,
  uploading: false,
  /** 0…1 while the file is sent; then the server imports it. */
  progress: 0,
  errors: {} as Record<string, string>,
  /** A refused file: the server's sentence, then one line per problem ("Line 3: …"). */
  fileLines: [] as string[],
});

let abort: AbortController | null = null;

export function openImport(sourceId: number | null): void {
  Object.assign(importState, { open: true, sourceId, uploading: false, progress: 0, errors: {}, fileLines: [] });
}

/** Cancel: an upload under way is stopped (the server imports a file whole or not at all). */
export function closeImport(): void {
  abort?.abort();
  importState.open = false;
  importState.uploading = false;
}

const lineNo = (text: string) => Number(/^Line (\d+)/.exec(text)?.[1] ?? Infinity);

/** The server's lines for one field: `errors.file` holds the sentence, then each line's problem (shown in file order). */
export function linesOf(body: unknown, field: string): string[] {
  const list = (body as { errors?: Record<string, unknown> } | null)?.errors?.[field];
  const texts = Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  return [...texts.slice(0, 1), ...texts.slice(1).sort((a, b) => lineNo(a) - lineNo(b))];
}

/**
 * Upload the file through crawl.import (multipart). Resolves to the server's answer (its
 * message gives the counts: the runner toasts it) and closes the dialog; a refusal naming
 * fields stays in the dialog (resolves undefined); anything else goes up to the runner.
 */
export async function importFile(f: ImportFields) {
  if (importState.uploading) return undefined;
  const form = new FormData();
  form.append('from_source', f.from_source);
  if (f.name) form.append('name', f.name);
  if (f.bank_id) form.append('bank_id', String(f.bank_id));
  form.append('file', f.file, f.file.name);
  abort?.abort();
  const mine = (abort = new AbortController());
  Object.assign(importState, { uploading: true, progress: 0, errors: {}, fileLines: [] });
  try {
    const res = await call(
      importCrawl,
      { body: form },
      { signal: mine.signal, onProgress: (p) => (importState.progress = p) },
    );
    importState.uploading = false;
    importState.open = false;
    highlightSource(res.data.source.id);
    return res;
  } catch (e) {
    importState.uploading = false;
    if (e instanceof ApiError && e.aborted) return undefined;
    if (e instanceof ApiError && (e.status === 422 || e.status === 409) && Object.keys(e.fieldErrors).length) {
      importState.errors = e.fieldErrors;
      importState.fileLines = linesOf(e.body, 'file');
      return undefined;
    }
    throw e;
  }
}
