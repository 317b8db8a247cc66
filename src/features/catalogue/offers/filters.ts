// The offer list's filter bar (all in the URL: /offer-list?bank=3&state=live).
import { offerResource } from '@contract/offer';
import { MAX_PER_PAGE } from '@contract/envelope';
import { bankResource, type Bank } from '@contract/bank';
import { cardResource, type Card } from '@contract/card';
import { listSources } from '@contract/crawlSources';
import { call } from '@/api/call';
import { cachedOptions, type FilterDef, type Option } from '@/store/filters';
import { filtersOf } from '@/store/contractFilters';
import {
  bankClient,
  cardClient,
  outletClient,
  outletOption,
  referenceOptions,
  searchCards,
  searchOutlets,
} from '@/ui/lookups';
import { STATE_LABELS } from './states';

/** The outlet of the URL may lie beyond the first page of outlets: fetch it too. */
function outletOptions(): Promise<readonly Option[]> {
  const wanted = Number(new URLSearchParams(typeof location === 'undefined' ? '' : location.search).get('outlet'));
  const first = outletClient.list({ page: 1, per_page: MAX_PER_PAGE }).then((r) => r.data);
  const one =
    Number.isInteger(wanted) && wanted > 0
      ? outletClient.show(wanted).then(
          (r) => [r.data],
          () => [],
        )
      : Promise.resolve([]);
  return Promise.all([first, one]).then(([list, extra]) => {
    const all = [...extra.filter((o) => !list.some((l) => l.id === o.id)), ...list];
    return all.map((o) => ({ value: String(o.id), label: outletOption(o).label }));
  });
}

/** Manual, then the crawl sources by name, then the banks' older crawls. */
const crawlSourceOptions = cachedOptions({ name: 'crawlSource' }, () =>
  call(listSources, { query: { page: 1, per_page: MAX_PER_PAGE } }).then((r) =>
    r.data.map((s) => ({ value: s.from_source, label: s.name })),
  ),
);
const bankCrawlOptions = referenceOptions(bankResource, bankClient.list, (b: Bank) => ({
  value: `${b.code.toLowerCase()}_crawl`,
  label: `${b.code} crawl`,
}));
const sourceOptions = async (): Promise<readonly Option[]> => {
  const [sources, banks] = await Promise.all([crawlSourceOptions(), bankCrawlOptions()]);
  return [{ value: 'manual', label: 'Manual' }, ...sources, ...banks];
};

/** The contract's filters (contract/offer.ts OfferFilters); what differs is here, in the bar's order. */
export const offerFilters: readonly FilterDef[] = filtersOf(
  offerResource,
  {
    state: { labelOf: (s) => STATE_LABELS[s as keyof typeof STATE_LABELS].label },
    card: {
      options: referenceOptions(cardResource, cardClient.list, (c: Card) => ({
        value: String(c.id),
        label: `${c.name} · ${c.bank_name}`,
      })),
      search: (text, signal) =>
        searchCards(text, signal).then((found) => found.map((c) => ({ value: String(c.id), label: c.label }))),
    },
    outlet: {
      options: outletOptions,
      search: (text, signal) =>
        searchOutlets(text, signal).then((found) => found.map((o) => ({ value: String(o.id), label: o.label }))),
    },
    // The dashboard's "Offers expiring in 7 days" opens the list with this set (?expiring=7).
    expiring: {
      any: 'Any end date',
      options: ['7', '30'].map((d) => ({ value: d, label: `Ending within ${d} days` })),
    },
    // Sources: 'manual', a crawl source's slug ('enbd-site', what its onboarded offers keep), or
    // a bank's older crawl named after its code ('adcb_crawl').
    from_source: { any: 'Any source', options: sourceOptions },
  },
  ['state', 'bank', 'card', 'category', 'outlet', 'expiring', 'from_source'],
);
