// The crawled offers screen's keys beyond the list's (j/k, / search, Enter: the edit form):
// o opens the highlighted offer in its source's triage queue.
import type { Command } from '@/commands/types';
import { currentOffer } from './crawlOffers';
import { go } from '@/store/navigate';
import { refLink } from '../triage/links';
import { CRAWL_OFFERS_VIEW } from './entry';

export const offerCommands: Command[] = [
  {
    id: 'crawl.offers.openTriage',
    title: 'Open crawled offer in its triage',
    group: 'Crawled offers',
    keywords: ['review', 'queue', 'source', 'onboard'],
    shortcut: 'o',
    scope: `view:${CRAWL_OFFERS_VIEW}`,
    enabled: () => !!currentOffer(),
    run() {
      const r = currentOffer();
      if (r) go(refLink('offers', r.source_id, r));
    },
  },
];
