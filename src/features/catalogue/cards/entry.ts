// The card screen: its place in the sidebar and how to load it; its URLs are in src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { routePaths } from '@/screens/screenEntry';
import { cardRoutes } from '@/screens/paths';

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
