// Outlets, wired once: contract → client → store → routes. The commands and the screen read this.
import { outletResource, type Outlet } from '../../../../contract/outlet';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { outletRoutes } from './paths';

export const outlets = resourceStore<Outlet>(resourceClient<Outlet>(outletResource));

/** "Dubai Mall — % Arabica" reads as a place; the area tells two branches apart. */
export const outletLabel = (o: Pick<Outlet, 'merchant_name' | 'branch'>) => (o.branch ? `${o.merchant_name} — ${o.branch}` : o.merchant_name);

export const outletScreen: ResourceScreen<Outlet> = {
  view: 'outlets',
  resource: outletResource,
  store: outlets,
  routes: outletRoutes,
  describe: (o) => ({ label: outletLabel(o), hint: [o.area_name, o.category_name].filter(Boolean).join(' · ') || undefined }),
};
