// The homepage model's calls (src/features/homepage/homepageModel.ts) on the real API: the four lists'
// operations from contract/homepage*.ts, made through `call`.
import { MAX_PER_PAGE } from '@contract/envelope';
import { dontMissOutResource, heroBannerResource, listDontMissOut, listHeroBanners } from '@contract/homepageBanners';
import { allSelectedOffers, selectedOfferResource } from '@contract/homepageSelected';
import { listWelcomeBoxes, welcomeBoxResource } from '@contract/homepageWelcome';
import type { Pagination } from '@contract/envelope';
import { listPage, type Resource } from '@contract/resource';
import { call } from '@/api/call';
import { resourceClient } from '@/api/resourceClient';
import { type HomepageApi, type HomepageItem, type HomepageTab } from './homepageTypes';

export const TAB_RESOURCE: Record<HomepageTab, Resource> = {
  'hero-banners': heroBannerResource,
  'welcome-boxes': welcomeBoxResource,
  'selected-offers': selectedOfferResource,
  'dont-miss-out': dontMissOutResource,
};

const clients = Object.fromEntries(
  Object.entries(TAB_RESOURCE).map(([tab, r]) => [tab, resourceClient<HomepageItem>(r)]),
) as Record<HomepageTab, ReturnType<typeof resourceClient<HomepageItem>>>;

/** Every page of a paged list, in order (the lists are short: one page in practice). */
async function allPages(
  load: (page: number) => Promise<{ data: HomepageItem[]; pagination: Pagination }>,
): Promise<HomepageItem[]> {
  const first = await load(1);
  const out = [...first.data];
  for (let page = 2; page <= first.pagination.last_page; page++) out.push(...(await load(page)).data);
  return out;
}

const query = (page: number) => ({ query: { page, per_page: MAX_PER_PAGE } });

export const homepageApi: HomepageApi = {
  list(tab, signal) {
    switch (tab) {
      case 'hero-banners':
        return allPages((page) =>
          call(listHeroBanners, query(page), { signal }).then((r) => listPage<HomepageItem>(heroBannerResource, r)),
        );
      case 'welcome-boxes':
        return allPages((page) =>
          call(listWelcomeBoxes, query(page), { signal }).then((r) => listPage<HomepageItem>(welcomeBoxResource, r)),
        );
      case 'dont-miss-out':
        return allPages((page) => call(listDontMissOut, query(page), { signal }));
      case 'selected-offers':
        return call(allSelectedOffers, {}, { signal }).then((r) => r.data);
    }
  },
  move: (tab, id, to) => call(TAB_RESOURCE[tab].ops.move!, { params: { id }, body: { to } }),
  add: (tab, data) => clients[tab].add(data),
  update: (tab, id, data) => clients[tab].update(id, data),
  remove: (tab, id) => clients[tab].remove(id),
};
