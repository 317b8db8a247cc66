// Categories, wired once: contract → store → list model → routes. The commands and the screen read this.
import { categoryResource, type Category } from '@contract/category';
import { resourceScreen } from '@/commands/resourceScreen';
import { categoryRoutes } from '@/screens/paths';
import { cellText, dayText, NAME_WIDTH } from '@/screens/listTable/columns';

export const categoryScreen = resourceScreen<Category>({
  view: 'categories',
  resource: categoryResource,
  routes: categoryRoutes,
  describe: (c) => ({ label: c.name, hint: c.is_active ? undefined : 'Inactive' }),
  columns: [
    { key: 'name', cell: (c) => c.name, width: NAME_WIDTH, sort: 'name' },
    { key: 'description', cell: (c) => cellText(c.description), width: 'minmax(200px, 3fr)' },
    { key: 'is_active', cell: (c) => cellText(c.is_active) },
    { key: 'created_at', cell: (c) => dayText(c.created_at), sort: 'created_at' },
  ],
});

export const categories = categoryScreen.store;
