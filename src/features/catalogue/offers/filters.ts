// The offer list's filter bar (all in the URL: /offer-list?bank=3&state=live).
import { OFFER_STATES } from '@contract/offer';
import { MAX_PER_PAGE } from '@contract/envelope';
import { bankResource, type Bank } from '@contract/bank';
import { cardResource, type Card } from '@contract/card';
import { categoryResource, type Category } from '@contract/category';
import { listSources } from '@contract/crawlSources';
import { call } from '@/api/call';
import { cachedOptions, enumFilter, refFilter, type FilterDef, type Option } from '@/store/filters';
import {
  bankClient,
  cardClient,
  categoryClient,
  outletClient,
  outletOption,
  referenceOptions,
  searchCards,
  searchOutlets,
} from '@/ui/lookups';
import { STATE_LABELS } from './states';

const bankOptions = referenceOptions(bankResource, bankClient.list, (b: Bank) => ({
  value: String(b.id),
  label: b.name,
}));

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

export const offerFilters: readonly FilterDef[] = [
  enumFilter('state', 'State', 'Any state', OFFER_STATES, (s) => STATE_LABELS[s as keyof typeof STATE_LABELS].label),
  refFilter('bank', 'Bank', 'All banks', bankOptions),
  {
    ...refFilter(
      'card',
      'Card',
      'All cards',
      referenceOptions(cardResource, cardClient.list, (c: Card) => ({
        value: String(c.id),
        label: `${c.name} · ${c.bank_name}`,
      })),
    ),
    search: (text, signal) =>
      searchCards(text, signal).then((found) => found.map((c) => ({ value: String(c.id), label: c.label }))),
  },
  refFilter(
    'category',
    'Category',
    'All categories',
    referenceOptions(categoryResource, categoryClient.list, (c: Category) => ({ value: String(c.id), label: c.name })),
  ),
  {
    ...refFilter('outlet', 'Outlet', 'All outlets', outletOptions),
    search: (text, signal) =>
      searchOutlets(text, signal).then((found) => found.map((o) => ({ value: String(o.id), label: o.label }))),
  },
  // The dashboard's "Offers expiring in 7 days" opens the list with this set (?expiring=7).
  enumFilter('expiring', 'Expiring', 'Any end date', ['7', '30'], (d) => `Ending within ${d} days`),
  // Sources: 'manual', a crawl source's slug ('enbd-site', what its onboarded offers keep), or
  // a bank's older crawl named after its code ('adcb_crawl').
  refFilter('from_source', 'Source', 'Any source', sourceOptions),
];
