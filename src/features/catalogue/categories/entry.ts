// The category screen: its place in the sidebar and how to load it; its URLs are in src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { routePaths } from '@/screens/screenEntry';
import { categoryRoutes } from '@/screens/paths';

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
