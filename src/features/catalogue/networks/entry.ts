// The network screen: its keys and how to load it; its title, id and sidebar place come from
// the contract's resource (src/screens/screenEntry.ts resourceEntry), its URLs from src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import { resourceEntry } from '@/screens/screenEntry';
import { networkRoutes } from '@/screens/paths';

export const entry = resourceEntry('network', {
  routes: networkRoutes,
  shortcut: 'g n',
  page: () => import('./NetworksScreen'),
  screen: () => import('./screen').then((m) => m.networkScreen),
});
