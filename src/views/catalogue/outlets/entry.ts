// The outlet screen's URLs. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';
import { routePaths } from '../../screenEntry';

export const outletRoutes = {
  list: '/outlet-list',
  view: '/view-outlet/:id',
  edit: '/edit-outlet/:id',
  add: '/add-outlet',
} as const;

export const entry: ScreenEntry = {
  id: 'outlets',
  title: 'Outlets',
  nav: { path: outletRoutes.list, shortcut: 'g l' },
  routes: outletRoutes,
  paths: routePaths(outletRoutes),
  resource: 'outlet',
  page: () => import('./OutletsScreen'),
  commands: () => import('./commands').then((m) => m.outletCommands),
};
