// The card screen's URLs. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';
import { routePaths } from '../../screenEntry';

export const cardRoutes = {
  list: '/card-list',
  view: '/view-card/:id',
  edit: '/edit-card/:id',
  add: '/add-card',
} as const;

export const entry: ScreenEntry = {
  id: 'cards',
  title: 'Cards',
  nav: { path: cardRoutes.list, shortcut: 'g c' },
  routes: cardRoutes,
  paths: routePaths(cardRoutes),
  resource: 'card',
  page: () => import('./CardsScreen'),
  commands: () => import('./commands').then((m) => m.cardCommands),
};
