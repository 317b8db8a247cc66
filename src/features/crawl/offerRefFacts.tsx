// What the crawled offers screen and the triage view both say of a crawled offer: its
// validity as the site gave it (either end may be missing), and its terms, whether a
// reviewer checked it, and the live offer it became.
import type { CrawlOfferRow } from '@contract/crawlOverviews';
import { AppLink } from '@/ui/AppLink';
import { Badge, orDash } from '@/ui/bits';
import { formatDay } from '@/lib/format';

export const validity = (r: Pick<CrawlOfferRow, 'valid_from' | 'valid_to'>) =>
  r.valid_from || r.valid_to
    ? `${r.valid_from ? formatDay(r.valid_from) : '…'} – ${r.valid_to ? formatDay(r.valid_to) : '…'}`
    : null;

/** The last rows of the offer's facts (inside a <dl className="props">). */
export function OfferRefTail({ r }: { r: Pick<CrawlOfferRow, 'terms' | 'checked' | 'offer_id'> }) {
  return (
    <>
      <dt>Terms</dt>
      <dd className="rec-text">{orDash(r.terms)}</dd>
      <dt>Checked</dt>
      <dd>{r.checked ? <Badge tone="on">Checked</Badge> : <span className="muted">No</span>}</dd>
      {r.offer_id !== null && (
        <>
          <dt>Live offer</dt>
          <dd>
            <AppLink to={`/view-offer/${r.offer_id}`}>Offer {r.offer_id}</AppLink>
          </dd>
        </>
      )}
    </>
  );
}
