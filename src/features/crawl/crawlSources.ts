// The crawl sources screen as plain TypeScript (valtio): the sources with their counts, the
// highlighted one, and the load state. Commands act on `currentSource()`; the view renders.
import { proxy, ref } from 'valtio';
import { type CrawlSource } from '@contract/crawl';
import { listSources } from '@contract/crawlSources';
import { call, onTouched } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { cursorList } from '@/store/cursorList';
import { go } from '@/store/navigate';

/** Sources are few (one per bank website): one page holds them all. */
const PER_PAGE = 500;

export const sourcesState = proxy({
  sources: [] as CrawlSource[],
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  error: null as string | null,
});

export const triagePath = (kind: 'cards' | 'outlets' | 'offers', sourceId: number) => `/crawl-data/${kind}/${sourceId}`;

const sourcesCursor = cursorList({
  ids: () => sourcesState.sources.map((s) => s.id),
  onOpen: (id) => go(triagePath('cards', id)),
  // A phone: a tap shows the source's counts and actions first, Enter (again) its triage.
  paneFollowsCursor: true,
});
export const sourcesList = sourcesCursor.list;

/** Highlight a source (one just imported): it stays highlighted once the list has it. */
export const highlightSource = (id: number) => sourcesCursor.setCursor(id);

let abort: AbortController | null = null;

export async function loadSources(): Promise<void> {
  abort?.abort();
  const mine = (abort = new AbortController());
  // A refresh after a command keeps the rows on screen; only the first load shows "Loading…".
  if (!sourcesState.sources.length) sourcesState.status = 'loading';
  try {
    const res = await call(listSources, { query: { page: 1, per_page: PER_PAGE } }, { signal: mine.signal });
    sourcesState.sources = res.data.map((s) => ref(s));
    sourcesState.status = 'ready';
    sourcesState.error = null;
    const ids = res.data.map((s) => s.id);
    const cursor = sourcesList.state.cursor;
    if (cursor === null || !ids.includes(cursor)) sourcesCursor.setCursor(ids[0] ?? null);
  } catch (e) {
    if (e instanceof ApiError && e.aborted) return;
    sourcesState.status = 'failed';
    sourcesState.error = errorText('GET', e instanceof ApiError ? e.body : null);
  }
}

/** The highlighted source. */
export const currentSource = (): CrawlSource | undefined =>
  sourcesState.sources.find((s) => s.id === sourcesList.state.cursor);

export const sourceBySlug = (slug: string) => sourcesState.sources.find((s) => s.from_source === slug);

/** While the screen is shown: load, and reload whenever a call changed what a source counts. */
export function activateSources(): () => void {
  // A phone starts on the list, whatever source was shown when it was left.
  sourcesCursor.hide();
  void loadSources();
  const stop = onTouched((touched) => {
    if (touched.includes('crawlSource')) void loadSources();
  });
  return () => {
    stop();
    abort?.abort();
  };
}
