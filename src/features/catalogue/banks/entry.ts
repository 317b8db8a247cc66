// The bank screen: its place in the sidebar and how to load it; its URLs are in src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { routePaths } from '@/screens/screenEntry';
import { bankRoutes } from '@/screens/paths';

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
