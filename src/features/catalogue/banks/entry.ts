// The bank screen: its keys and how to load it; its title, id and sidebar place come from
// the contract's resource (src/screens/screenEntry.ts resourceEntry), its URLs from src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import { resourceEntry } from '@/screens/screenEntry';
import { bankRoutes } from '@/screens/paths';

export const entry = resourceEntry('bank', {
  routes: bankRoutes,
  shortcut: 'g b',
  page: () => import('./BanksScreen'),
  screen: () => import('./screen').then((m) => m.bankScreen),
});
