// The engagement screen as plain TypeScript (valtio). The URL is the truth: the range
// (?days=7, or ?from=…&to=…) and the filters (?offer_id=… &card_id=… &bank_id=…) are read
// from it on every change and the one call answering every chart is made for them; the
// commands change the URL, never the state. The view renders snapshots.
import { proxy, ref } from 'valtio';
import {
  ENGAGEMENT_DEFAULT_DAYS,
  ENGAGEMENT_PRESETS,
  getEngagement,
  type Engagement,
  type EngagementQuery,
} from '@contract/engagement';
import { call } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { browserRouter, type Router } from '@/store/router';

export const ENGAGEMENT_PATH = '/engagement';
export const FILTER_KEYS = ['offer_id', 'card_id', 'bank_id'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const engagementState = proxy({
  /** The query the URL asks for (what the range picker and the chips show at once). */
  query: {} as EngagementQuery,
  data: null as Engagement | null,
  /** The answer shown is for another query than the URL's (a new one is on its way). */
  stale: false,
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  error: null as string | null,
});

const positive = (v: string | null) => (v !== null && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);
const date = (v: string | null) => (v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** What a URL's search asks for; what it cannot mean is left out (the server checks the rest). */
export function queryOf(search: string): EngagementQuery {
  const p = new URLSearchParams(search);
  const q: EngagementQuery = {};
  const from = date(p.get('from'));
  const to = date(p.get('to'));
  if (from || to) Object.assign(q, from && { from }, to && { to });
  else if (positive(p.get('days'))) q.days = positive(p.get('days'));
  for (const k of FILTER_KEYS) if (positive(p.get(k))) q[k] = positive(p.get(k));
  return q;
}

/** The screen's URL for a query: '/engagement?days=7&offer_id=3'. The default range is left out. */
export function pathOf(q: EngagementQuery): string {
  const p = new URLSearchParams();
  if (q.from || q.to) {
    if (q.from) p.set('from', q.from);
    if (q.to) p.set('to', q.to);
  } else if (q.days && q.days !== ENGAGEMENT_DEFAULT_DAYS) p.set('days', String(q.days));
  for (const k of FILTER_KEYS) if (q[k]) p.set(k, String(q[k]));
  const text = p.toString();
  return text ? `${ENGAGEMENT_PATH}?${text}` : ENGAGEMENT_PATH;
}

/** Which preset the range is (7, 30, 90), or 'custom'. */
export function presetOf(q: EngagementQuery): (typeof ENGAGEMENT_PRESETS)[number] | 'custom' {
  if (q.from || q.to) return 'custom';
  const days = q.days ?? ENGAGEMENT_DEFAULT_DAYS;
  return (ENGAGEMENT_PRESETS as readonly number[]).includes(days)
    ? (days as (typeof ENGAGEMENT_PRESETS)[number])
    : 'custom';
}

const filtersOf = (q: EngagementQuery) => Object.fromEntries(FILTER_KEYS.flatMap((k) => (q[k] ? [[k, q[k]]] : [])));

let router: Router = browserRouter;
let abort: AbortController | null = null;

/** The current range with other filters, or the current filters with another range. */
export const withRange = (range: Pick<EngagementQuery, 'days' | 'from' | 'to'>) =>
  pathOf({ ...range, ...filtersOf(engagementState.query) });
export const withoutFilter = (key: FilterKey) => pathOf({ ...engagementState.query, [key]: undefined });
export const withoutFilters = () =>
  pathOf({ days: engagementState.query.days, from: engagementState.query.from, to: engagementState.query.to });

export function navigateTo(path: string) {
  router.navigate(path);
}

async function load() {
  const query = queryOf(router.location().search);
  engagementState.query = query;
  abort?.abort();
  const mine = (abort = new AbortController());
  engagementState.status = 'loading';
  engagementState.stale = engagementState.data !== null;
  try {
    const res = await call(getEngagement, { query }, { signal: mine.signal });
    if (mine !== abort) return;
    engagementState.data = ref(res.data);
    engagementState.status = 'ready';
    engagementState.error = null;
    engagementState.stale = false;
  } catch (e) {
    if (mine !== abort || (e instanceof ApiError && e.aborted)) return;
    engagementState.status = 'failed';
    engagementState.error = e instanceof ApiError ? errorText('GET', e.body) : errorText('GET', null);
  }
}

/** While the screen is shown: follow the URL. Returns the stop function. */
export function activateEngagement(r: Router = browserRouter): () => void {
  router = r;
  void load();
  let last = r.location().search;
  const stop = r.subscribe(() => {
    const { path, search } = r.location();
    if (path !== ENGAGEMENT_PATH || search === last) return;
    last = search;
    void load();
  });
  return () => {
    stop();
    abort?.abort();
    abort = null;
  };
}
