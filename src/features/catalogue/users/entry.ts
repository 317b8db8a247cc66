// The user screen: its place in the sidebar and how to load it; its URLs are in src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { routePaths } from '@/screens/screenEntry';
import { userRoutes } from '@/screens/paths';

export const entry: ScreenEntry = {
  id: 'users',
  title: 'Users',
  nav: { path: userRoutes.list, shortcut: 'g u' },
  routes: userRoutes,
  paths: routePaths(userRoutes),
  resource: 'user',
  page: () => import('./UsersScreen'),
  commands: () => import('./commands').then((m) => m.userCommands),
};
