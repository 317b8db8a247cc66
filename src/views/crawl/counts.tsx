// How a source's refs stand, by kind: the numbers the sources screen and the triage header share.
import type { CrawlSource, RefKind, RefState } from '../../../contract/crawl';

export type Counts = CrawlSource['counts'][RefKind];

export const KIND_LABEL: Record<RefKind, string> = { card: 'Cards', outlet: 'Outlets', offer: 'Offers' };

/** States as a reviewer reads them; assigned and created are both "linked". */
export const STATE_LABEL: Record<RefState, string> = {
  new: 'New',
  assigned: 'Assigned',
  created: 'Created',
  onboarded: 'Onboarded',
  skipped: 'Skipped',
  discontinued: 'Discontinued',
};

export const decidedCount = (c: Counts) => c.assigned + c.created + c.onboarded + c.skipped + c.discontinued;
export const totalCount = (c: Counts) => c.new + decidedCount(c);

/** One kind's counts: new / assigned+created / onboarded / skipped / discontinued. */
export function CountCells({ counts }: { counts: Counts }) {
  const cell = (n: number, cls = '') => <td className={`num${n === 0 ? ' is-zero' : ''}${cls}`}>{n.toLocaleString()}</td>;
  return (
    <>
      {cell(counts.new, counts.new ? ' is-new' : '')}
      {cell(counts.assigned + counts.created)}
      {cell(counts.onboarded)}
      {cell(counts.skipped)}
      {cell(counts.discontinued)}
    </>
  );
}

/** A thin bar: how much of a kind is decided. */
export function Progress({ counts, label }: { counts: Counts; label: string }) {
  const total = totalCount(counts);
  const done = decidedCount(counts);
  const pct = total ? Math.round((done / total) * 100) : 100;
  return (
    <span className="crawl-progress" role="img" aria-label={`${label}: ${done} of ${total} decided`} title={`${label}: ${done} of ${total} decided`}>
      <span style={{ width: `${pct}%` }} />
    </span>
  );
}
