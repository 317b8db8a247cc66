// The category screen's URLs. The product names only /category-list; the record opens in its pane
// under the same path. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';
import { routePaths } from '../../screenEntry';

export const categoryRoutes = {
  list: '/category-list',
  view: '/category-list/:id',
  edit: '/category-list/:id/edit',
  add: '/category-list/new',
} as const;

export const entry: ScreenEntry = {
  id: 'categories',
  title: 'Categories',
  nav: { path: categoryRoutes.list, shortcut: 'g t' },
  routes: categoryRoutes,
  paths: routePaths(categoryRoutes),
  resource: 'category',
  page: () => import('./CategoriesScreen'),
  commands: () => import('./commands').then((m) => m.categoryCommands),
};
