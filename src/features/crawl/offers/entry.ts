// Crawled offer data: the crawled offers of every source, searched and filtered, each with
// what its card and outlet names resolved to. No heavy imports: the route table reads this.
import type { ScreenEntry } from '@/screens/screenEntry';

export const CRAWL_OFFERS_VIEW = 'crawlOffers';

export const entry: ScreenEntry = {
  id: CRAWL_OFFERS_VIEW,
  title: 'Crawled offers',
  nav: { path: '/crawl-offer', shortcut: 'g f' },
  paths: ['/crawl-offer'],
  page: () => import('./OffersScreen'),
  commands: () => import('./commands').then((m) => m.offerCommands),
};
