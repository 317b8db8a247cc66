// Offers, wired once: contract → store → list model → routes. The commands and the screen read this.
import { offerResource, type Offer } from '@contract/offer';
import { offerFilters } from './filters';
import { resourceScreen } from '@/commands/resourceScreen';
import { offerRoutes } from '@/screens/paths';
import { STATE_LABELS } from './states';
import { cellText, dayText } from '@/screens/listTable/columns';
import { formatNumber } from '@/lib/format';

export const offerScreen = resourceScreen<Offer>({
  // The filter bar's choices, which the bulk changes offer too (src/commands/bulkCommands.ts).
  filters: offerFilters,
  view: 'offers',
  resource: offerResource,
  routes: offerRoutes,
  // The product's text for an offer save that got no answer at all.
  updateNoResponse: 'Network error. Please try again.',
  describe: (o) => ({ label: o.title, hint: [o.discount, o.bank_names.join(', ')].filter(Boolean).join(' · ') }),
  columns: [
    { key: 'title', cell: (o) => o.title, width: 'minmax(240px, 3fr)', sort: 'title' },
    { key: 'discount', cell: (o) => cellText(o.discount) },
    { key: 'bank_names', label: 'Banks', cell: (o) => cellText(o.bank_names), width: 'minmax(140px, 1.5fr)' },
    {
      key: 'merchant_names',
      label: 'Merchants',
      cell: (o) => cellText(o.merchant_names),
      width: 'minmax(140px, 1.5fr)',
    },
    { key: 'category_name', cell: (o) => cellText(o.category_name) },
    { key: 'valid_to', cell: (o) => cellText(o.valid_to), sort: 'valid_to' },
    { key: 'state', cell: (o) => STATE_LABELS[o.state].label },
    { key: 'created_at', cell: (o) => dayText(o.created_at), sort: 'created_at' },
    { key: 'valid_from', cell: (o) => cellText(o.valid_from), optional: true },
    { key: 'cards', cell: (o) => formatNumber(o.card_ids.length), numeric: true, optional: true },
    { key: 'from_source', cell: (o) => cellText(o.from_source), optional: true },
  ],
});

export const offers = offerScreen.store;
