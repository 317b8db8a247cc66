// The crawled banks screen's keys beyond the list's (j/k, Enter: the newest source's cards):
// 1–9 open the highlighted bank's nth source in the triage.
import type { Command } from '@/commands/types';
import { currentBank, openSource } from './crawlBanks';
import { CRAWL_BANKS_VIEW } from './entry';

const SOURCE_KEYS = 9;

export const bankCommands: Command[] = Array.from({ length: SOURCE_KEYS }, (_, i): Command => ({
  id: `crawl.banks.openSource${i + 1}`,
  title: `Open the bank's source ${i + 1}`,
  group: 'Crawled banks',
  keywords: ['triage', 'review', 'crawl source'],
  shortcut: String(i + 1),
  scope: `view:${CRAWL_BANKS_VIEW}`,
  // The pane numbers the sources; one palette entry would not say which bank.
  palette: false,
  enabled: () => !!currentBank()?.sources[i],
  run: () => openSource(i),
}));
