// Crawled bank data: one row per bank that has crawl sources, with its sources and their
// refs by state. The route table in the first download reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';

export const CRAWL_BANKS_VIEW = 'crawlBanks';

export const entry: ScreenEntry = {
  id: CRAWL_BANKS_VIEW,
  title: 'Crawled banks',
  nav: { path: '/crawl-bank', shortcut: 'g k' },
  paths: ['/crawl-bank'],
  page: () => import('./BanksScreen'),
  commands: () => import('./commands').then((m) => m.bankCommands),
};
