import { useMemo } from 'react';
import { useSearch } from 'wouter';
import type { Offer } from '@contract/offer';
import { CommandButton } from '@/commands/CommandButton';
import { pathTo } from '@/commands/resourceScreen';
import { AppLink } from '@/ui/AppLink';
import { ResourceListView } from '@/screens/ResourceListView';
import { formatDateTime } from '@/lib/format';
import { banks, isMissing, outletOption, useCards, useOutlets } from '@/ui/lookups';
import { cardRoutes } from '@/screens/paths';
import { outletRoutes } from '@/screens/paths';
import { dubaiDay } from '@contract/dubaiTime';
import { SchemaForm, type FieldTweak } from '@/screens/SchemaForm';
import { OfferStateBadge, shortValidity, validity } from './OfferBits';
import { offerFilters } from './filters';
import { offerScreen } from './screen';
import '@/ui/catalogue.css';

/**
 * The screen with its filter bar (kept out of the commands, which load with the app). Card and
 * outlet have too many choices for a select to be quick: they join the bar when the URL sets
 * them ("Show offers at this outlet", "Show offers on a card…").
 */
const ALWAYS = ['state', 'bank', 'category', 'from_source'];
function useOfferScreen() {
  const params = new URLSearchParams(useSearch());
  const shown = offerFilters
    .filter((f) => ALWAYS.includes(f.key) || params.get(f.key))
    .map((f) => f.key)
    .join(',');
  return useMemo(
    () => ({ ...offerScreen, filters: offerFilters.filter((f) => shown.split(',').includes(f.key)) }),
    [shown],
  );
}

/** A new offer started from a filtered list (/add-offer?outlet=5) begins with that filter's choice. */
const fromList = (key: string) => (new URLSearchParams(window.location.search).get(key) ?? '').replace(/\D/g, '');
const idFromList = (key: string) => (fromList(key) ? [Number(fromList(key))] : []);

/**
 * What the offer form says beyond the contract (contract/offer.ts, whose fields are in the
 * form's order): it starts valid today, in the list's category, card or outlet; the source is
 * lowercase as typed.
 */
const OFFER_FIELDS: Readonly<Record<string, FieldTweak>> = {
  title: { placeholder: 'e.g. 20% off at Nayomi' },
  discount: { placeholder: 'e.g. 20% off, Buy 1 get 1' },
  valid_from: { initial: dubaiDay },
  category_id: { initial: () => fromList('category') },
  card_ids: {
    initial: () => idFromList('card'),
    placeholder: 'Search cards by name or bank…',
    hint: 'The cards this offer applies to.',
  },
  outlet_ids: {
    initial: () => idFromList('outlet'),
    placeholder: 'Search outlets by merchant or area…',
    hint: 'Where the offer can be used.',
  },
  terms: { rows: 4 },
  from_source: {
    initial: 'manual',
    normalise: (text) => text.toLowerCase(),
    className: 'field-source',
    hint: '‘manual’, or the crawl source it came from (lowercase, digits, - and _).',
  },
};
const OFFER_PAIRS = [['valid_from', 'valid_to']] as const;

export default function OffersScreen() {
  const screen = useOfferScreen();
  // Rows name banks by code (ADCB, ENBD): the full names would crowd out the merchants.
  const bankList = banks.useList();
  const codes = useMemo(() => new Map((bankList ?? []).map((b) => [b.name, b.code])), [bankList]);
  return (
    <ResourceListView<Offer>
      screen={screen}
      rowHeight={ROW_HEIGHT}
      renderRow={(o) => <OfferRow offer={o} codes={codes} />}
      renderDetail={(o) => <OfferDetail offer={o} />}
      renderForm={(p) => <SchemaForm {...p} screen={screen} fields={OFFER_FIELDS} pairs={OFFER_PAIRS} />}
      renderActions={() => <CommandButton id="engagement.ofOffer" label="Engagement" variant="ghost" />}
    />
  );
}

const ROW_HEIGHT = 42;

const list = (names: readonly string[], none: string) =>
  names.length === 0
    ? none
    : names.length <= 2
      ? names.join(', ')
      : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;

function OfferRow({ offer, codes }: { offer: Offer; codes: ReadonlyMap<string, string> }) {
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span className="rec-title">{offer.title}</span>
        <OfferStateBadge state={offer.state} />
      </div>
      <div className="rec-meta">
        <span className="rec-strong">{offer.discount}</span>
        <span aria-hidden>·</span>
        <span className="rec-ellipsis rec-banks" title={offer.bank_names.join(', ')}>
          {list(
            offer.bank_names.map((n) => codes.get(n) ?? n),
            'No bank',
          )}
        </span>
        <span aria-hidden>·</span>
        <span className="rec-ellipsis rec-merchants" title={offer.merchant_names.join(', ')}>
          {list(offer.merchant_names, 'No outlet')}
        </span>
        <span className="rec-dates" title={validity(offer)}>
          {shortValidity(offer)}
        </span>
      </div>
    </div>
  );
}

function OfferDetail({ offer }: { offer: Offer }) {
  return (
    <div className="rec-detail">
      <div className="rec-hero">
        <span className="rec-image" aria-hidden>
          {offer.image ? <img src={offer.image} alt="" /> : '%'}
        </span>
        <div>
          <div className="rec-hero-title">{offer.title}</div>
          <div className="rec-hero-sub">
            <span className="rec-strong">{offer.discount}</span>
            <OfferStateBadge state={offer.state} />
          </div>
        </div>
      </div>
      <dl className="props">
        <dt>Valid</dt>
        <dd>{validity(offer)}</dd>
        <dt>Category</dt>
        <dd>{offer.category_name ?? <span className="muted">—</span>}</dd>
        <dt>Banks</dt>
        <dd>{offer.bank_names.length ? offer.bank_names.join(', ') : <span className="muted">—</span>}</dd>
        <dt>Source</dt>
        <dd className="mono">{offer.from_source}</dd>
        <dt>Description</dt>
        <dd className="rec-text">{offer.description ?? <span className="muted">—</span>}</dd>
        <dt>Terms</dt>
        <dd className="rec-text">{offer.terms ?? <span className="muted">—</span>}</dd>
      </dl>
      <OfferCards ids={offer.card_ids} />
      <OfferOutlets ids={offer.outlet_ids} />
      <dl className="props">
        <dt>Updated</dt>
        <dd>{formatDateTime(offer.updated_at)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(offer.created_at)}</dd>
        <dt>Id</dt>
        <dd className="mono">{offer.id}</dd>
      </dl>
    </div>
  );
}

function OfferCards({ ids }: { ids: readonly number[] }) {
  const { status, records } = useCards(ids);
  return (
    <section className="rec-section" aria-label="Cards">
      <div className="rec-section-head">
        <h3>
          Cards<span className="rec-count">{ids.length}</span>
        </h3>
      </div>
      {ids.length === 0 ? (
        <p className="muted">This offer applies to no card yet.</p>
      ) : status === 'loading' && records.length === 0 ? (
        <p className="muted">Loading cards…</p>
      ) : (
        <ul className="rec-links">
          {records.map((c) =>
            isMissing(c) ? (
              <li key={c.id} className="muted rec-more">
                Card {c.id} (not found)
              </li>
            ) : (
              <li key={c.id}>
                <AppLink to={pathTo(cardRoutes.view, c.id)} className="rec-link">
                  <span className="rec-link-title">{c.name}</span>
                  <span className="rec-link-hint">
                    {c.bank_name} · {c.network_type}
                  </span>
                </AppLink>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function OfferOutlets({ ids }: { ids: readonly number[] }) {
  const { status, records } = useOutlets(ids);
  return (
    <section className="rec-section" aria-label="Outlets">
      <div className="rec-section-head">
        <h3>
          Outlets<span className="rec-count">{ids.length}</span>
        </h3>
      </div>
      {ids.length === 0 ? (
        <p className="muted">No outlet linked.</p>
      ) : status === 'loading' && records.length === 0 ? (
        <p className="muted">Loading outlets…</p>
      ) : (
        <ul className="rec-links">
          {records.map((o) => {
            if (isMissing(o))
              return (
                <li key={o.id} className="muted rec-more">
                  Outlet {o.id} (not found)
                </li>
              );
            const opt = outletOption(o);
            return (
              <li key={o.id}>
                <AppLink to={pathTo(outletRoutes.view, o.id)} className="rec-link">
                  <span className="rec-link-title">{opt.label}</span>
                  <span className="rec-link-hint">{[o.area_name, o.category_name].filter(Boolean).join(' · ')}</span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
