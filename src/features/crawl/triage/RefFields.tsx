import type { CardRef, OfferRef, OutletRef } from '@contract/crawl';
import { AppLink } from '@/ui/AppLink';
import { Badge, formatMoney, orDash } from '@/ui/bits';
import { LiveOutlets } from '../LiveOutlets';
import { OfferRefTail, validity } from '../offerRefFacts';
import type { AnyRef } from './triageTypes';

/** The crawled ref's own fields, by kind (the pane's facts). */
export function RefFields({ r }: { r: AnyRef }) {
  if ('name' in r) return <CardFields r={r} />;
  if ('merchant_name' in r) return <OutletFields r={r} />;
  return <OfferFields r={r} />;
}

function CardFields({ r }: { r: CardRef }) {
  return (
    <dl className="props">
      <dt>Bank</dt>
      <dd>{orDash(r.bank_name)}</dd>
      <dt>Network</dt>
      <dd>{orDash(r.network)}</dd>
      <dt>Annual fee</dt>
      <dd>{orDash(formatMoney(r.annual_fee))}</dd>
      <dt>Benefits</dt>
      <dd className="rec-text">{orDash(r.benefits)}</dd>
      {r.card_id !== null && (
        <>
          <dt>Live card</dt>
          <dd>
            <AppLink to={`/view-card/${r.card_id}`}>{r.card_name ?? `Card ${r.card_id}`}</AppLink>
          </dd>
          <dt>Status confirmed</dt>
          <dd>{r.confirmed_status ?? <span className="muted">Not yet (d: discontinued, ⇧d: not)</span>}</dd>
        </>
      )}
      <dt>Key</dt>
      <dd className="mono">{r.source_key}</dd>
    </dl>
  );
}

function OutletFields({ r }: { r: OutletRef }) {
  return (
    <dl className="props">
      <dt>Merchant</dt>
      <dd>{r.merchant_name}</dd>
      <dt>Branch</dt>
      <dd>{orDash(r.branch)}</dd>
      <dt>Area</dt>
      <dd>{orDash(r.area_name)}</dd>
      <dt>Address</dt>
      <dd>{orDash(r.address)}</dd>
      <dt>Location</dt>
      <dd className="mono">
        {r.latitude !== null && r.longitude !== null
          ? `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`
          : orDash(null)}
      </dd>
      {r.outlet_ids.length > 0 && (
        <>
          <dt>Live outlets</dt>
          <dd>
            <LiveOutlets ids={r.outlet_ids} />
          </dd>
        </>
      )}
      <dt>Key</dt>
      <dd className="mono">{r.source_key}</dd>
    </dl>
  );
}

function OfferFields({ r }: { r: OfferRef }) {
  return (
    <dl className="props">
      <dt>Discount</dt>
      <dd>{orDash(r.discount)}</dd>
      <dt>Valid</dt>
      <dd>{orDash(validity(r))}</dd>
      <dt>Cards</dt>
      <dd className="triage-chips">
        {r.card_names.length
          ? r.card_names.map((n) => (
              <Badge key={n} tone={r.card_ref_ids.length ? 'accent' : 'off'}>
                {n}
              </Badge>
            ))
          : orDash(null)}
        {r.card_names.length > 0 && <span className="muted">{r.card_ref_ids.length} resolved to crawled cards</span>}
      </dd>
      <dt>Outlets</dt>
      <dd className="triage-chips">
        {r.outlet_names.length ? r.outlet_names.map((n, i) => <Badge key={`${n}-${i}`}>{n}</Badge>) : orDash(null)}
        {r.outlet_names.length > 0 && (
          <span className="muted">{r.outlet_ref_ids.length} resolved to crawled outlets</span>
        )}
      </dd>
      <OfferRefTail r={r} />
    </dl>
  );
}
