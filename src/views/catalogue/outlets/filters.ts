// The outlet list's filter bar (in the URL: /outlet-list?category=1&area=72).
import { MAX_PER_PAGE } from '../../../../contract/envelope';
import { cachedOptions, refFilter, type FilterDef } from '../../../store/filters';
import { categoryClient, cityClient } from '../lookups';

export const outletFilters: readonly FilterDef[] = [
  refFilter('category', 'Category', 'All categories', cachedOptions(() => categoryClient.list({ page: 1, per_page: MAX_PER_PAGE }).then((r) => r.data.map((c) => ({ value: String(c.id), label: c.name }))))),
  // Dubai's areas: about a hundred, a plain select is quickest (type-ahead works in it).
  refFilter('area', 'Area', 'All areas', cachedOptions(() => cityClient.list({ page: 1, per_page: MAX_PER_PAGE }).then((r) => r.data.map((a) => ({ value: String(a.id), label: a.name }))), 5 * 60_000)),
];
