// What every part of the homepage model (./homepageModel.ts) shares: its state, the calls it
// was given, the server's order of each list and the moves shown on top of it, the list keys'
// cursor and the form's mode.
import { proxy, ref as keep } from 'valtio';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { cursorList } from '@/store/cursorList';
import type { Order } from '@contract/resource';
import {
  localDay,
  perTab,
  type FormState,
  type HomepageApi,
  type HomepageDom,
  type HomepageItem,
  type HomepageTab,
  type TabItems,
  type TabList,
} from './homepageTypes';

const emptyList = (): TabList => ({ status: 'idle', error: null, items: [] });

export function createHomepageCore(api: HomepageApi) {
  const state = proxy({
    tab: 'hero-banners' as HomepageTab,
    lists: perTab(emptyList),
    /** Moves made here and not yet answered, per list (the view says "saving order…"). */
    moving: perTab(() => 0),
    /** The list's last moves were all answered (the list head says "Order saved"). */
    saved: perTab(() => false),
    form: { kind: 'edit', saving: false, errors: {} } as FormState,
    /** A row is being dragged (pointer or dnd-kit's keyboard sensor): the list keys wait. */
    dragging: false,
    /** The last move, said to screen readers (dnd-kit announces its own drags). */
    announcement: '',
    /** The day the preview shows the homepage of ('YYYY-MM-DD'). */
    previewDate: localDay(),
    /** 'auto': shown where there is room (the stylesheet decides); otherwise as chosen. */
    preview: 'auto' as 'auto' | 'shown' | 'hidden',
    /** "Reorder banner…": the banner picked in the palette, waiting for its new position. */
    reordering: null as number | null,
  });

  /** The server's order of each list, as last answered. */
  const confirmed = perTab<HomepageItem[]>(() => []);

  /** Moves made and not yet answered, oldest first; the first is on its way. */
  const queued = perTab<{ id: number; to: number }[]>(() => []);

  /** Each list's line of moves: the next goes out when the one before has settled. */
  const line = perTab<Promise<unknown>>(() => Promise.resolve());

  /** The highlighted row of each tab, kept while another tab is shown. */
  const cursors: Partial<Record<HomepageTab, number>> = {};

  const loads = perTab<AbortController | null>(() => null);

  const cursor = cursorList({
    ids: () => state.lists[state.tab].items.map((r) => r.id),
    onCursor: (id) => highlight(id),
    onOpen: (id) => {
      highlight(id);
      dom?.focusForm();
    },
    onClose: () => {
      if (state.form.kind === 'new') cancelNew();
    },
    // A phone: a tap shows the row's form in place of the list, Back brings the list back.
    paneFollowsCursor: true,
  });

  let dom: HomepageDom | null = null;

  /**
   * The list keys' view of the shown tab (src/commands/list.ts: j/k, Enter, Escape). While a row
   * is dragged, Escape belongs to the drag (dnd-kit cancels it), not to the pane.
   */
  const list: typeof cursor.list = {
    ...cursor.list,
    close() {
      if (state.dragging) return;
      cursor.list.close();
    },
  };

  function attachDom(parts: HomepageDom | null) {
    dom = parts;
    list.attach(
      parts ? { focusList: parts.focusList, focusSearch: parts.focusSearch, submitForm: parts.submitForm } : null,
    );
  }

  /** The rows of a tab as shown. */
  const itemsOf = <T extends HomepageTab>(tab: T) => state.lists[tab].items as TabItems[T][];

  const findItem = (id: number | null, tab: HomepageTab = state.tab) =>
    id === null ? undefined : state.lists[tab].items.find((r) => r.id === id);

  /** The highlighted row of the shown tab. */
  const currentItem = () => findItem(list.state.cursor);

  function placeCursor(tab: HomepageTab) {
    const items = state.lists[tab].items;
    const kept = cursors[tab];
    const id = kept !== undefined && items.some((r) => r.id === kept) ? kept : (items[0]?.id ?? null);
    if (id === null) {
      cursor.setCursor(null);
      cursor.setMode('list', null);
    } else highlight(id);
  }

  function highlight(id: number) {
    // Another row (or leaving a new one): its form starts clean.
    if (state.form.kind === 'new' || list.state.cursor !== id) state.form = { kind: 'edit', saving: false, errors: {} };
    cursor.setCursor(id);
    cursors[state.tab] = id;
    // A drag keeps the list in 'edit': j/k, Enter and x wait until it is dropped.
    cursor.setMode(state.dragging ? 'edit' : 'view', id);
  }

  /** (Re)load a list from the server. Moves still on their way are shown on top of it. */
  async function load(tab: HomepageTab): Promise<void> {
    loads[tab]?.abort();
    const mine = (loads[tab] = new AbortController());
    const shownList = state.lists[tab];
    shownList.status = shownList.items.length ? 'ready' : 'loading';
    shownList.error = null;
    try {
      const items = await api.list(tab, mine.signal);
      if (mine.signal.aborted) return;
      confirmed[tab] = items;
      render(tab);
      shownList.status = 'ready';
      // A new row's form being written stays open when the list arrives.
      if (
        state.tab === tab &&
        state.form.kind !== 'new' &&
        (list.state.cursor === null || !findItem(list.state.cursor, tab))
      )
        placeCursor(tab);
    } catch (e) {
      if (mine.signal.aborted || (e instanceof ApiError && e.aborted)) return;
      shownList.status = 'failed';
      shownList.error = errorText('GET', e instanceof ApiError ? e.body : null);
    }
  }

  /** The server's order with the queued moves applied, positions renumbered 1..n. */
  function shown(tab: HomepageTab): HomepageItem[] {
    const rows = [...confirmed[tab]];
    for (const m of queued[tab]) {
      const from = rows.findIndex((r) => r.id === m.id);
      if (from < 0) continue;
      const [row] = rows.splice(from, 1);
      rows.splice(Math.min(m.to, rows.length + 1) - 1, 0, row);
    }
    return rows.map((r, i) => (r.position === i + 1 ? r : { ...r, position: i + 1 }));
  }

  function render(tab: HomepageTab) {
    state.lists[tab].items = shown(tab).map((r) => keep(r));
    state.moving[tab] = queued[tab].length;
  }

  /** Put the server's answered order in place; a row it does not know is gone, one we lack means a reload. */
  function applyOrder(tab: HomepageTab, order: Order) {
    const byId = new Map(confirmed[tab].map((r) => [r.id, r]));
    const next: HomepageItem[] = [];
    let unknown = false;
    for (const o of [...order].sort((a, b) => a.position - b.position)) {
      const row = byId.get(o.id);
      if (row) next.push(row.position === o.position ? row : { ...row, position: o.position });
      else unknown = true;
    }
    confirmed[tab] = next;
    if (unknown) void load(tab);
  }

  function startNew(): void {
    state.form = { kind: 'new', saving: false, errors: {} };
    cursor.setMode('add', null);
  }

  function cancelNew() {
    state.form = { kind: 'edit', saving: false, errors: {} };
    const id = list.state.cursor;
    cursor.setMode(id === null ? 'list' : 'view', id);
  }

  return {
    api,
    state,
    confirmed,
    queued,
    line,
    cursors,
    loads,
    cursor,
    list,
    attachDom,
    itemsOf,
    findItem,
    currentItem,
    placeCursor,
    highlight,
    load,
    render,
    applyOrder,
    startNew,
    cancelNew,
  };
}

export type HomepageCore = ReturnType<typeof createHomepageCore>;
