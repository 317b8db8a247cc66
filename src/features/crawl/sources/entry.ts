// The crawl review's home: every crawl source with its counts. The route table in the first
// download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';

export const CRAWL_SOURCES_VIEW = 'crawlSources';
export const CRAWL_SOURCES_PATH = '/crawl-data';

export const entry: ScreenEntry = {
  id: CRAWL_SOURCES_VIEW,
  title: 'Crawl review',
  nav: { path: CRAWL_SOURCES_PATH, shortcut: 'g w' },
  paths: [CRAWL_SOURCES_PATH],
  page: () => import('./SourcesScreen'),
  commands: () =>
    Promise.all([import('./commands'), import('./importCommands'), import('./assignRef')]).then(([a, b, c]) => [
      ...a.sourceCommands,
      ...b.importCommands,
      ...c.assignRefCommands,
    ]),
};
