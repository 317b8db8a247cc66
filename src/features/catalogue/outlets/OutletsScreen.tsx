import { useEffect, useState } from 'react';
import type { Outlet } from '@contract/outlet';
import type { Offer } from '@contract/offer';
import type { Pagination } from '@contract/envelope';
import { CommandButton } from '@/commands/CommandButton';
import { pathTo } from '@/commands/resourceScreen';
import { AppLink } from '@/ui/AppLink';
import { ResourceListView } from '@/screens/ResourceListView';
import { offerRoutes } from '@/screens/paths';
import { offers } from '../offers/screen';
import { OfferStateBadge, shortValidity } from '../offers/OfferBits';
import { SchemaForm, type FieldTweak } from '@/screens/SchemaForm';
import { AreaPicker } from './AreaPicker';
import { outletLabel, outletScreen } from './screen';
import '@/ui/catalogue.css';
import { formatDateTime, formatNumber } from '@/lib/format';

const ROW_HEIGHT = 42;

/**
 * What the outlet form says beyond the contract (contract/outlet.ts): the area is picked by
 * name, the address has two lines, and a new outlet started from a filtered list
 * (/add-outlet?category=1) begins in that category.
 */
const OUTLET_FIELDS: Readonly<Record<string, FieldTweak>> = {
  branch: { placeholder: 'e.g. Dubai Mall' },
  category_id: {
    initial: () => (new URLSearchParams(window.location.search).get('category') ?? '').replace(/\D/g, ''),
  },
  area_id: { editor: AreaPicker },
  address: { rows: 2 },
  latitude: { placeholder: '25.2048' },
  longitude: { placeholder: '55.2708' },
  phone: { placeholder: '+971 4 000 0000' },
};
const OUTLET_PAIRS = [['latitude', 'longitude']] as const;

export default function OutletsScreen() {
  return (
    <ResourceListView<Outlet>
      screen={outletScreen}
      rowHeight={ROW_HEIGHT}
      renderRow={(o) => <OutletRow outlet={o} />}
      renderDetail={(o) => <OutletDetail outlet={o} />}
      renderForm={(p) => <SchemaForm {...p} screen={outletScreen} fields={OUTLET_FIELDS} pairs={OUTLET_PAIRS} />}
    />
  );
}

function OutletRow({ outlet }: { outlet: Outlet }) {
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span className="rec-title">{outlet.merchant_name}</span>
        {outlet.branch && <span className="rec-sub">{outlet.branch}</span>}
      </div>
      <div className="rec-meta">
        <span>{outlet.area_name ?? 'No area'}</span>
        {outlet.category_name && (
          <>
            <span aria-hidden>·</span>
            <span>{outlet.category_name}</span>
          </>
        )}
      </div>
    </div>
  );
}

const osmLink = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

function OutletDetail({ outlet }: { outlet: Outlet }) {
  const hasPoint = outlet.latitude !== null && outlet.longitude !== null;
  return (
    <div className="rec-detail">
      <div className="rec-hero">
        <span className="rec-image" aria-hidden>
          {outlet.image ? <img src={outlet.image} alt="" /> : outlet.merchant_name.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <div className="rec-hero-title">{outlet.merchant_name}</div>
          <div className="muted">{outlet.branch ?? 'No branch'}</div>
        </div>
      </div>
      <dl className="props">
        <dt>Category</dt>
        <dd>{outlet.category_name ?? <span className="muted">—</span>}</dd>
        <dt>Area</dt>
        <dd>{outlet.area_name ?? <span className="muted">—</span>}</dd>
        <dt>Address</dt>
        <dd>{outlet.address ?? <span className="muted">—</span>}</dd>
        <dt>Location</dt>
        <dd>
          {hasPoint ? (
            <>
              <span className="mono">
                {outlet.latitude}, {outlet.longitude}
              </span>{' '}
              ·{' '}
              <a href={osmLink(outlet.latitude!, outlet.longitude!)} target="_blank" rel="noreferrer noopener">
                Open in OpenStreetMap ↗
              </a>
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </dd>
        <dt>Phone</dt>
        <dd>
          {outlet.phone ? (
            <a href={`tel:${outlet.phone.replace(/[^0-9+]/g, '')}`}>{outlet.phone}</a>
          ) : (
            <span className="muted">—</span>
          )}
        </dd>
        <dt>Source</dt>
        <dd className="mono">{outlet.from_source}</dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(outlet.updated_at)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(outlet.created_at)}</dd>
        <dt>Id</dt>
        <dd className="mono">{outlet.id}</dd>
      </dl>
      <OffersAtOutlet outlet={outlet} />
    </div>
  );
}

const OFFERS_SHOWN = 20;

/** POST all_offer {outlet}: the first 20 offers here, each opening its offer. */
function OffersAtOutlet({ outlet }: { outlet: Outlet }) {
  const [state, setState] = useState<{
    items: Offer[];
    pagination: Pagination | null;
    error: boolean;
    loading: boolean;
  }>({ items: [], pagination: null, error: false, loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true, error: false }));
    offers.client
      .list({ page: 1, per_page: OFFERS_SHOWN, filters: { outlet: String(outlet.id) } }, { signal: abort.signal })
      .then(
        (res) => setState({ items: res.data, pagination: res.pagination, error: false, loading: false }),
        () => !abort.signal.aborted && setState({ items: [], pagination: null, error: true, loading: false }),
      );
    return () => abort.abort();
  }, [outlet.id, attempt]);

  const total = state.pagination?.total ?? 0;
  return (
    <section className="rec-section" aria-label={`Offers at ${outletLabel(outlet)}`}>
      <div className="rec-section-head">
        <h3>Offers here{state.pagination ? <span className="rec-count">{formatNumber(total)}</span> : null}</h3>
        <CommandButton id="outlet.showOffers" label="Show all in Offers" variant="ghost" />
      </div>
      {state.loading && state.items.length === 0 ? (
        <p className="muted">Loading offers…</p>
      ) : state.error ? (
        <p className="alert alert-row" role="alert">
          <span>Could not load the offers at this outlet.</span>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </p>
      ) : state.items.length === 0 ? (
        <p className="muted">No offers at this outlet.</p>
      ) : (
        <ul className="rec-links">
          {state.items.map((o) => (
            <li key={o.id}>
              <AppLink to={pathTo(offerRoutes.view, o.id)} className="rec-link">
                <span className="rec-link-title">{o.title}</span>
                <span className="rec-link-hint">
                  {o.bank_names.join(', ')} · {shortValidity(o)}
                </span>
                <OfferStateBadge state={o.state} />
              </AppLink>
            </li>
          ))}
          {total > state.items.length && (
            <li className="muted rec-more">and {formatNumber(total - state.items.length)} more</li>
          )}
        </ul>
      )}
    </section>
  );
}
