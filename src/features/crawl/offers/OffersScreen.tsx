import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { type CrawlOfferRow } from '@contract/crawlOverviews';
import { listSources } from '@contract/crawlSources';
import { call } from '@/api/call';
import { runCommand } from '@/commands/runner';
import {
  leaveOffers,
  loadMoreOffers,
  offersList,
  offersState,
  paramsOf,
  setOfferParams,
  showOffers,
} from './crawlOffers';
import { cachedOptions, enumFilter, refFilter, type FilterDef } from '@/store/filters';
import { setActiveView } from '@/store/ui';
import { FilterBar } from '@/ui/FilterBar';
import { Kbd } from '@/ui/Kbd';
import { SplitPane } from '@/ui/SplitPane';
import { VirtualList } from '@/ui/VirtualList';
import { SearchBox } from '@/screens/SearchBox';
import { Badge } from '@/ui/bits';
import { STATE_LABEL } from '../counts';
import { CRAWL_OFFERS_VIEW } from './entry';
import { OfferPane, STATE_TONE } from './OfferPane';
import { validity } from '../offerRefFacts';
import '../crawl.css';
import { formatNumber } from '@/lib/format';

const ROW_HEIGHT = 76;

const sourceOptions = cachedOptions({ name: 'crawlSource' }, () =>
  call(listSources, { query: { page: 1, per_page: 500 } }).then((r) =>
    r.data.map((s) => ({ value: String(s.id), label: s.name })),
  ),
);
const FILTERS: readonly FilterDef[] = [
  refFilter('from', 'Source', 'All sources', sourceOptions),
  enumFilter(
    'state',
    'State',
    'Any state',
    ['new', 'onboarded', 'skipped'],
    (v) => STATE_LABEL[v as keyof typeof STATE_LABEL],
  ),
];

/** Crawled offers of every source: search and filters in the URL, the highlighted one on the right. */
export default function OffersScreen() {
  const search = useSearch();
  const params = paramsOf(search);
  const s = useSnapshot(offersState);
  const m = useSnapshot(offersList.state);
  const listRef = useRef<HTMLDivElement | null>(null);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const rows = s.rows as CrawlOfferRow[];

  useEffect(() => {
    setActiveView(CRAWL_OFFERS_VIEW, { model: offersList, resource: 'offerRef' });
    offersList.attach({
      focusList: () => listRef.current?.focus(),
      focusSearch: () => {
        searchRef.current?.focus();
        searchRef.current?.select();
      },
      submitForm: () => undefined,
    });
    listRef.current?.focus({ preventScroll: true });
    return () => {
      offersList.attach(null);
      leaveOffers();
      setActiveView(null);
    };
  }, []);

  useEffect(() => {
    void showOffers(params);
  }, [params.query, params.from, params.state]); // eslint-disable-line react-hooks/exhaustive-deps -- the URL's values, not `params`' object (new each render)

  const highlighted = rows.findIndex((r) => r.id === m.cursor);
  const current = highlighted >= 0 ? rows[highlighted] : undefined;
  const filters = {
    ...(params.from ? { from: String(params.from) } : {}),
    ...(params.state ? { state: params.state } : {}),
  };
  const count =
    s.status === 'loading'
      ? 'Searching…'
      : s.status === 'ready'
        ? `${formatNumber(s.total)} crawled ${s.total === 1 ? 'offer' : 'offers'}${s.shown?.query ? ` matching “${s.shown.query}”` : ''}`
        : '\u00a0';

  const list = (
    <>
      <div className="list-head">
        <div className="list-title">
          <h1>Crawled offers</h1>
        </div>
        <SearchBox
          initial={params.query}
          label="Search crawled offers"
          inputRef={searchRef}
          onSearch={(q) => setOfferParams({ query: q || null })}
          onLeave={() => listRef.current?.focus()}
          onDown={() => {
            listRef.current?.focus();
            void runCommand('list.next', 'hotkey');
          }}
        />
        <FilterBar
          filters={FILTERS}
          values={filters}
          onChange={(key, value) => setOfferParams({ [key]: value || null })}
          onLeave={() => listRef.current?.focus()}
        />
        <div className="list-meta">
          <div className="list-count" aria-live="polite">
            {count}
          </div>
        </div>
      </div>
      <VirtualList
        items={rows}
        getKey={(r) => r.id}
        label="Crawled offers"
        total={s.total}
        highlighted={highlighted}
        listRef={listRef}
        rowHeight={ROW_HEIGHT}
        onEndReached={() => void loadMoreOffers()}
        onRowClick={(r) => void runCommand('list.open', 'pointer', r.id)}
        renderRow={(r) => <OfferRow r={r} />}
        footer={
          s.status === 'failed' ? (
            <div className="vlist-status" role="alert">
              {s.error}{' '}
              <button type="button" className="btn btn-ghost" onClick={() => void showOffers(params, { force: true })}>
                Retry
              </button>
            </div>
          ) : s.loadingMore ? (
            <div className="vlist-status">Loading more…</div>
          ) : s.status === 'ready' && !rows.length ? (
            <div className="vlist-status">
              {params.query || params.from || params.state ? 'No crawled offer matches.' : 'No crawled offers yet.'}
            </div>
          ) : null
        }
      />
    </>
  );

  // paneOpen: a phone shows the offer instead of the list once it is tapped (m.shown).
  return (
    <SplitPane
      list={list}
      pane={current ? <OfferPane r={current} /> : <NoOffer loading={s.status !== 'ready'} />}
      paneOpen={!!current && m.shown}
    />
  );
}

/** What the names resolved to, in a few words: "Skywards Infinite → live · 3 outlets (2 live)". */
function resolvedText(r: CrawlOfferRow): string {
  const live = r.cards.filter((c) => c.card_id !== null).length;
  const cards = r.card_names.length
    ? `Cards: ${r.card_names.join(', ')} (${live} of ${r.card_names.length} live)`
    : 'No cards named';
  const outlets = r.outlet_names.length
    ? `${r.outlet_names.length} outlet${r.outlet_names.length === 1 ? '' : 's'} (${r.outlets.filter((o) => o.outlet_ids.length).length} live)`
    : 'no outlets named';
  return `${cards} · ${outlets}`;
}

function OfferRow({ r }: { r: CrawlOfferRow }) {
  return (
    <div className="rec-row crawl-offer-row">
      <div className="rec-line">
        <span className="rec-title">{r.title}</span>
        {r.vanished_at && <Badge tone="warn">Vanished</Badge>}
        <span className="state-pill" style={{ marginLeft: 'auto' }}>
          <Badge tone={STATE_TONE[r.state]}>{STATE_LABEL[r.state]}</Badge>
        </span>
      </div>
      <div className="rec-meta">
        <span className="rec-ellipsis">{[r.discount, validity(r), r.source_name].filter(Boolean).join(' · ')}</span>
      </div>
      <div className="rec-meta">
        <span className="rec-ellipsis">{resolvedText(r)}</span>
      </div>
    </div>
  );
}

function NoOffer({ loading }: { loading: boolean }) {
  return (
    <div className="empty pane-empty">
      <p>{loading ? 'Loading crawled offers…' : 'Select a crawled offer to see what it resolved to.'}</p>
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>move</span>
        <Kbd shortcut="/" /> <span>search</span>
        <Kbd shortcut="enter" /> <span>edit the offer</span>
        <Kbd shortcut="o" /> <span>open it in its triage</span>
      </div>
    </div>
  );
}
