// The network screen's URLs. The product names only /network-list; the record opens in its pane
// under the same path. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';
import { routePaths } from '../../screenEntry';

export const networkRoutes = {
  list: '/network-list',
  view: '/network-list/:id',
  edit: '/network-list/:id/edit',
  add: '/network-list/new',
} as const;

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
