// The Health screen as plain TypeScript (valtio): every queue's count, the queue shown and its
// rows, the rows checked, and its fixes. A fix takes the checked rows, else the highlighted
// one; on more than one it first says how many and what it changes. The rows it fixes leave the
// list before the server answers, so the next row is painted at once (put back if the fix is
// refused); the queue is then read again, as a fix may leave a row in it (an offer taken off the
// homepage still ends soon). Its answer's undo is the app's (the toast's Undo, mod+z).
import { proxy, ref } from 'valtio';
import {
  applyHealthFix,
  findHealthSource,
  HEALTH_FACTS_AHEAD,
  listHealthCandidates,
  listHealthFacts,
  listHealthQueues,
  listHealthRows,
  undoHealthFix,
  type HealthCandidate,
  type HealthRow,
} from '@contract/health';
import { HEALTH_QUEUES, healthNoun, healthQueue, type HealthFixDef, type HealthQueueDef } from '@contract/healthQueues';
import type { PresenceUser } from '@contract/presence';
import { call, onTouched } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { cursorList } from '@/store/cursorList';
import { go } from '@/store/navigate';
import { confirmChoice } from '@/ui/confirmStore';
import {
  bankRoutes,
  categoryRoutes,
  cardRoutes,
  notificationRoutes,
  offerRoutes,
  outletRoutes,
  userRoutes,
} from '@/screens/paths';

export const HEALTH_PATH = '/health-queues';
export const queuePath = (id: string) => `${HEALTH_PATH}/${id}`;

const RECORD_PATH: Record<Exclude<HealthQueueDef['entity'], 'link'>, string> = {
  offer: offerRoutes.view,
  card: cardRoutes.view,
  category: categoryRoutes.view,
  outlet: outletRoutes.view,
};

/** Where a record of a resource is edited (a broken image's or link's row opens it at the field, `?field=`). */
const EDIT_PATH: Record<string, string> = {
  offer: offerRoutes.edit,
  card: cardRoutes.edit,
  category: categoryRoutes.edit,
  outlet: outletRoutes.edit,
  bank: bankRoutes.edit,
  user: userRoutes.edit,
};
/** Homepage items are edited on the homepage screen's tab (src/features/homepage/entry.ts). */
const HOMEPAGE_TAB: Record<string, string> = { heroBanner: 'hero-banners', dontMissOut: 'dont-miss-out' };

/** Records with no edit screen, opened where they are shown (a notification is cancelled and added again). */
const VIEW_PATH: Record<string, string> = { notification: notificationRoutes.view };

/** The edit screen of the record a row is about, at its field. */
function recordPath(record: NonNullable<HealthRow['record']>): string | null {
  if (HOMEPAGE_TAB[record.resource]) return `/homepage-config?tab=${HOMEPAGE_TAB[record.resource]}`;
  if (VIEW_PATH[record.resource]) return VIEW_PATH[record.resource].replace(':id', String(record.id));
  const path = EDIT_PATH[record.resource];
  return path ? `${path.replace(':id', String(record.id))}?field=${encodeURIComponent(record.field)}` : null;
}

export const health = proxy({
  counts: null as Record<string, number> | null,
  queue: null as string | null,
  rows: [] as HealthRow[],
  /** The queue's count as the server last said (the rows are its first page). */
  total: 0,
  more: false,
  checked: {} as Record<number, true>,
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  error: null as string | null,
  /** Why the last read of rows' facts failed (`health.facts`), until one succeeds: the pane says so. */
  factsError: null as string | null,
  /** The next page is being read (j reached the end of the rows read). */
  paging: false,
  /** The highlighted offer's ranked candidates (the `l` fix), while they are shown: 1–9 link one. */
  candidates: null as {
    offerId: number;
    kind: 'card' | 'outlet';
    version: number;
    list: HealthCandidate[];
  } | null,
});

/** j this close to the last row read reads the next page. */
const PAGE_AHEAD = 5;

const cursor = cursorList({
  ids: () => health.rows.map((r) => r.id),
  onOpen: (id) => openRecord(id),
  isChecked: (id) => !!health.checked[id],
  onCheck: (ids, on) => {
    for (const id of ids) {
      if (on) health.checked[id] = true;
      else delete health.checked[id];
    }
  },
  paneFollowsCursor: true,
  onCursor: (id) => {
    if (health.candidates && health.candidates.offerId !== id) health.candidates = null;
    const at = health.rows.findIndex((r) => r.id === id);
    if (health.more && at >= health.rows.length - PAGE_AHEAD) void loadMore();
    void readFactsAhead();
  },
});
export const healthList = cursor.list;

export const currentQueue = (): HealthQueueDef | undefined => (health.queue ? healthQueue(health.queue) : undefined);
export const focusedRow = (): HealthRow | undefined => health.rows.find((r) => r.id === healthList.state.cursor);

/** The record of a row in its own screen. */
export function openRecord(id: number | null = healthList.state.cursor): void {
  const q = currentQueue();
  if (!q || id === null) return;
  const record = health.rows.find((r) => r.id === id)?.record;
  if (record) {
    const path = recordPath(record);
    if (path) go(path);
  } else if (q.entity !== 'link') go(RECORD_PATH[q.entity].replace(':id', String(id)));
}

export async function loadCounts(): Promise<void> {
  try {
    const res = await call(listHealthQueues, {});
    health.counts = Object.fromEntries(res.data.map((c) => [c.id, c.count]));
  } catch {
    // The counts are a convenience beside the queue; the queue's own load says what failed.
  }
}

let abort: AbortController | null = null;
let loaded: ((ok: boolean) => void)[] = [];

/** Reads the queue's first page; keeps the highlighted row when it is still there, else the one at its place. */
export async function loadQueue(id: string, quiet = false): Promise<void> {
  abort?.abort();
  const mine = (abort = new AbortController());
  if (health.queue !== id) {
    health.queue = id;
    health.rows = [];
    health.checked = {};
    health.factsError = null;
    cursor.setCursor(null);
  }
  if (!quiet || !health.rows.length) health.status = 'loading';
  // Read again as far as the rows read before reach (pages past the first stay when a write re-reads).
  const reach = quiet && health.queue === id ? (health.rows.at(-1)?.id ?? 0) : 0;
  try {
    const page = (after: number) =>
      call(listHealthRows, { params: { queue: id as never }, query: after ? { after } : {} }, { signal: mine.signal });
    const res = await page(0);
    const rows = [...res.data.rows];
    while (res.data.more && rows.length && rows.at(-1)!.id < reach) {
      const next = await page(rows.at(-1)!.id);
      rows.push(...next.data.rows);
      res.data.more = next.data.more;
    }
    const before = health.rows.findIndex((r) => r.id === healthList.state.cursor);
    health.rows = rows.map((r) => ref(r));
    health.total = res.data.count;
    health.more = res.data.more;
    if (health.counts) health.counts[id] = res.data.count;
    const ids = new Set(rows.map((r) => r.id));
    for (const k of Object.keys(health.checked)) if (!ids.has(Number(k))) delete health.checked[Number(k)];
    const c = healthList.state.cursor;
    if (c === null || !ids.has(c)) cursor.setCursor(rows[Math.max(0, Math.min(before, rows.length - 1))]?.id ?? null);
    void readFactsAhead();
    health.status = 'ready';
    health.error = null;
    settle(true);
  } catch (e) {
    if (e instanceof ApiError && e.aborted) return;
    health.status = 'failed';
    health.error = errorText('GET', e instanceof ApiError ? e.body : null);
    settle(false);
  }
}

/** Reads the page after the last row read, once at a time; the count is the server's. */
export async function loadMore(): Promise<void> {
  const queue = health.queue;
  const last = health.rows.at(-1)?.id;
  if (!queue || !health.more || health.paging || last === undefined) return;
  health.paging = true;
  try {
    const res = await call(listHealthRows, { params: { queue: queue as never }, query: { after: last } });
    // A queue switched or re-read meanwhile: this page is not the one after its rows.
    if (health.queue !== queue || health.rows.at(-1)?.id !== last) return;
    health.rows = [...health.rows, ...res.data.rows.map((r) => ref(r))];
    health.total = res.data.count;
    health.more = res.data.more;
    if (health.counts) health.counts[queue] = res.data.count;
    void readFactsAhead();
  } catch {
    // The next j tries again; the rows read stay.
  } finally {
    health.paging = false;
  }
}

/** Rows whose facts are being read: each asked for once at a time. */
const reading = new Set<number>();

/**
 * Reads the facts of the rows the cursor reaches next that lack them (a pair queue's page
 * carries its first rows' only: contract/health.ts HEALTH_FACTS_AHEAD), twice that many at a
 * time, so j finds them read and a fix's next row is painted whole.
 */
async function readFactsAhead(): Promise<void> {
  const at = Math.max(
    0,
    health.rows.findIndex((r) => r.id === healthList.state.cursor),
  );
  const next = health.rows.slice(at, at + HEALTH_FACTS_AHEAD);
  if (next.every((r) => r.facts || reading.has(r.id))) return;
  await readFacts(health.rows.slice(at, at + 2 * HEALTH_FACTS_AHEAD));
}

/** Reads the facts of `rows` that lack them into the rows read (those still in the queue). */
async function readFacts(rows: readonly HealthRow[]): Promise<void> {
  const queue = health.queue;
  const ids = rows.filter((r) => !r.facts && !reading.has(r.id)).map((r) => r.id);
  if (!queue || !ids.length) return;
  for (const id of ids) reading.add(id);
  try {
    const res = await call(listHealthFacts, { params: { queue: queue as never }, query: { ids: ids.join(',') } });
    if (health.queue !== queue) return;
    health.factsError = null;
    const got = new Map(res.data.map((f) => [f.id, f]));
    health.rows = health.rows.map((r) => {
      const f = got.get(r.id);
      return f && !r.facts ? ref({ ...r, ...f }) : r;
    });
  } catch (e) {
    // The pane says so; the next move asks again.
    if (!(e instanceof ApiError && e.aborted))
      health.factsError = errorText('GET', e instanceof ApiError ? e.body : null);
  } finally {
    for (const id of ids) reading.delete(id);
  }
}

function settle(ok: boolean) {
  const waiting = loaded;
  loaded = [];
  for (const w of waiting) w(ok);
}

/** Resolves once the queue `id` is shown and read (a palette fix chosen on another screen waits for it). */
export function queueReady(id: string): Promise<boolean> {
  if (health.queue === id && health.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => loaded.push(resolve));
}

/** While the screen is shown: counts and the queue follow every write (this app's and, on the live stream, others'). */
export function activateHealth(): () => void {
  cursor.hide();
  void loadCounts();
  const stop = onTouched((touched) => {
    if (
      !touched.some((t) =>
        ['offer', 'card', 'category', 'outlet', 'bank', 'user', 'selectedOffer', 'heroBanner', 'dontMissOut'].includes(
          t,
        ),
      )
    )
      return;
    void loadCounts();
    if (health.queue) void loadQueue(health.queue, true);
  });
  return () => {
    stop();
    abort?.abort();
  };
}

/** The rows a fix takes: the checked ones, else the highlighted one. */
export function fixTargets(): HealthRow[] {
  const checked = health.rows.filter((r) => health.checked[r.id]);
  if (checked.length) return checked;
  const f = focusedRow();
  return f ? [f] : [];
}

export const fixOf = (queue: string, fixId: string): HealthFixDef | undefined =>
  healthQueue(queue)?.fixes.find((f) => f.id === fixId);

/**
 * Applies the fix to the targets. Resolves to the runner's toast ({ message, undo }), or
 * undefined when cancelled or there is nothing to fix.
 */
export async function applyFix(
  fixId: string,
  to?: string,
): Promise<{ message: string; undo: () => Promise<unknown> } | undefined> {
  const q = currentQueue();
  const fix = q && fixOf(q.id, fixId);
  let rows = fixTargets();
  if (!q || !fix || !rows.length) return undefined;
  // Done by hand: the record opens at the field (the highlighted row's).
  if (fix.opens) {
    openRecord(focusedRow()?.id ?? rows[0].id);
    return undefined;
  }
  if (fix.confirmAlways) {
    // The confirmation names what each merge moves: every row's facts, read now if not yet.
    if (rows.some((r) => !r.facts)) {
      await readFacts(rows);
      rows = fixTargets();
    }
    const answer = await confirmChoice({
      title: `${fix.title}: ${rows.length === 1 ? 'one pair' : `${rows.length} pairs`} of ${q.entity}s?`,
      body: `This ${fix.changes}. One undo puts everything back.`,
      list: mergeLines(rows, fixId === 'mergeLeft').slice(0, 8),
      confirmLabel: rows.length > 1 ? `${fix.title} (${rows.length})` : fix.title,
    });
    if (!answer.ok) return undefined;
  } else if (rows.length > 1) {
    const answer = await confirmChoice({
      title: `${fix.title}: ${healthNoun(q.entity, rows.length)}?`,
      body: `This ${fix.changes}${to ? ` (${to})` : ''}. One undo puts them all back.`,
      list:
        rows.length > 8
          ? [...rows.slice(0, 7).map((r) => r.title), `and ${rows.length - 7} more`]
          : rows.map((r) => r.title),
      confirmLabel: `${fix.title} (${rows.length})`,
    });
    if (!answer.ok) return undefined;
  }
  const ids = rows.map((r) => r.id);
  const gone = new Set(ids);
  // The next row is painted now: the first after the fixed ones, else the last before them.
  const kept = health.rows;
  const at = kept.findIndex((r) => gone.has(r.id));
  const rest = kept.filter((r) => !gone.has(r.id));
  health.rows = rest;
  for (const id of ids) delete health.checked[id];
  cursor.setCursor(rest[Math.min(at, rest.length - 1)]?.id ?? null);
  void readFactsAhead();
  try {
    const res = await call(applyHealthFix, {
      params: { queue: q.id as never },
      body: { fix: fix.id, ids, expect: ids.length, ...(to && { to }) },
    });
    const tokens = res.data.undo;
    return {
      message: res.message,
      undo: async () => {
        const undone = await call(undoHealthFix, { body: { undo: tokens } });
        return undone;
      },
    };
  } catch (e) {
    health.rows = kept;
    cursor.setCursor(ids[0]);
    throw e;
  }
}

/** Shows the highlighted offer's ranked candidates (the `l` fix), or hides them when shown. */
export async function openCandidates(): Promise<{ message: string } | undefined> {
  const row = focusedRow();
  if (!row) return undefined;
  if (health.candidates?.offerId === row.id) {
    health.candidates = null;
    return undefined;
  }
  if (health.rows.filter((r) => health.checked[r.id]).length > 1)
    return { message: 'Link one offer at a time: the candidates are for the highlighted one.' };
  const res = await call(listHealthCandidates, { params: { id: row.id }, query: {} });
  // Moved on meanwhile: these are another row's.
  if (focusedRow()?.id !== row.id) return undefined;
  health.candidates = { offerId: row.id, ...res.data, list: res.data.candidates.map((c) => ref(c)) };
  if (!res.data.candidates.length)
    return { message: `No ${res.data.kind} to offer: open the offer (Enter) to link one.` };
  return undefined;
}

/**
 * Links candidate n (0-based) to the offer through `health.fix` `link` (the offer's own
 * update, from the version the candidates were read at). The queue is read again: the offer
 * leaves it if now reachable, and stays (showing what it still lacks) if not.
 */
export async function linkCandidate(n: number): Promise<{ message: string; undo: () => Promise<unknown> } | undefined> {
  const c = health.candidates;
  const pick = c?.list[n];
  const q = currentQueue();
  if (!c || !pick || !q) return undefined;
  health.candidates = null;
  const res = await call(applyHealthFix, {
    params: { queue: q.id as never },
    body: { fix: 'link', ids: [c.offerId], expect: 1, [c.kind]: pick.id, version: c.version },
  });
  const tokens = res.data.undo;
  return { message: res.message, undo: () => call(undoHealthFix, { body: { undo: tokens } }) };
}

/** Where the crawl triage of a source is (src/features/crawl/crawlSources.ts `triagePath`). */
const triagePath = (kind: string, source: number) => `/crawl-data/${kind}/${source}`;

/** Opens the crawl source that last fed the highlighted row; says so when none did. */
export async function openCrawlSource(): Promise<{ message: string } | undefined> {
  const q = currentQueue();
  const row = focusedRow();
  // A broken link's row is an address, not a record a crawl source could have named.
  if (!q || !row || q.entity === 'link') return undefined;
  const res = await call(findHealthSource, { params: { entity: q.entity, id: row.id } });
  if (!res.data) return { message: `No crawl source has named this ${q.entity}: there is none to open.` };
  go(triagePath(res.data.kind, res.data.id));
  return undefined;
}

/** What merging each pair touches, in words: the record kept, the one deleted and what moves (the row's facts). */
function mergeLines(rows: readonly HealthRow[], keepLeft: boolean): string[] {
  return rows.map((r) => {
    const right = { id: r.id, title: r.title, facts: r.facts };
    const left = r.other ?? right;
    const [keep, lose] = keepLeft ? [left, right] : [right, left];
    const f = lose.facts ?? {};
    const moves = [
      f.Cards && `cards ${f.Cards}`,
      f.Outlets && f.Outlets !== '0' && `${f.Outlets} outlet link(s)`,
      f['Homepage places'] && f['Homepage places'] !== '0' && `${f['Homepage places']} homepage place(s)`,
      f['Engagement events'] && f['Engagement events'] !== '0' && `${f['Engagement events']} engagement event(s)`,
      f.Offers && f.Offers !== '0' && `${f.Offers} offer link(s)`,
    ].filter(Boolean);
    return `Keep #${keep.id} “${keep.title}”, delete #${lose.id} “${lose.title}”${moves.length ? `; moves ${moves.join(', ')}` : ''}`;
  });
}

/** Shows queue n of the list (its key: 1–9). */
export const openQueueAt = (n: number) => {
  const q = HEALTH_QUEUES[n];
  if (q) go(queuePath(q.id));
};

/**
 * The record a row is about, as presence names it (contract/presence.ts): the row's own record,
 * or for a broken image's or link's row the record holding it. Its highlighted row announces it,
 * and a row another admin has open (here, or in its form) is marked.
 */
export function rowRecord(q: HealthQueueDef | undefined, r: HealthRow): { resource: string; id: number } | null {
  if (r.record) return { resource: r.record.resource, id: r.record.id };
  return q && q.entity !== 'link' ? { resource: q.entity, id: r.id } : null;
}

/** "Sara is working on this", "Sara and Omar are working on this", "Sara is editing this" (one in its form). */
export function workingLabel(users: readonly PresenceUser[]): string | null {
  const names = [...new Set(users.map((u) => u.name || 'Someone'))];
  if (!names.length) return null;
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const verb = users.some((u) => u.mode === 'editing') ? 'editing' : 'working on';
  return `${who} ${names.length === 1 ? 'is' : 'are'} ${verb} this`;
}
