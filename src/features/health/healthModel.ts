// The Health screen as plain TypeScript (valtio): every queue's count, the queue shown and its
// rows, the rows checked, and its fixes. A fix takes the checked rows, else the highlighted
// one; on more than one it first says how many and what it changes. The rows it fixes leave the
// list before the server answers, so the next row is painted at once (put back if the fix is
// refused); the queue is then read again, as a fix may leave a row in it (an offer taken off the
// homepage still ends soon). Its answer's undo is the app's (the toast's Undo, mod+z).
import { proxy, ref } from 'valtio';
import { applyHealthFix, listHealthQueues, listHealthRows, undoHealthFix, type HealthRow } from '@contract/health';
import { HEALTH_QUEUES, healthNoun, healthQueue, type HealthFixDef, type HealthQueueDef } from '@contract/healthQueues';
import { call, onTouched } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { cursorList } from '@/store/cursorList';
import { go } from '@/store/navigate';
import { confirmChoice } from '@/ui/confirmStore';
import { categoryRoutes, cardRoutes, offerRoutes, outletRoutes } from '@/screens/paths';

export const HEALTH_PATH = '/health-queues';
export const queuePath = (id: string) => `${HEALTH_PATH}/${id}`;

const RECORD_PATH: Record<HealthQueueDef['entity'], string> = {
  offer: offerRoutes.view,
  card: cardRoutes.view,
  category: categoryRoutes.view,
  outlet: outletRoutes.view,
};

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
});

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
});
export const healthList = cursor.list;

export const currentQueue = (): HealthQueueDef | undefined => (health.queue ? healthQueue(health.queue) : undefined);
export const focusedRow = (): HealthRow | undefined => health.rows.find((r) => r.id === healthList.state.cursor);

/** The record of a row in its own screen. */
export function openRecord(id: number | null = healthList.state.cursor): void {
  const q = currentQueue();
  if (q && id !== null) go(RECORD_PATH[q.entity].replace(':id', String(id)));
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
    cursor.setCursor(null);
  }
  if (!quiet || !health.rows.length) health.status = 'loading';
  try {
    const res = await call(listHealthRows, { params: { queue: id as never }, query: {} }, { signal: mine.signal });
    const before = health.rows.findIndex((r) => r.id === healthList.state.cursor);
    health.rows = res.data.rows.map((r) => ref(r));
    health.total = res.data.count;
    health.more = res.data.more;
    if (health.counts) health.counts[id] = res.data.count;
    const ids = new Set(res.data.rows.map((r) => r.id));
    for (const k of Object.keys(health.checked)) if (!ids.has(Number(k))) delete health.checked[Number(k)];
    const c = healthList.state.cursor;
    if (c === null || !ids.has(c))
      cursor.setCursor(res.data.rows[Math.max(0, Math.min(before, res.data.rows.length - 1))]?.id ?? null);
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
        ['offer', 'card', 'category', 'outlet', 'selectedOffer', 'heroBanner', 'dontMissOut'].includes(t),
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
  const rows = fixTargets();
  if (!q || !fix || !rows.length) return undefined;
  if (fix.confirmAlways) {
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

/** What merging each pair touches, in words: the record kept, the one deleted and what moves (the row's facts). */
function mergeLines(rows: readonly HealthRow[], keepLeft: boolean): string[] {
  return rows.map((r) => {
    const right = { id: r.id, title: r.title, facts: r.facts };
    const left = r.other ?? right;
    const [keep, lose] = keepLeft ? [left, right] : [right, left];
    const f = lose.facts;
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
