// "Import crawl file" on the sources screen (i, or the button): a dialog asks for the source
// (one of the list, or a new slug, name and bank) and the file, and uploads it through
// crawl.import; the toast gives the server's counts. The dialog's submit runs the hidden one.
import type { Command } from '../../../commands/types';
import { currentSource } from '../../../store/crawlSources';
import { importFile, importState, openImport, type ImportFields } from '../../../store/crawlImport';
import { CRAWL_SOURCES_VIEW } from './entry';

const scope = `view:${CRAWL_SOURCES_VIEW}` as const;

export const importCommands: Command[] = [
  {
    id: 'crawl.importFile',
    title: 'Import crawl file…',
    group: 'Crawl review',
    keywords: ['upload', 'crawl', 'json lines', 'jsonl', 'csv', 'file', 'new source', 're-import'],
    shortcut: 'i',
    scope,
    run: () => openImport(currentSource()?.id ?? null),
  },
  {
    id: 'crawl.importFileSubmit',
    title: 'Upload the crawl file',
    group: 'Crawl review',
    scope,
    palette: false,
    // The dialog shows the upload's progress itself.
    ownProgress: true,
    enabled: () => importState.open && !importState.uploading,
    run: (_ctx, fields) => importFile(fields as ImportFields),
  },
];
