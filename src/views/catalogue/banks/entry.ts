// The bank screen's URLs. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';
import { routePaths } from '../../screenEntry';

export const bankRoutes = {
  list: '/bank-list',
  view: '/view-bank/:id',
  edit: '/edit-bank/:id',
  add: '/add-bank',
} as const;

export const entry: ScreenEntry = {
  id: 'banks',
  title: 'Banks',
  nav: { path: bankRoutes.list, shortcut: 'g b' },
  routes: bankRoutes,
  paths: routePaths(bankRoutes),
  resource: 'bank',
  page: () => import('./BanksScreen'),
  commands: () => import('./commands').then((m) => m.bankCommands),
};
