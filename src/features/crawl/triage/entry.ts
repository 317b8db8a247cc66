// One triage view for a source's crawled cards, outlets and offers: /crawl-data/cards/3 (the
// source's id), with ?state= filtering the queue. No heavy imports: the route table reads this.
import type { ScreenEntry } from '@/screens/screenEntry';

export const CRAWL_TRIAGE_VIEW = 'crawlTriage';

export const TRIAGE_KINDS = { cards: 'card', outlets: 'outlet', offers: 'offer' } as const;
export type TriageSegment = keyof typeof TRIAGE_KINDS;

export const entry: ScreenEntry = {
  id: CRAWL_TRIAGE_VIEW,
  title: 'Crawl triage',
  paths: Object.keys(TRIAGE_KINDS).map((k) => `/crawl-data/${k}/:source`),
  page: () => import('./TriageScreen'),
  commands: () =>
    Promise.all([import('./commands'), import('./dialogCommands'), import('./switchCommands')]).then(([a, b, c]) => [
      ...a.triageCommands,
      ...b.cardDialogCommands,
      ...c.switchCommands,
    ]),
};
