// Categories, wired once: contract → store → list model → routes. The commands and the screen read this.
import { categoryResource, type Category } from '../../../../contract/category';
import { resourceScreen } from '../../../commands/resourceScreen';
import { categoryRoutes } from './entry';

export const categoryScreen = resourceScreen<Category>({
  view: 'categories',
  resource: categoryResource,
  routes: categoryRoutes,
  describe: (c) => ({ label: c.name, hint: c.is_active ? undefined : 'Inactive' }),
});

export const categories = categoryScreen.store;
