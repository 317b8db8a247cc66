// The product's addresses of single crawled records (a crawled outlet, a crawled offer's edit
// form): each fetches its ref to learn its source, then hands over
// to the triage view with that ref open. No sidebar place: they are reached by links.
import type { ScreenEntry } from '@/screens/screenEntry';

export const CRAWL_RECORD_VIEW = 'crawlRecord';

export const entry: ScreenEntry = {
  id: CRAWL_RECORD_VIEW,
  title: 'Crawled record',
  paths: ['/view-crawl-outlet/:id', '/edit-crawl-offer/:id'],
  page: () => import('./RecordLink'),
};
