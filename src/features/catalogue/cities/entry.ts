// The Dubai areas list (read-only reference data). An area opens in the pane under the same
// path. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { cityRoutes } from '@/screens/paths';

export const entry: ScreenEntry = {
  id: 'cities',
  title: 'Dubai areas',
  nav: { path: cityRoutes.list, shortcut: 'g a' },
  routes: cityRoutes,
  paths: [cityRoutes.list, cityRoutes.view],
  resource: 'city',
  page: () => import('./CitiesScreen'),
  commands: () => import('./commands').then((m) => m.cityCommands),
};
