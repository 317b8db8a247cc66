// The network screen: its place in the sidebar and how to load it; its URLs are in src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { routePaths } from '@/screens/screenEntry';
import { networkRoutes } from '@/screens/paths';

export const entry: ScreenEntry = {
  id: 'networks',
  title: 'Networks',
  nav: { path: networkRoutes.list, shortcut: 'g n' },
  routes: networkRoutes,
  paths: routePaths(networkRoutes),
  resource: 'network',
  page: () => import('./NetworksScreen'),
  commands: () => import('./commands').then((m) => m.networkCommands),
};
