// The reference lists a card picks from and filters by: banks, networks, categories (short
// lists, fetched whole, kept for a while so a bank added meanwhile still shows up).
import { MAX_PER_PAGE } from '../../../../contract/envelope';
import { CARD_STATUSES } from '../../../../contract/card';
import { booleanFilter, cachedOptions, enumFilter, refFilter, type FilterDef } from '../../../store/filters';
import { bankClient, categoryClient } from '../lookups';
import { networks } from '../networks/screen';

const whole = { page: 1, per_page: MAX_PER_PAGE } as const;

export const bankOptions = cachedOptions(() => bankClient.list({ ...whole, sort: 'name' }).then((r) => r.data.map((b) => ({ value: String(b.id), label: b.name }))));
export const networkOptions = cachedOptions(() => networks.client.list({ ...whole, sort: 'type' }).then((r) => r.data.map((n) => ({ value: String(n.id), label: n.type }))));
export const categoryOptions = cachedOptions(() => categoryClient.list({ ...whole, sort: 'name' }).then((r) => r.data.map((c) => ({ value: String(c.id), label: c.name }))));

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
