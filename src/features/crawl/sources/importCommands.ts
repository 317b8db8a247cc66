// "Import crawl file" on the sources screen (i, or the button): a dialog asks for the source
// (one of the list, or a new slug, name and bank) and the file, and uploads it through
// crawl.import; the toast gives the server's counts. The dialog's submit runs the hidden one.
import { actionWords } from '@/commands/actions';
import type { Command } from '@/commands/types';
import { currentSource } from '../crawlSources';
import { importFile, importState, openImport, type ImportFields } from './crawlImport';
import { go } from '@/store/navigate';
import { CRAWL_SOURCES_PATH, CRAWL_SOURCES_VIEW } from './entry';

const scope = `view:${CRAWL_SOURCES_VIEW}` as const;

export const importCommands: Command[] = [
  {
    id: 'crawl.importFile',
    needs: { permission: 'crawl.review' },
    ...actionWords('crawl.importFile'),
    keywords: ['upload', 'crawl', 'json lines', 'jsonl', 'csv', 'file'],
    scope,
    anywhere: true,
    // From another screen: the sources screen, whose dialog asks for the source and the file.
    run: (ctx) => {
      if (ctx.view === CRAWL_SOURCES_VIEW) return openImport(currentSource()?.id ?? null);
      openImport(null);
      go(CRAWL_SOURCES_PATH);
    },
  },
  {
    id: 'crawl.importFileSubmit',
    needs: { permission: 'crawl.review' },
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
