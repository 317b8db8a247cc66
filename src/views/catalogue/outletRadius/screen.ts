// Outlet radius presets, wired once: contract → client → store → routes.
import { outletRadiusResource, type OutletRadius } from '../../../../contract/outletRadius';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { outletRadiusRoutes } from './paths';

export const outletRadii = resourceStore<OutletRadius>(resourceClient<OutletRadius>(outletRadiusResource));

export const km = (n: number) => `${n.toLocaleString(undefined, { maximumFractionDigits: 2 })} km`;

export const outletRadiusScreen: ResourceScreen<OutletRadius> = {
  view: 'outletRadius',
  resource: outletRadiusResource,
  store: outletRadii,
  routes: outletRadiusRoutes,
  describe: (r) => ({ label: r.label, hint: km(r.kilometres) + (r.is_default ? ' · default' : '') }),
  noun: { one: 'radius', many: 'radius presets' },
  // Only one radius is the default: saving a new default unsets the old one on the server.
  afterSave: (r) => {
    if (r.is_default) outletRadii.load().catch(() => undefined);
  },
  sorts: [
    { value: 'kilometres', label: 'Distance ↑' },
    { value: '-kilometres', label: 'Distance ↓' },
    { value: 'label', label: 'Label ↑' },
    { value: '-label', label: 'Label ↓' },
  ],
};
