// Outlet radius presets, wired once: contract → store → list model → routes.
import { outletRadiusResource, type OutletRadius } from '@contract/outletRadius';
import { resourceScreen } from '@/commands/resourceScreen';
import { outletRadiusRoutes } from '@/screens/paths';
import { formatDecimal } from '@/lib/format';

export const km = (n: number) => `${formatDecimal(n)} km`;

export const outletRadiusScreen = resourceScreen<OutletRadius>({
  view: 'outletRadius',
  resource: outletRadiusResource,
  routes: outletRadiusRoutes,
  describe: (r) => ({ label: r.label, hint: km(r.kilometres) + (r.is_default ? ' · default' : '') }),
  noun: { one: 'radius', many: 'radius presets' },
  // Only one radius is the default: saving a new default unsets the old one on the server.
  afterSave: (r) => {
    if (r.is_default) outletRadii.load().catch(() => undefined);
  },
  sortLabels: { kilometres: 'Distance' },
});

export const outletRadii = outletRadiusScreen.store;
