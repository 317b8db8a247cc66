// The import screen's URL is the contract other screens use: /import-csv?type=offers|outlets|cards.
// The route table in the first download reads this: no heavy imports.
import type { CsvTarget } from '@contract/csv';
import type { ScreenEntry } from '@/screens/screenEntry';

export const importCsvRoute = '/import-csv';
/** The screen's id and view scope ('view:importCsv'). */
export const CSV_VIEW = 'importCsv';

export const importCsvPath = (type?: CsvTarget) => (type ? `${importCsvRoute}?type=${type}` : importCsvRoute);

/** Where the imported records are listed. */
export const csvListPath: Record<CsvTarget, string> = {
  offers: '/offer-list',
  outlets: '/outlet-list',
  cards: '/card-list',
};

export const entry: ScreenEntry = {
  id: CSV_VIEW,
  title: 'Import CSV',
  nav: { path: importCsvRoute, shortcut: 'g i' },
  paths: [importCsvRoute],
  // A form and nothing else: a role that may not write it has nothing to do here.
  needs: { permission: 'catalogue.import' },
  page: () => import('./ImportCsvScreen'),
  commands: () => import('./commands').then((m) => m.csvCommands),
};
