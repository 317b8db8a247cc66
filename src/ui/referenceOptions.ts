// The reference lists a card is given and filtered by: banks, networks, categories (short
// lists, fetched whole, kept for a while so a bank added meanwhile still shows up), and the
// card types. The card screens and the crawl's card dialogs offer the same lists.
import { bankResource } from '@contract/bank';
import { categoryResource } from '@contract/category';
import { networkResource } from '@contract/network';
import { optionsOf } from '@/store/contractFilters';

// The same loaders as the list filters derived from the contract (src/store/contractFilters.ts).
export const bankOptions = optionsOf(bankResource);
export const networkOptions = optionsOf(networkResource);
export const categoryOptions = optionsOf(categoryResource);

export const CARD_TYPES = [
  { value: 'credit', label: 'Credit' },
  { value: 'debit', label: 'Debit' },
  { value: 'prepaid', label: 'Prepaid' },
] as const;
