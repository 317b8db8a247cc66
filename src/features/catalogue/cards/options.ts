// The card list's filters: by bank, network, category (src/ui/referenceOptions.ts), status and display.
import { CARD_STATUSES } from '@contract/card';
import { booleanFilter, enumFilter, refFilter, type FilterDef } from '@/store/filters';
import { bankOptions, categoryOptions, networkOptions } from '@/ui/referenceOptions';

/** /card-list?bank=3&network=1&category=2&status=Discontinued&display=false */
export const cardFilters: readonly FilterDef[] = [
  refFilter('bank', 'Bank', 'All banks', bankOptions),
  refFilter('network', 'Network', 'All networks', networkOptions),
  refFilter('category', 'Category', 'All categories', categoryOptions),
  enumFilter('status', 'Status', 'Any status', CARD_STATUSES),
  booleanFilter('display', 'Display', 'Shown or hidden', 'Shown in the app', 'Hidden from the app'),
];
