// The card list's filters: the contract's (bank, network, category, status, display), with the
// display flag in the app's words.
import { cardResource } from '@contract/card';
import { filtersOf } from '@/store/contractFilters';

/** /card-list?bank=3&network=1&category=2&status=Discontinued&display=false */
export const cardFilters = filtersOf(cardResource, {
  display: { any: 'Shown or hidden', yes: 'Shown in the app', no: 'Hidden from the app' },
});
