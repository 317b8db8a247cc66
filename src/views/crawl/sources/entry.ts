// The crawl review's home: every crawl source with its counts. The route table in the first
// download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';

export const CRAWL_SOURCES_VIEW = 'crawlSources';

export const entry: ScreenEntry = {
  id: CRAWL_SOURCES_VIEW,
  title: 'Crawl review',
  nav: { path: '/crawl-data', shortcut: 'g w' },
  paths: ['/crawl-data'],
  page: () => import('./SourcesScreen'),
  commands: () => Promise.all([import('./commands'), import('./importCommands')]).then(([a, b]) => [...a.sourceCommands, ...b.importCommands]),
};
