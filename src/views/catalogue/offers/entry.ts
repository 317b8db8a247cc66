// The offer screen's URLs. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';
import { routePaths } from '../../screenEntry';

export const offerRoutes = {
  list: '/offer-list',
  view: '/view-offer/:id',
  edit: '/edit-offer/:id',
  add: '/add-offer',
} as const;

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
