// How a source's refs stand, by kind: the numbers the sources screen and the triage header share.
import { REF_STATES, type CrawlSource, type RefKind, type RefState } from '@contract/crawl';
import { formatNumber } from '@/lib/format';

export type Counts = CrawlSource['counts'][RefKind];

export const KIND_LABEL: Record<RefKind, string> = { card: 'Cards', outlet: 'Outlets', offer: 'Offers' };

/** States as a reviewer reads them: one name each, in every table, tab and badge. */
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

/** A counts table's heads: one column per state, named as the triage's tabs name it. */
export function CountHeads() {
  return (
    <>
      {REF_STATES.map((st) => (
        <th key={st} scope="col" className="num">
          {st === 'discontinued' ? <abbr title={STATE_LABEL[st]}>Discont.</abbr> : STATE_LABEL[st]}
        </th>
      ))}
    </>
  );
}

/** One kind's counts, a cell per state (as CountHeads). */
export function CountCells({ counts }: { counts: Counts }) {
  return (
    <>
      {REF_STATES.map((st) => (
        <td
          key={st}
          className={`num${counts[st] === 0 ? ' is-zero' : ''}${st === 'new' && counts.new ? ' is-new' : ''}`}
        >
          {formatNumber(counts[st])}
        </td>
      ))}
    </>
  );
}

/** A thin bar: how much of a kind is decided. */
export function Progress({ counts, label }: { counts: Counts; label: string }) {
  const total = totalCount(counts);
  const done = decidedCount(counts);
  const pct = total ? Math.round((done / total) * 100) : 100;
  return (
    <span
      className="crawl-progress"
      role="img"
      aria-label={`${label}: ${done} of ${total} decided`}
      title={`${label}: ${done} of ${total} decided`}
    >
      <span style={{ width: `${pct}%` }} />
    </span>
  );
}
