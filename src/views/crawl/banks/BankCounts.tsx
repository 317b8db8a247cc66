// Refs by kind and state, with the vanished ones: the crawled banks screen's table, for a
// bank (its sources added up) or one source.
import { REF_KINDS, type CrawlBankSource } from '../../../../contract/crawl';
import { AppLink } from '../../../ui/AppLink';
import { KIND_LABEL, Progress } from '../counts';

type Counts = CrawlBankSource['counts'];

const SEGMENT = { card: 'cards', outlet: 'outlets', offer: 'offers' } as const;

const cell = (n: number, cls = '') => <td className={`num${n === 0 ? ' is-zero' : ''}${cls}`}>{n.toLocaleString()}</td>;

/** `link`: each kind's row heads to that source's triage of the kind. */
export function BankCounts({ counts, caption, link }: { counts: Counts; caption: string; link?: (segment: 'cards' | 'outlets' | 'offers') => string }) {
  return (
    <table className="crawl-counts">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Refs</th>
          <th scope="col" className="num">New</th>
          <th scope="col" className="num" title="Assigned to live records, or created as them">Assigned</th>
          <th scope="col" className="num">Onboarded</th>
          <th scope="col" className="num">Skipped</th>
          <th scope="col" className="num" title="Discontinued">Discont.</th>
          <th scope="col" className="num" title="No longer on the site at the last import">Vanished</th>
          <th scope="col" aria-label="Progress" />
        </tr>
      </thead>
      <tbody>
        {REF_KINDS.map((k) => {
          const c = counts[k];
          return (
            <tr key={k}>
              <th scope="row">{link ? <AppLink to={link(SEGMENT[k])}>{KIND_LABEL[k]}</AppLink> : KIND_LABEL[k]}</th>
              {cell(c.new, c.new ? ' is-new' : '')}
              {cell(c.assigned + c.created)}
              {cell(c.onboarded)}
              {cell(c.skipped)}
              {cell(c.discontinued)}
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
