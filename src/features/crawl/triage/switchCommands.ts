// Moving around the triage view without the pointer: t / shift+t the next and previous kind
// (cards, outlets, offers) of the same source, keeping the state filter when that kind has it;
// f / shift+f the next and previous state filter (the tabs, in their order, "all" last).
import type { Command } from '@/commands/types';
import { triagePath } from '../crawlSources';
import { go } from '@/store/navigate';
import { triageState } from './triageModel';
import { CRAWL_TRIAGE_VIEW, TRIAGE_KINDS, type TriageSegment } from './entry';
import { filtersFor, withState } from './links';

const scope = `view:${CRAWL_TRIAGE_VIEW}` as const;
const group = 'Crawl triage';
const SEGMENTS = Object.keys(TRIAGE_KINDS) as TriageSegment[];
const segmentOf = () => SEGMENTS.find((s) => TRIAGE_KINDS[s] === triageState.kind)!;
const ready = () => triageState.sourceId > 0 && triageState.status !== 'idle';
const step = <T>(list: readonly T[], at: T, by: 1 | -1) => list[(list.indexOf(at) + by + list.length) % list.length];

function switchKind(by: 1 | -1) {
  const next = step(SEGMENTS, segmentOf(), by);
  const filter = filtersFor(TRIAGE_KINDS[next]).includes(triageState.filter) ? triageState.filter : 'new';
  go(withState(triagePath(next, triageState.sourceId), filter));
}

function switchFilter(by: 1 | -1) {
  go(
    withState(
      triagePath(segmentOf(), triageState.sourceId),
      step(filtersFor(triageState.kind), triageState.filter, by),
    ),
  );
}

export const switchCommands: Command[] = [
  {
    id: 'crawl.triage.nextKind',
    title: 'Next kind of refs',
    group,
    keywords: ['cards', 'outlets', 'offers', 'tab', 'switch'],
    shortcut: 't',
    scope,
    enabled: ready,
    run: () => switchKind(1),
  },
  {
    id: 'crawl.triage.prevKind',
    title: 'Previous kind of refs',
    group,
    keywords: ['cards', 'outlets', 'offers', 'tab', 'switch'],
    shortcut: 'shift+t',
    scope,
    enabled: ready,
    run: () => switchKind(-1),
  },
  {
    id: 'crawl.triage.nextState',
    title: 'Next state filter',
    group,
    keywords: ['new', 'assigned', 'skipped', 'all', 'filter', 'tab'],
    shortcut: 'f',
    scope,
    enabled: ready,
    run: () => switchFilter(1),
  },
  {
    id: 'crawl.triage.prevState',
    title: 'Previous state filter',
    group,
    keywords: ['new', 'assigned', 'skipped', 'all', 'filter', 'tab'],
    shortcut: 'shift+f',
    scope,
    enabled: ready,
    run: () => switchFilter(-1),
  },
];
