// The outlet radius screen's URLs: /Outletradius-list/ exactly as the product spells it (capital O,
// trailing slash); the record opens in its pane under it. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';
import { routePaths } from '../../screenEntry';

export const outletRadiusRoutes = {
  list: '/Outletradius-list/',
  view: '/Outletradius-list/:id',
  edit: '/Outletradius-list/:id/edit',
  add: '/Outletradius-list/new',
} as const;

export const entry: ScreenEntry = {
  id: 'outletRadius',
  title: 'Outlet radius',
  nav: { path: outletRadiusRoutes.list, shortcut: 'g r' },
  routes: outletRadiusRoutes,
  paths: routePaths(outletRadiusRoutes),
  resource: 'outletRadius',
  page: () => import('./OutletRadiusScreen'),
  commands: () => import('./commands').then((m) => m.outletRadiusCommands),
};
