// The outlet list's filter bar (in the URL: /outlet-list?category=1&area=72).
import { categoryResource, type Category } from '@contract/category';
import { cityResource, type City } from '@contract/city';
import { refFilter, type FilterDef } from '@/store/filters';
import { categoryClient, cityClient, referenceOptions } from '@/ui/lookups';

export const outletFilters: readonly FilterDef[] = [
  refFilter(
    'category',
    'Category',
    'All categories',
    referenceOptions(categoryResource, categoryClient.list, (c: Category) => ({ value: String(c.id), label: c.name })),
  ),
  // Dubai's areas: about a hundred, a plain select is quickest (type-ahead works in it).
  refFilter(
    'area',
    'Area',
    'All areas',
    referenceOptions(cityResource, cityClient.list, (a: City) => ({ value: String(a.id), label: a.name })),
  ),
];
