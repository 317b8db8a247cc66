// The crawled offer data screen as plain TypeScript (valtio): crawled offers of every source
// (crawl.allOfferRefs), searched and filtered on the server, a page at a time. The URL is the
// truth (?query=, ?from= a source's id, ?state=): the view hands its search here, and the
// search box and filters change the URL. Enter opens the highlighted offer's edit form.
import { proxy, ref } from 'valtio';
import { REF_STATES, type RefState } from '@contract/crawl';
import { listAllOfferRefs, type CrawlOfferRow } from '@contract/crawlOverviews';
import { call } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { cursorList } from '@/store/cursorList';
import { searchWith } from '@/store/filters';
import { go } from '@/store/navigate';

export const CRAWL_OFFERS_PATH = '/crawl-offer';
const PER_PAGE = 50;

export interface OfferParams {
  query: string;
  from: number | null;
  state: RefState | null;
}

export function paramsOf(search: string): OfferParams {
  const p = new URLSearchParams(search);
  const from = Number(p.get('from'));
  const state = p.get('state');
  return {
    query: (p.get('query') ?? '').trim(),
    from: Number.isInteger(from) && from > 0 ? from : null,
    state: (REF_STATES as readonly string[]).includes(state ?? '') ? (state as RefState) : null,
  };
}

const keyOf = (p: OfferParams) => JSON.stringify([p.query, p.from, p.state]);

export const offersState = proxy({
  rows: [] as CrawlOfferRow[],
  total: 0,
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  loadingMore: false,
  error: null as string | null,
  /** The params the rows answer. */
  shown: null as OfferParams | null,
});

/** The address of a crawled offer's edit form (src/features/crawl/records/). */
export const offerEditPath = (id: number) => `/edit-crawl-offer/${id}`;

const offersCursor = cursorList({
  ids: () => offersState.rows.map((r) => r.id),
  onOpen: (id) => go(offerEditPath(id)),
  // A phone: a tap shows the offer first, Enter (again) its edit form.
  paneFollowsCursor: true,
});
export const offersList = offersCursor.list;

export const currentOffer = (): CrawlOfferRow | undefined =>
  offersState.rows.find((r) => r.id === offersList.state.cursor);

let abort: AbortController | null = null;
let wanted = '';

const fetchPage = (p: OfferParams, page: number, signal: AbortSignal) =>
  call(
    listAllOfferRefs,
    {
      query: {
        page,
        per_page: PER_PAGE,
        query: p.query || undefined,
        from: p.from ?? undefined,
        state: p.state ?? undefined,
      },
    },
    { signal },
  );

/** Show the offers the URL asks for; a newer ask cancels an older one. */
export async function showOffers(p: OfferParams, { force = false } = {}): Promise<void> {
  const key = keyOf(p);
  if (!force && key === wanted && offersState.status !== 'idle' && offersState.status !== 'failed') return;
  wanted = key;
  abort?.abort();
  const mine = (abort = new AbortController());
  offersState.status = 'loading';
  offersState.error = null;
  try {
    const res = await fetchPage(p, 1, mine.signal);
    Object.assign(offersState, {
      rows: res.data.map((r) => ref(r)),
      total: res.pagination.total,
      status: 'ready',
      shown: p,
      loadingMore: false,
    });
    const cursor = offersList.state.cursor;
    if (cursor === null || !res.data.some((r) => r.id === cursor)) offersCursor.setCursor(res.data[0]?.id ?? null);
  } catch (e) {
    if (mine.signal.aborted || (e instanceof ApiError && e.aborted)) return;
    offersState.status = 'failed';
    offersState.error = errorText('GET', e instanceof ApiError ? e.body : null);
  }
}

/** The next page, when the list scrolled near its end. */
export async function loadMoreOffers(): Promise<void> {
  const p = offersState.shown;
  if (!p || offersState.status !== 'ready' || offersState.loadingMore || offersState.rows.length >= offersState.total)
    return;
  const key = keyOf(p);
  const mine = abort ?? new AbortController();
  offersState.loadingMore = true;
  try {
    const res = await fetchPage(p, Math.floor(offersState.rows.length / PER_PAGE) + 1, mine.signal);
    if (keyOf(offersState.shown ?? p) !== key || wanted !== key) return;
    const have = new Set(offersState.rows.map((r) => r.id));
    offersState.rows.push(...res.data.filter((r) => !have.has(r.id)).map((r) => ref(r)));
    offersState.total = res.pagination.total;
  } catch {
    /* the end of the list shows no more; scrolling again asks again */
  } finally {
    offersState.loadingMore = false;
  }
}

/** Change the search or a filter: the URL changes (replacing this entry), the list follows. */
export function setOfferParams(changes: Readonly<Record<string, string | null>>): void {
  const search = typeof location === 'undefined' ? '' : location.search;
  go(`${CRAWL_OFFERS_PATH}${searchWith(search, changes)}`, { replace: true });
}

export function leaveOffers(): void {
  abort?.abort();
  // A phone comes back to the list, not to the offer shown when it left.
  offersCursor.hide();
  wanted = '';
  offersState.status = 'idle';
}
