// The outlet screen: its place in the sidebar and how to load it; its URLs are in src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { routePaths } from '@/screens/screenEntry';
import { outletRoutes } from '@/screens/paths';

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
