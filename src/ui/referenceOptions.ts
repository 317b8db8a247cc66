// The reference lists a card is given and filtered by: banks, networks, categories (short
// lists, fetched whole, kept for a while so a bank added meanwhile still shows up), and the
// card types. The card screens and the crawl's card dialogs offer the same lists.
import { bankResource, type Bank } from '@contract/bank';
import { categoryResource, type Category } from '@contract/category';
import { networkResource, type Network } from '@contract/network';
import { resourceClient } from '@/api/resourceClient';
import { bankClient, categoryClient, referenceOptions } from './lookups';

const networkClient = resourceClient<Network>(networkResource);

export const bankOptions = referenceOptions(
  bankResource,
  bankClient.list,
  (b: Bank) => ({ value: String(b.id), label: b.name }),
  'name',
);
export const networkOptions = referenceOptions(
  networkResource,
  networkClient.list,
  (n: Network) => ({ value: String(n.id), label: n.type }),
  'type',
);
export const categoryOptions = referenceOptions(
  categoryResource,
  categoryClient.list,
  (c: Category) => ({ value: String(c.id), label: c.name }),
  'name',
);

export const CARD_TYPES = [
  { value: 'credit', label: 'Credit' },
  { value: 'debit', label: 'Debit' },
  { value: 'prepaid', label: 'Prepaid' },
] as const;
