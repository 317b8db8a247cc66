// Outlets, wired once: contract → store → list model → routes. The commands and the screen read this.
import { outletResource, type Outlet } from '@contract/outlet';
import { filtersOf } from '@/store/contractFilters';
import { resourceScreen } from '@/commands/resourceScreen';
import { outletRoutes } from '@/screens/paths';
import { cellText, dayText, NAME_WIDTH } from '@/screens/listTable/columns';

/** "Dubai Mall — % Arabica" reads as a place; the area tells two branches apart. */
export const outletLabel = (o: Pick<Outlet, 'merchant_name' | 'branch'>) =>
  o.branch ? `${o.merchant_name} — ${o.branch}` : o.merchant_name;

export const outletScreen = resourceScreen<Outlet>({
  // The filter bar's choices, which the bulk changes offer too (src/commands/bulkCommands.ts).
  // The contract's category and area filters; an area is a city (contract/city.ts).
  filters: filtersOf(outletResource, { area: { resource: 'city', label: 'Area', any: 'All areas' } }),
  view: 'outlets',
  resource: outletResource,
  routes: outletRoutes,
  describe: (o) => ({
    label: outletLabel(o),
    hint: [o.area_name, o.category_name].filter(Boolean).join(' · ') || undefined,
  }),
  columns: [
    { key: 'merchant_name', label: 'Outlet', cell: (o) => outletLabel(o), width: NAME_WIDTH, sort: 'merchant_name' },
    { key: 'area_name', cell: (o) => cellText(o.area_name), sort: 'area_name' },
    { key: 'category_name', cell: (o) => cellText(o.category_name) },
    { key: 'address', cell: (o) => cellText(o.address), width: 'minmax(160px, 2fr)' },
    { key: 'phone', cell: (o) => cellText(o.phone) },
    { key: 'created_at', cell: (o) => dayText(o.created_at), sort: 'created_at' },
    { key: 'from_source', label: 'Source', cell: (o) => cellText(o.from_source), optional: true },
  ],
});

export const outlets = outletScreen.store;
