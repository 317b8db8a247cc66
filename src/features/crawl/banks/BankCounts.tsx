// Refs by kind and state, with the vanished ones: the crawled banks screen's table, for a
// bank (its sources added up) or one source.
import { REF_KINDS } from '@contract/crawl';
import { type CrawlBankSource } from '@contract/crawlOverviews';
import { AppLink } from '@/ui/AppLink';
import { CountCells, CountHeads, KIND_LABEL, Progress } from '../counts';
import { formatNumber } from '@/lib/format';

type Counts = CrawlBankSource['counts'];

const SEGMENT = { card: 'cards', outlet: 'outlets', offer: 'offers' } as const;

const cell = (n: number, cls = '') => <td className={`num${n === 0 ? ' is-zero' : ''}${cls}`}>{formatNumber(n)}</td>;

/** `link`: each kind's row heads to that source's triage of the kind. */
export function BankCounts({
  counts,
  caption,
  link,
}: {
  counts: Counts;
  caption: string;
  link?: (segment: 'cards' | 'outlets' | 'offers') => string;
}) {
  return (
    <table className="crawl-counts">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Refs</th>
          <CountHeads />
          <th scope="col" className="num" title="No longer on the site at the last import">
            Vanished
          </th>
          <th scope="col">Decided</th>
        </tr>
      </thead>
      <tbody>
        {REF_KINDS.map((k) => {
          const c = counts[k];
          return (
            <tr key={k}>
              <th scope="row">{link ? <AppLink to={link(SEGMENT[k])}>{KIND_LABEL[k]}</AppLink> : KIND_LABEL[k]}</th>
              <CountCells counts={c} />
              {cell(c.vanished, c.vanished ? ' is-vanished' : '')}
              <td className="crawl-counts-bar">
                <Progress counts={c} label={KIND_LABEL[k]} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
