// CSV import as commands: the palette's "Import offers from CSV…", the screen's Upload
// button and mod+enter, "Choose another file" and the templates are one action each.
import { CSV_TARGETS, templateCsv, type CsvTarget } from '@contract/csv';
import { importResultOf, uploadCsv } from '@/api/csvUpload';
import { actionWords } from '@/commands/actions';
import type { Command, PickItem } from '@/commands/types';
import { defineCommand } from '@/commands/types';
import { go } from '@/store/navigate';
import { CSV_VIEW, importCsvPath } from './entry';
import { refusedCsv } from './preview';
import { canUpload, csvImport, goodRows, requestPicker } from './state';

const scope = `view:${CSV_VIEW}` as const;

export function downloadTemplate(target: CsvTarget): void {
  downloadText(templateCsv(target), `${target}-template.csv`);
}

function downloadText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

let uploadAbort: AbortController | null = null;

/** Open the import screen for `target` with the file picker asked for. */
function importTo(target: CsvTarget) {
  go(importCsvPath(target));
  requestPicker(false);
}

export const csvCommands: Command[] = [
  {
    id: 'csv.import',
    needs: { permission: 'catalogue.import' },
    ...actionWords('csv.import'),
    keywords: ['file', 'offers', 'outlets', 'cards'],
    scope: 'global',
    pick: {
      placeholder: 'Import what? Offers, outlets or cards',
      async load(search): Promise<PickItem[]> {
        const words = search.trim().toLowerCase();
        return CSV_TARGETS.filter((t) => !words || t.includes(words)).map((t) => ({
          key: t,
          label: `${t.charAt(0).toUpperCase()}${t.slice(1)}`,
          hint: `a CSV of ${t}`,
          value: t,
        }));
      },
    },
    run: (_ctx, target) => importTo(target as CsvTarget),
  },
  ...CSV_TARGETS.map((t): Command => ({
    id: `csv.import.${t}`,
    needs: { permission: 'catalogue.import' },
    title: `Import ${t} from CSV…`,
    group: 'Import',
    keywords: ['csv', 'upload', 'bulk', 'import', 'file', t],
    scope: 'global',
    run: () => importTo(t),
  })),
  {
    id: 'csv.choose',
    needs: { permission: 'catalogue.import' },
    title: 'Choose CSV file…',
    group: 'Import',
    keywords: ['pick', 'open', 'another', 'file', 'browse'],
    shortcut: 'mod+o',
    scope,
    enabled: () => !csvImport.uploading,
    run: () => requestPicker(true),
  },
  {
    id: 'csv.upload',
    needs: { permission: 'catalogue.import' },
    title: 'Upload CSV',
    group: 'Import',
    keywords: ['import', 'send', 'submit'],
    shortcut: 'mod+enter',
    scope,
    enabled: canUpload,
    async run() {
      const { file, target, preview } = csvImport;
      if (!file || !preview) return undefined;
      // Rows that look wrong (or that the server refused): the others go in, those come back.
      const validOnly = goodRows() < preview.rowCount;
      uploadAbort = new AbortController();
      csvImport.uploading = true;
      csvImport.progress = 0;
      csvImport.result = null;
      try {
        const res = await uploadCsv(target, file, file.name, {
          onProgress: (f) => (csvImport.progress = f),
          signal: uploadAbort.signal,
          validOnly,
        });
        csvImport.result = res;
        return res; // the runner shows res.message: "Imported 12 offers."
      } catch (e) {
        const result = importResultOf(e);
        if (!result) throw e; // 413, 401, offline…: the runner's generic text
        // Refused: the screen's panel says so with the rows (an alert), no toast beside it.
        csvImport.result = result;
        return undefined;
      } finally {
        csvImport.uploading = false;
        uploadAbort = null;
      }
    },
  },
  {
    id: 'csv.downloadRefused',
    needs: { permission: 'catalogue.import' },
    title: 'Download the refused rows',
    group: 'Import',
    keywords: ['csv', 'bad', 'wrong', 'errors', 'left out', 'reason', 'fix'],
    scope,
    enabled: () => !!csvImport.result?.refused?.length,
    run() {
      const { result, preview, file } = csvImport;
      if (!result?.refused?.length) return;
      const base = (file?.name ?? csvImport.target).replace(/\.csv$/i, '');
      downloadText(
        refusedCsv(preview?.fields ?? Object.keys(result.refused[0].cells), result.refused),
        `${base}-refused.csv`,
      );
    },
  },
  {
    id: 'csv.cancelUpload',
    title: 'Cancel upload',
    group: 'Import',
    scope,
    enabled: () => csvImport.uploading,
    run: () => uploadAbort?.abort(),
  },
  defineCommand<CsvTarget | undefined>({
    id: 'csv.template',
    title: 'Download CSV template',
    group: 'Import',
    keywords: ['example', 'sample', 'columns', 'template'],
    scope,
    run: (_ctx, target) => downloadTemplate(target ?? csvImport.target),
  }),
];
