// The offer screen: its place in the sidebar and how to load it; its URLs are in src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { routePaths } from '@/screens/screenEntry';
import { offerRoutes } from '@/screens/paths';

export const entry: ScreenEntry = {
  id: 'offers',
  title: 'Offers',
  nav: { path: offerRoutes.list, shortcut: 'g o' },
  routes: offerRoutes,
  paths: routePaths(offerRoutes),
  resource: 'offer',
  page: () => import('./OffersScreen'),
  commands: () => import('./commands').then((m) => m.offerCommands),
};
