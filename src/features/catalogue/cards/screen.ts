// Cards, wired once: contract → store → list model → routes. The commands and the screen read this.
import { cardResource, type Card } from '@contract/card';
import { cardFilters } from './options';
import { resourceScreen } from '@/commands/resourceScreen';
import { cardRoutes } from '@/screens/paths';
import { formatMoney } from '@/ui/bits';
import { cellText, dayText, NAME_WIDTH } from '@/screens/listTable/columns';

export const cardScreen = resourceScreen<Card>({
  // The filter bar's choices, which the bulk changes offer too (src/commands/bulkCommands.ts).
  filters: cardFilters,
  view: 'cards',
  resource: cardResource,
  routes: cardRoutes,
  describe: (c) => ({ label: c.name, hint: `${c.bank_name} · ${c.network_type}` }),
  sortLabels: { bank_name: 'Bank' },
  columns: [
    { key: 'name', cell: (c) => c.name, width: NAME_WIDTH, sort: 'name' },
    { key: 'bank_name', cell: (c) => c.bank_name, sort: 'bank_name', width: 'minmax(140px, 1.5fr)' },
    { key: 'network_type', cell: (c) => c.network_type, field: 'network_id' },
    { key: 'category_name', cell: (c) => cellText(c.category_name) },
    {
      key: 'annual_fee',
      cell: (c) => (c.annual_fee === 0 ? 'Free for life' : cellText(formatMoney(c.annual_fee))),
      sort: 'annual_fee',
      numeric: true,
    },
    { key: 'status', cell: (c) => c.status, width: 'minmax(136px, 1fr)' },
    { key: 'display', label: 'In the app', cell: (c) => (c.display ? 'Shown' : 'Hidden') },
    { key: 'created_at', cell: (c) => dayText(c.created_at), sort: 'created_at' },
    {
      key: 'min_salary',
      cell: (c) => cellText(formatMoney(c.min_salary)),
      numeric: true,
      optional: true,
    },
    { key: 'card_type', label: 'Type', cell: (c) => cellText(c.card_type), optional: true },
    { key: 'from_source', label: 'Source', cell: (c) => cellText(c.from_source), optional: true },
  ],
});

export const cards = cardScreen.store;
