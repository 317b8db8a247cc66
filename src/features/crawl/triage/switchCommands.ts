// Moving around the triage view without the pointer: t / shift+t the next and previous kind
// (cards, outlets, offers) of the same source, keeping the state filter when that kind has it;
// f / shift+f the next and previous state filter (the tabs, in their order, "all" last).
import type { Command } from '@/commands/types';
import { triagePath } from '../crawlSources';
import { go } from '@/store/navigate';
import { triage } from './model';
import { CRAWL_TRIAGE_VIEW, TRIAGE_KINDS, type TriageSegment } from './entry';
import { filtersFor, withState } from './links';

const scope = `view:${CRAWL_TRIAGE_VIEW}` as const;
const group = 'Crawl triage';
const SEGMENTS = Object.keys(TRIAGE_KINDS) as TriageSegment[];
const segmentOf = () => SEGMENTS.find((s) => TRIAGE_KINDS[s] === triage.state.kind)!;
const ready = () => triage.state.sourceId > 0 && triage.state.status !== 'idle';
const step = <T>(list: readonly T[], at: T, by: 1 | -1) => list[(list.indexOf(at) + by + list.length) % list.length];

function switchKind(by: 1 | -1) {
  const next = step(SEGMENTS, segmentOf(), by);
  const filter = filtersFor(TRIAGE_KINDS[next]).includes(triage.state.filter) ? triage.state.filter : 'new';
  go(withState(triagePath(next, triage.state.sourceId), filter));
}

function switchFilter(by: 1 | -1) {
  go(
    withState(
      triagePath(segmentOf(), triage.state.sourceId),
      step(filtersFor(triage.state.kind), triage.state.filter, by),
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
