// The Dubai areas list (read-only reference data). An area opens in the pane under the same
// path. The route table in the first download reads this: no heavy imports.
import { resourceEntry } from '@/screens/screenEntry';
import { cityRoutes } from '@/screens/paths';

export const entry = resourceEntry('city', {
  id: 'cities',
  routes: cityRoutes,
  // Read-only: no edit or add form to route.
  paths: [cityRoutes.list, cityRoutes.view],
  shortcut: 'g a',
  page: () => import('./CitiesScreen'),
  screen: () => import('./screen').then((m) => m.cityScreen),
});
