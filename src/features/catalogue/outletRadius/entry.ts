// The outlet radius screen: its place in the sidebar and how to load it; its URLs are in src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { routePaths } from '@/screens/screenEntry';
import { outletRadiusRoutes } from '@/screens/paths';

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
