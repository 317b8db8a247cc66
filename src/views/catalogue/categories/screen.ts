// Categories, wired once: contract → client → store → routes. The commands and the screen read this.
import { categoryResource, type Category } from '../../../../contract/category';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { categoryRoutes } from './paths';

export const categories = resourceStore<Category>(resourceClient<Category>(categoryResource));

export const categoryScreen: ResourceScreen<Category> = {
  view: 'categories',
  resource: categoryResource,
  store: categories,
  routes: categoryRoutes,
  describe: (c) => ({ label: c.name, hint: c.is_active ? undefined : 'Inactive' }),
};
