// The outlet radius screen: its keys and how to load it; its title, id and sidebar place come from
// the contract's resource (src/screens/screenEntry.ts resourceEntry), its URLs from src/screens/paths.ts.
// The route table in the first download reads this: no heavy imports.
import { resourceEntry } from '@/screens/screenEntry';
import { outletRadiusRoutes } from '@/screens/paths';

export const entry = resourceEntry('outletRadius', {
  routes: outletRadiusRoutes,
  shortcut: 'g r',
  page: () => import('./OutletRadiusScreen'),
  screen: () => import('./screen').then((m) => m.outletRadiusScreen),
});
