// One crawled offer on the crawled offers screen: its fields, and what the card and outlet
// names the site gave resolved to (the crawled refs, and the live records those stand for).
import type { CrawlOfferRow, RefState } from '../../../../contract/crawl';
import { CommandButton } from '../../../commands/CommandButton';
import { runCommand } from '../../../commands/runner';
import { offerEditPath } from '../../../store/crawlOffers';
import { triagePath } from '../../../store/crawlSources';
import { AppLink } from '../../../ui/AppLink';
import { Kbd } from '../../../ui/Kbd';
import { Badge, orDash, type Tone } from '../../catalogue/bits';
import { formatDate, formatDay } from '../../catalogue/formParts';
import { STATE_LABEL } from '../counts';

export const STATE_TONE: Record<RefState, Tone> = { new: 'accent', assigned: 'on', created: 'on', onboarded: 'on', skipped: 'off', discontinued: 'warn' };

export const validity = (r: Pick<CrawlOfferRow, 'valid_from' | 'valid_to'>) =>
  r.valid_from || r.valid_to ? `${r.valid_from ? formatDay(r.valid_from) : '…'} – ${r.valid_to ? formatDay(r.valid_to) : '…'}` : null;

export function OfferPane({ r }: { r: CrawlOfferRow }) {
  const unresolvedCards = r.card_names.length - r.cards.length;
  const unresolvedOutlets = r.outlet_names.length - r.outlets.length;
  return (
    <div className="pane">
      <header className="pane-head">
        <h2>{r.title}</h2>
        <Badge tone={STATE_TONE[r.state]}>{STATE_LABEL[r.state]}</Badge>
        <button type="button" className="btn btn-primary" onClick={() => runCommand('list.open', 'button', r.id)}>
          Edit <Kbd shortcut="enter" />
        </button>
        <CommandButton id="crawl.offers.openTriage" label="Triage" />
      </header>
      <div className="pane-body crawl-source">
        {r.vanished_at && (
          <div className="triage-notice is-warn">
            <p>The site no longer showed this offer at the import of {formatDate(r.vanished_at)}.</p>
          </div>
        )}
        <dl className="props">
          <dt>Source</dt>
          <dd>
            <AppLink to={triagePath('offers', r.source_id)}>{r.source_name}</AppLink> <span className="mono muted">{r.from_source}</span>
          </dd>
          <dt>Discount</dt>
          <dd>{orDash(r.discount)}</dd>
          <dt>Valid</dt>
          <dd>{orDash(validity(r))}</dd>
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
        </dl>

        <section aria-label="Cards">
          <h3 className="triage-section-head">Cards</h3>
          <p className="crawl-named muted">{r.card_names.length ? `As the site names them: ${r.card_names.join(', ')}.` : 'The site names no card.'}</p>
          {r.cards.length > 0 && (
            <table className="crawl-counts crawl-resolved">
              <thead>
                <tr>
                  <th scope="col">Crawled card</th>
                  <th scope="col">State</th>
                  <th scope="col">Live card</th>
                </tr>
              </thead>
              <tbody>
                {r.cards.map((c) => (
                  <tr key={c.ref_id}>
                    <td>
                      <AppLink to={`${triagePath('cards', r.source_id)}?state=${c.state}&ref=${c.ref_id}`}>{c.name}</AppLink>
                    </td>
                    <td>
                      <Badge tone={STATE_TONE[c.state]}>{STATE_LABEL[c.state]}</Badge>
                    </td>
                    <td>{c.card_id !== null ? <AppLink to={`/view-card/${c.card_id}`}>{c.card_name ?? `Card ${c.card_id}`}</AppLink> : <span className="muted">Not linked yet</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {unresolvedCards > 0 && <p className="muted">{unresolvedCards} name{unresolvedCards === 1 ? '' : 's'} matched no crawled card of the source.</p>}
        </section>

        <section aria-label="Outlets">
          <h3 className="triage-section-head">Outlets</h3>
          <p className="crawl-named muted">{r.outlet_names.length ? `As the site names them: ${r.outlet_names.join(', ')}.` : 'The site names no outlet.'}</p>
          {r.outlets.length > 0 && (
            <table className="crawl-counts crawl-resolved">
              <thead>
                <tr>
                  <th scope="col">Crawled outlet</th>
                  <th scope="col">State</th>
                  <th scope="col">Live outlets</th>
                </tr>
              </thead>
              <tbody>
                {r.outlets.map((o) => (
                  <tr key={o.ref_id}>
                    <td>
                      <AppLink to={`/view-crawl-outlet/${o.ref_id}`}>{o.name}</AppLink>
                    </td>
                    <td>
                      <Badge tone={STATE_TONE[o.state]}>{STATE_LABEL[o.state]}</Badge>
                    </td>
                    <td>
                      {o.outlet_ids.length ? (
                        <span className="triage-chips">
                          {o.outlet_ids.map((id) => (
                            <AppLink key={id} to={`/view-outlet/${id}`}>
                              Outlet {id}
                            </AppLink>
                          ))}
                        </span>
                      ) : (
                        <span className="muted">Not linked yet</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {unresolvedOutlets > 0 && <p className="muted">{unresolvedOutlets} name{unresolvedOutlets === 1 ? '' : 's'} matched no crawled outlet of the source.</p>}
        </section>
        <p className="muted">
          <AppLink to={offerEditPath(r.id)}>Edit the crawled offer</AppLink> before its source is onboarded.
        </p>
      </div>
    </div>
  );
}
