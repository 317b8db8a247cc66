// Outlets, wired once: contract → store → list model → routes. The commands and the screen read this.
import { outletResource, type Outlet } from '../../../../contract/outlet';
import { resourceScreen } from '../../../commands/resourceScreen';
import { outletRoutes } from './entry';

/** "Dubai Mall — % Arabica" reads as a place; the area tells two branches apart. */
export const outletLabel = (o: Pick<Outlet, 'merchant_name' | 'branch'>) => (o.branch ? `${o.merchant_name} — ${o.branch}` : o.merchant_name);

export const outletScreen = resourceScreen<Outlet>({
  view: 'outlets',
  resource: outletResource,
  routes: outletRoutes,
  describe: (o) => ({ label: outletLabel(o), hint: [o.area_name, o.category_name].filter(Boolean).join(' · ') || undefined }),
});

export const outlets = outletScreen.store;
