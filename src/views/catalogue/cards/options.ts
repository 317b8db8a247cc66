// The reference lists a card picks from and filters by: banks, networks, categories (short
// lists, fetched whole, kept for a while so a bank added meanwhile still shows up).
import { bankResource, type Bank } from '../../../../contract/bank';
import { CARD_STATUSES } from '../../../../contract/card';
import { categoryResource, type Category } from '../../../../contract/category';
import { networkResource, type Network } from '../../../../contract/network';
import { booleanFilter, enumFilter, refFilter, type FilterDef } from '../../../store/filters';
import { bankClient, categoryClient, referenceOptions } from '../lookups';
import { networks } from '../networks/screen';

export const bankOptions = referenceOptions(bankResource, bankClient.list, (b: Bank) => ({ value: String(b.id), label: b.name }), 'name');
export const networkOptions = referenceOptions(networkResource, networks.client.list, (n: Network) => ({ value: String(n.id), label: n.type }), 'type');
export const categoryOptions = referenceOptions(categoryResource, categoryClient.list, (c: Category) => ({ value: String(c.id), label: c.name }), 'name');

export const CARD_TYPES = [
  { value: 'credit', label: 'Credit' },
  { value: 'debit', label: 'Debit' },
  { value: 'prepaid', label: 'Prepaid' },
] as const;

/** /card-list?bank=3&network=1&category=2&status=Discontinued&display=false */
export const cardFilters: readonly FilterDef[] = [
  refFilter('bank', 'Bank', 'All banks', bankOptions),
  refFilter('network', 'Network', 'All networks', networkOptions),
  refFilter('category', 'Category', 'All categories', categoryOptions),
  enumFilter('status', 'Status', 'Any status', CARD_STATUSES),
  booleanFilter('display', 'Display', 'Shown or hidden', 'Shown in the app', 'Hidden from the app'),
];
