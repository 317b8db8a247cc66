// The import screen's URL is the contract other screens use: /import-csv?type=offers|outlets|cards.
// No imports beyond types: the route table in the first download reads this.
import type { CsvTarget } from '../../../../contract/csv';

export const importCsvRoute = '/import-csv';

export const importCsvPath = (type?: CsvTarget) => (type ? `${importCsvRoute}?type=${type}` : importCsvRoute);

/** Where the imported records are listed (SPEC.md §2). */
export const csvListPath: Record<CsvTarget, string> = {
  offers: '/offer-list',
  outlets: '/outlet-list',
  cards: '/card-list',
};
