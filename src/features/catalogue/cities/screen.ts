// Dubai areas, wired once: contract → store → list model → routes. Read-only: list and search.
import { cityResource, type City } from '@contract/city';
import { MAX_PER_PAGE } from '@contract/envelope';
import { resourceScreen } from '@/commands/resourceScreen';
import { cityRoutes } from '@/screens/paths';
import { cellText, NAME_WIDTH } from '@/screens/listTable/columns';

export const cityScreen = resourceScreen<City>({
  // Dubai has about a hundred areas: one page holds them all (there is no show call to fetch one by id).
  perPage: MAX_PER_PAGE,
  view: 'cities',
  resource: cityResource,
  routes: cityRoutes,
  describe: (c) => ({ label: c.name, hint: c.emirate }),
  noun: { one: 'area', many: 'Dubai areas' },
  columns: [
    { key: 'name', label: 'Area', cell: (c) => c.name, width: NAME_WIDTH, sort: 'name' },
    { key: 'emirate', cell: (c) => cellText(c.emirate) },
  ],
});

export const cities = cityScreen.store;
