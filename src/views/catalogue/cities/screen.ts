// Dubai areas, wired once: contract → client → store → routes. Read-only: list and search.
import { cityResource, type City } from '../../../../contract/city';
import { MAX_PER_PAGE } from '../../../../contract/envelope';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { cityRoutes } from './paths';

/** Dubai has about a hundred areas: one page holds them all (there is no show call to fetch one by id). */
export const cities = resourceStore<City>(resourceClient<City>(cityResource), MAX_PER_PAGE);

export const cityScreen: ResourceScreen<City> = {
  view: 'cities',
  resource: cityResource,
  store: cities,
  routes: cityRoutes,
  describe: (c) => ({ label: c.name, hint: c.emirate }),
  noun: { one: 'area', many: 'Dubai areas' },
};
