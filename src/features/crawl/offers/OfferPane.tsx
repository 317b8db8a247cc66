// One crawled offer on the crawled offers screen: its fields, and what the card and outlet
// names the site gave resolved to (the crawled refs, and the live records those stand for).
import type { ReactNode } from 'react';
import type { RefState } from '@contract/crawl';
import type { CrawlOfferRow } from '@contract/crawlOverviews';
import { CommandButton } from '@/commands/CommandButton';
import { offerEditPath } from './crawlOffers';
import { triagePath } from '../crawlSources';
import { AppLink } from '@/ui/AppLink';
import { Badge, orDash, type Tone } from '@/ui/bits';
import { formatDateTime } from '@/lib/format';
import { OfferRefTail, validity } from '../offerRefFacts';
import { PaneBack } from '@/screens/PaneBack';
import { STATE_LABEL } from '../counts';
import { LiveOutlets } from '../LiveOutlets';

export const STATE_TONE: Record<RefState, Tone> = {
  new: 'accent',
  assigned: 'on',
  created: 'on',
  onboarded: 'on',
  skipped: 'off',
  discontinued: 'warn',
};

export function OfferPane({ r }: { r: CrawlOfferRow }) {
  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>{r.title}</h2>
        <Badge tone={STATE_TONE[r.state]}>{STATE_LABEL[r.state]}</Badge>
        {/* On this screen opening a crawled offer is editing it (its Enter, from the command). */}
        <CommandButton id="list.open" label="Edit" variant="primary" arg={r.id} />
        <CommandButton id="crawl.offers.openTriage" label="Triage" />
      </header>
      <div className="pane-body crawl-source">
        {r.vanished_at && (
          <div className="triage-notice is-warn">
            <p>The site no longer showed this offer at the import of {formatDateTime(r.vanished_at)}.</p>
          </div>
        )}
        <dl className="props">
          <dt>Source</dt>
          <dd>
            <AppLink to={triagePath('offers', r.source_id)}>{r.source_name}</AppLink>{' '}
            <span className="mono muted">{r.from_source}</span>
          </dd>
          <dt>Discount</dt>
          <dd>{orDash(r.discount)}</dd>
          <dt>Valid</dt>
          <dd>{orDash(validity(r))}</dd>
          <OfferRefTail r={r} />
        </dl>

        <ResolvedRefs
          kind="card"
          named={r.card_names}
          rows={r.cards}
          refPath={(c) => `${triagePath('cards', r.source_id)}?state=${c.state}&ref=${c.ref_id}`}
          liveHead="Live card"
          live={(c) =>
            c.card_id !== null ? (
              <AppLink to={`/view-card/${c.card_id}`}>{c.card_name ?? `Card ${c.card_id}`}</AppLink>
            ) : null
          }
        />
        <ResolvedRefs
          kind="outlet"
          named={r.outlet_names}
          rows={r.outlets}
          refPath={(o) => `/view-crawl-outlet/${o.ref_id}`}
          liveHead="Live outlets"
          live={(o) => (o.outlet_ids.length ? <LiveOutlets ids={o.outlet_ids} /> : null)}
        />
        <p className="muted">
          <AppLink to={offerEditPath(r.id)}>Edit the crawled offer</AppLink> before its source is onboarded.
        </p>
      </div>
    </div>
  );
}

interface ResolvedRefsProps<R extends { ref_id: number; name: string; state: RefState }> {
  kind: 'card' | 'outlet';
  /** The names as the site gave them. */
  named: readonly string[];
  /** The crawled refs those names resolved to. */
  rows: readonly R[];
  refPath: (row: R) => string;
  liveHead: string;
  /** The live record(s) a ref stands for; null: not linked yet. */
  live: (row: R) => ReactNode;
}

/** What the site's card or outlet names resolved to: the crawled refs, their state, their live records. */
function ResolvedRefs<R extends { ref_id: number; name: string; state: RefState }>({
  kind,
  named,
  rows,
  refPath,
  liveHead,
  live,
}: ResolvedRefsProps<R>) {
  const heading = kind === 'card' ? 'Cards' : 'Outlets';
  const unresolved = named.length - rows.length;
  return (
    <section aria-label={heading}>
      <h3 className="triage-section-head">{heading}</h3>
      <p className="crawl-named muted">
        {named.length ? `As the site names them: ${named.join(', ')}.` : `The site names no ${kind}.`}
      </p>
      {rows.length > 0 && (
        <table className="crawl-counts crawl-resolved">
          <thead>
            <tr>
              <th scope="col">Crawled {kind}</th>
              <th scope="col">State</th>
              <th scope="col">{liveHead}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.ref_id}>
                <td>
                  <AppLink to={refPath(row)}>{row.name}</AppLink>
                </td>
                <td>
                  <Badge tone={STATE_TONE[row.state]}>{STATE_LABEL[row.state]}</Badge>
                </td>
                <td>{live(row) ?? <span className="muted">Not linked yet</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {unresolved > 0 && (
        <p className="muted">
          {unresolved} name{unresolved === 1 ? '' : 's'} matched no crawled {kind} of the source.
        </p>
      )}
    </section>
  );
}
