// The searches behind the homepage's pickers (the form's offer, card and bank pickers, and
// "Add selected offer…" in the palette): the existing list calls with `query`, one page of
// up to 100 rows, which the picker shows in a virtualized list.
import { bankResource, type Bank } from '@contract/bank';
import { cardResource, type Card } from '@contract/card';
import { offerResource, type Offer } from '@contract/offer';
import { resourceClient } from '@/api/resourceClient';
import type { PickerOption } from '@/ui/Combobox';

/** A record as a picker shows it. `flag`: a word that needs attention (an expired offer). */
export type Choice = PickerOption;

export type Search = (query: string, signal: AbortSignal) => Promise<Choice[]>;

const PICK_ROWS = 100;
const offers = resourceClient<Offer>(offerResource);
const cards = resourceClient<Card>(cardResource);
const banks = resourceClient<Bank>(bankResource);

const OFFER_FLAG: Partial<Record<Offer['state'], string>> = { expired: 'Expired', upcoming: 'Upcoming' };

export const offerChoice = (o: Pick<Offer, 'id' | 'title' | 'discount' | 'bank_names' | 'state'>): Choice => ({
  id: o.id,
  label: o.title,
  hint: [o.discount, o.bank_names.join(', ')].filter(Boolean).join(' · '),
  flag: OFFER_FLAG[o.state],
});

export const searchOffers: Search = (query, signal) =>
  offers
    .list({ query: query || undefined, page: 1, per_page: PICK_ROWS }, { signal })
    .then((r) => r.data.map(offerChoice));
export const searchCards: Search = (query, signal) =>
  cards
    .list({ query: query || undefined, page: 1, per_page: PICK_ROWS }, { signal })
    .then((r) => r.data.map((c) => ({ id: c.id, label: c.name, hint: c.bank_name ?? undefined })));
export const searchBanks: Search = (query, signal) =>
  banks
    .list({ query: query || undefined, page: 1, per_page: PICK_ROWS }, { signal })
    .then((r) => r.data.map((b) => ({ id: b.id, label: b.name, hint: b.code })));
