// Addresses of the triage view, shared by the view and the crawled records' own URLs
// (src/features/crawl/records/RecordLink.tsx), which must not pull in the whole view.
import type { RefKind, RefState } from '@contract/crawl';
import { triagePath } from '../crawlSources';
import type { RefFilter } from './triageTypes';
import type { TriageSegment } from './entry';

export const withState = (path: string, f: RefFilter) => (f === 'new' ? path : `${path}?state=${f}`);

/** The triage view with one ref open (?ref=), in the queue of the ref's own state; &edit=1 opens an offer's edit form. */
export function refLink(
  segment: TriageSegment,
  sourceId: number,
  r: { id: number; state: RefState },
  edit = false,
): string {
  const path = withState(triagePath(segment, sourceId), r.state);
  return `${path}${path.includes('?') ? '&' : '?'}ref=${r.id}${edit ? '&edit=1' : ''}`;
}

/** The state filters a kind's queue offers, in tab order: only offers are onboarded, only cards discontinued. */
export const filtersFor = (kind: RefKind): RefFilter[] => [
  'new',
  'assigned',
  'created',
  'skipped',
  ...(kind === 'offer' ? (['onboarded'] as const) : []),
  ...(kind === 'card' ? (['discontinued'] as const) : []),
  'all',
];
