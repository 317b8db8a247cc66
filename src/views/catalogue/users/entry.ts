// The user screen's URLs. The product has no /add-user: a new user's form opens in
// the list's pane (/user-list?new=1). The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';
import { routePaths } from '../../screenEntry';

export const userRoutes = {
  list: '/user-list',
  view: '/view-user/:id',
  edit: '/edit-user/:id',
  add: '/user-list?new=1',
} as const;

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
