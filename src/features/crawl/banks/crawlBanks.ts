// The crawled bank data screen as plain TypeScript (valtio): one row per bank that has crawl
// sources (crawl.banks), the highlighted one, and the load state. Enter opens the bank's newest
// source's triage; the view renders snapshots.
import { proxy, ref } from 'valtio';
import { listCrawlBanks, type CrawlBank } from '@contract/crawlOverviews';
import { call, onTouched } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { triagePath } from '../crawlSources';
import { cursorList } from '@/store/cursorList';
import { go } from '@/store/navigate';

/** Banks with crawl sources are few: one page holds them all. */
const PER_PAGE = 500;

export const banksState = proxy({
  banks: [] as CrawlBank[],
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  error: null as string | null,
});

/** A row's key: the bank's id, 0 for the sources that name no bank. */
export const bankKey = (b: Pick<CrawlBank, 'bank_id'>) => b.bank_id ?? 0;

/** The triage of the highlighted bank's nth source (0: the newest import). */
export function openSource(n: number, segment: 'cards' | 'outlets' | 'offers' = 'cards'): void {
  const s = currentBank()?.sources[n];
  if (s) go(triagePath(segment, s.id));
}

const banksCursor = cursorList({
  ids: () => banksState.banks.map(bankKey),
  onOpen: () => openSource(0),
  // A phone: a tap shows the bank's sources first, Enter (again) the newest one's triage.
  paneFollowsCursor: true,
});
export const banksList = banksCursor.list;

export const currentBank = (): CrawlBank | undefined =>
  banksState.banks.find((b) => bankKey(b) === banksList.state.cursor);

let abort: AbortController | null = null;

export async function loadBanks(): Promise<void> {
  abort?.abort();
  const mine = (abort = new AbortController());
  if (!banksState.banks.length) banksState.status = 'loading';
  try {
    const res = await call(listCrawlBanks, { query: { page: 1, per_page: PER_PAGE } }, { signal: mine.signal });
    banksState.banks = res.data.map((b) => ref(b));
    banksState.status = 'ready';
    banksState.error = null;
    const keys = res.data.map(bankKey);
    const cursor = banksList.state.cursor;
    if (cursor === null || !keys.includes(cursor)) banksCursor.setCursor(keys[0] ?? null);
  } catch (e) {
    if (e instanceof ApiError && e.aborted) return;
    banksState.status = 'failed';
    banksState.error = errorText('GET', e instanceof ApiError ? e.body : null);
  }
}

/** While the screen is shown: load, and reload whenever a call changed what a source counts. */
export function activateBanks(): () => void {
  // A phone starts on the list, whatever bank was shown when it was left.
  banksCursor.hide();
  void loadBanks();
  const stop = onTouched((touched) => {
    if (touched.includes('crawlSource')) void loadBanks();
  });
  return () => {
    stop();
    abort?.abort();
  };
}
