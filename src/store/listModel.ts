// A list screen as plain TypeScript (valtio): the cursor, the selection, and — read from the
// URL through one router adapter — the open record, the mode, the search, the filters and
// the sort. Created once per screen, outside React. Commands call its functions (move,
// open, close, toggle, extend, selectAll, clear); views only render its snapshot.
//
// Two words, two things: the CURSOR is the highlighted row (j/k move it, Enter opens it);
// the SELECTION is the set of checked rows (x, shift+x, mod+a) that bulk actions act on.
//
// The URL stays the source of truth for what the list shows and which record is open:
// the model never copies it into state it could disagree with; it derives `route` from the
// location on every change and asks the store for the matching list.
import { proxy, ref, subscribe } from 'valtio';
import type { BulkTarget } from '@contract/bulk';
import type { Filters } from '../api/resourceClient';
import { ApiError } from '../api/client';
import { errorText } from '../api/errorText';
import { withSearch } from './navigate';
import { filtersFromSearch, searchWith } from './filters';
import { listKey, type ResourceStore } from './resourceStore';
import { bestMatch, type Router } from './router';
import { letGo } from './leaveGuard';
import type { CellModel } from './cellModel';

export type Mode = 'list' | 'view' | 'edit' | 'add';

/** Route patterns of a screen; ':id' is the record id. `add` may be a flag on the list ('/user-list?new=1'). */
export interface ListRoutes {
  list: string;
  view: string;
  edit: string;
  add: string;
}

interface ListModelOptions<T extends { id: number }> {
  store: ResourceStore<T>;
  routes: ListRoutes;
  /** The filter names the URL may hold (contract filters, beyond query and sort). */
  filterKeys: readonly string[];
  /** Whether records can be fetched one by one (a deep link to one not yet loaded). */
  canShow: boolean;
  /** 'bank': for the "does not exist" sentence. */
  one: string;
  router: Router;
}

/** What the URL says about the list. */
interface ListRoute {
  mode: Mode;
  /** The record open in the pane (view or edit). */
  openId: number | null;
  query: string;
  filters: Filters;
  sort: string;
  /** The URL's id when it is no record id at all ('/edit-offer/abc'). */
  badId?: string;
}

export interface ListModelState {
  route: ListRoute;
  /** The highlighted row. */
  cursor: number | null;
  /** The checked rows. `ref`: replaced on every change. */
  selected: ReadonlySet<number>;
  /** The last row checked or unchecked: shift+x extends from here. */
  anchor: number | null;
  /**
   * Every record the list's search and filters match is selected, loaded or not ("Select
   * all 1,234 matching"): bulk actions then name the filter, not ids (contract/bulk.ts).
   */
  matching: boolean;
  /** With `matching`: how many records that is, exactly (a searched or filtered list's own total may be only "1,000+"). */
  matchingCount: number;
  /** Why the open record cannot be shown (missing, or its fetch failed). */
  missing: string | null;
}

/** What the view lends the model: the parts only the DOM can do. */
export interface ListDom {
  focusList(): void;
  focusSearch(): void;
  submitForm(): void;
}

export function listModel<T extends { id: number }>(o: ListModelOptions<T>) {
  const { store, routes, router } = o;
  const state = proxy<ListModelState>({
    route: readRoute(),
    cursor: null,
    selected: ref(new Set<number>()),
    anchor: null,
    matching: false,
    matchingCount: 0,
    missing: null,
  });
  let dom: ListDom | null = null;
  /** j/k pressed while the first page of a new list is on its way: applied when it lands. */
  let pendingMoves = 0;
  /** Where the cursor was in the list, so a deleted row hands it to its neighbour. */
  let cursorIndex = -1;

  function readRoute(): ListRoute {
    const { path, search } = router.location();
    const params = new URLSearchParams(search);
    const base = {
      query: params.get('query') ?? '',
      filters: filtersFromSearch(search, o.filterKeys),
      sort: params.get('sort') ?? '',
    };
    // The most specific pattern wins: '/category-list/new' is the add form, not the record
    // "new" of '/category-list/:id'. A flag route ('/user-list?new=1') counts only with its flag.
    const hit = bestMatch({ view: routes.view, edit: routes.edit, add: routes.add }, path, search);
    if (!hit) return { mode: 'list', openId: null, ...base };
    if (hit.key === 'add') return { mode: 'add', openId: null, ...base };
    const raw = hit.params.id;
    const id = Number(raw);
    if (Number.isInteger(id) && id > 0) return { mode: hit.key, openId: id, ...base };
    // /edit-offer/abc: no record to open or edit; the pane says why (`missing`).
    return { mode: 'view', openId: null, badId: raw, ...base };
  }

  const items = () => store.state.items;
  const indexOf = (id: number | null) => (id === null ? -1 : items().findIndex((r) => r.id === id));
  const here = (path: string) => withSearch(path, router.location().search);
  const pathTo = (pattern: string, id: number) => pattern.replace(':id', String(id));

  function setCursor(id: number | null) {
    state.cursor = id;
    cursorIndex = indexOf(id);
  }

  function setSelected(ids: Iterable<number>) {
    state.selected = ref(new Set(ids));
    // A change of rows by hand ends "all matching": what is checked is what is meant.
    state.matching = false;
  }

  /** The URL changed: follow it (the list's arguments, the open record). */
  function followUrl() {
    const before = state.route;
    const next = readRoute();
    const listChanged = listKey(before) !== listKey(next);
    state.route = next;
    // Another list (not just another page of it): the old selection no longer applies.
    if (listChanged) clear();
    // Each form starts clean.
    if (next.mode !== before.mode || next.openId !== before.openId) store.resetForm();
    store.sync({ query: next.query, filters: next.filters, sort: next.sort })?.catch(() => undefined);
    if (next.openId !== before.openId || state.cursor === null) openRecord(next.openId);
    if (next.badId !== undefined)
      state.missing = `This address names no ${o.one}: “${next.badId}” is not an id (ids are whole numbers, like 12).`;
  }

  /** The record in the URL is the cursor; fetch it when the loaded pages lack it (a deep link). */
  function openRecord(id: number | null) {
    state.missing = null;
    if (id === null) return;
    setCursor(id);
    if (store.find(id) || !o.canShow) return;
    store.show(id).catch((e: unknown) => {
      if (state.route.openId !== id) return;
      state.missing =
        e instanceof ApiError && e.status === 404
          ? `This ${o.one} does not exist (any more).`
          : errorText('GET', e instanceof ApiError ? e.body : null);
    });
  }

  /** The store's rows changed: apply waiting j/k, and keep the cursor on a row that still exists. */
  function followItems() {
    const list = items();
    if (pendingMoves && store.state.status !== 'loading' && list.length) {
      const n = pendingMoves;
      pendingMoves = 0;
      for (let i = 0; i < Math.abs(n); i++) move(n > 0 ? 1 : -1);
      return;
    }
    // The open record keeps the cursor while it is fetched (a deep link beyond the loaded pages).
    if (
      state.cursor === null ||
      state.cursor === state.route.openId ||
      indexOf(state.cursor) >= 0 ||
      store.find(state.cursor)
    ) {
      cursorIndex = indexOf(state.cursor);
      return;
    }
    handOffCursor();
  }

  /** The cursor's row is gone (deleted): its neighbour takes the cursor. */
  function handOffCursor() {
    const list = items();
    const next = list[Math.min(Math.max(cursorIndex, 0), list.length - 1)];
    setCursor(next?.id ?? null);
  }

  // ---- what commands call ----

  /** j/k: the next or previous row; an open record follows the cursor. */
  function move(delta: 1 | -1) {
    const list = items();
    if (!list.length) {
      if (store.state.status === 'loading') pendingMoves += delta;
      return;
    }
    const at = indexOf(state.cursor);
    const next = list[at < 0 ? 0 : Math.min(list.length - 1, Math.max(0, at + delta))];
    setCursor(next.id);
    if (state.route.mode === 'view') router.navigate(here(pathTo(routes.view, next.id)), { replace: true });
  }

  /** Enter or a click: the record (default: the cursor's) in the pane. */
  function open(id: number | null = state.cursor) {
    if (id === null) return;
    setCursor(id);
    router.navigate(here(pathTo(routes.view, id)));
  }

  function edit(id: number | null = state.cursor) {
    if (id === null) return;
    router.navigate(here(pathTo(routes.edit, id)));
  }

  function add() {
    router.navigate(here(routes.add));
  }

  /** Escape: a form goes back to its record, a record back to the list. */
  function close() {
    const { mode, openId } = state.route;
    if (mode === 'edit' && openId !== null) router.navigate(here(pathTo(routes.view, openId)));
    else router.navigate(here(routes.list));
    dom?.focusList();
  }

  /** After the open record was deleted: the list, in place of its pane. */
  function closeDeleted(id: number) {
    if (state.route.openId === id) router.navigate(here(routes.list), { replace: true });
  }

  /** After a save: the saved record, in place of the form. */
  function showSaved(id: number) {
    // Saved: the form's edits are no longer at risk, so showing the record asks nothing.
    letGo();
    setCursor(id);
    router.navigate(here(pathTo(routes.view, id)), { replace: true });
  }

  /** x: check or uncheck one row (default: the cursor's); it becomes the anchor of shift+x. */
  function toggle(id: number | null = state.cursor) {
    if (id === null) return;
    const next = new Set(state.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
    state.anchor = id;
  }

  /** shift+x: check every loaded row from the anchor to this one (a plain toggle without an anchor). */
  function extend(id: number | null = state.cursor) {
    if (id === null) return;
    const ids = items().map((i) => i.id);
    const from = state.anchor === null ? -1 : ids.indexOf(state.anchor);
    const to = ids.indexOf(id);
    if (from < 0 || to < 0) return toggle(id);
    const [a, b] = from <= to ? [from, to] : [to, from];
    setSelected([...state.selected, ...ids.slice(a, b + 1)]);
  }

  /** The records the list's search and filters match, loaded or not (the server's count). */
  const total = () => store.state.pagination?.total ?? items().length;
  const allLoadedSelected = () => items().length > 0 && items().every((i) => state.selected.has(i.id));

  /** mod+a: every loaded row; again, with more matching than loaded, every matching record. */
  function selectAll(): Promise<unknown> | void {
    if (allLoadedSelected() && total() > items().length) return selectMatching();
    setSelected(items().map((i) => i.id));
  }

  /** Every record the list matches, across pages ("Select all 1,234 matching"); counted exactly first when the list's total is not. */
  async function selectMatching() {
    const listed = listKey(state.route);
    const n = await store.exactCount();
    if (listKey(state.route) !== listed) return; // another list meanwhile
    setSelected(items().map((i) => i.id));
    state.matchingCount = n;
    state.matching = true;
  }

  /** Escape with nothing open, or "Clear selection". */
  function clear() {
    if (state.selected.size || state.matching) setSelected([]);
    state.anchor = null;
  }

  /** How many records the selection stands for. */
  const selectedCount = () => (state.matching ? state.matchingCount : state.selected.size);

  /** Whom a bulk call acts on: the checked ids, or the list's filter with the count shown to the admin. */
  const target = (): BulkTarget =>
    state.matching ? { where: store.where(), expect: state.matchingCount } : { ids: selectedIds() };

  /** The checked ids in list order (the order a bulk action works through them). */
  function selectedIds(): number[] {
    const inList = items()
      .map((i) => i.id)
      .filter((id) => state.selected.has(id));
    const rest = [...state.selected].filter((id) => !inList.includes(id));
    return [...inList, ...rest];
  }

  /** Change URL params of this list (a filter, the sort, the search); `replace` while typing. */
  function setParams(changes: Readonly<Record<string, string | null>>, replace = false) {
    const { path, search } = router.location();
    const next = searchWith(search, changes);
    if (next !== (search ? `?${search}` : '')) router.navigate(path + next, { replace });
  }

  const filterCount = () => Object.keys(state.route.filters).length;
  const clearFilters = () => setParams(Object.fromEntries(o.filterKeys.map((k) => [k, null])));

  /** While the screen is shown: follow the URL and the store. Returns the undo. */
  function activate(): () => void {
    followUrl();
    const stops = [
      router.subscribe(followUrl),
      subscribe(store.state, followItems),
      store.onRemoved((id) => {
        if (state.cursor === id) handOffCursor();
        if (!state.selected.has(id)) return;
        const next = new Set(state.selected);
        next.delete(id);
        setSelected(next);
        if (state.anchor === id) state.anchor = null;
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }

  return {
    state,
    store,
    routes,
    activate,
    /** The view lends its DOM parts while mounted. */
    attach(parts: ListDom | null) {
      dom = parts;
    },
    move,
    open,
    edit,
    add,
    close,
    closeDeleted,
    showSaved,
    toggle,
    extend,
    selectAll,
    clear,
    selectedIds,
    selectedCount,
    selectMatching,
    target,
    total,
    setParams,
    filterCount,
    clearFilters,
    focusSearch: () => dom?.focusSearch(),
    focusList: () => dom?.focusList(),
    submit: () => dom?.submitForm(),
    /** A click on a table's cell: its row gets the cursor, nothing opens. */
    pointAt: (id: number) => setCursor(id),
    /** The record under the cursor, when loaded. */
    cursorRecord: () => (state.cursor === null ? undefined : store.find(state.cursor)),
    /** The table's cell cursor and edits, when the screen's list is a table (src/store/cellModel.ts; set by resourceScreen). */
    cells: undefined as CellModel | undefined,
  };
}

export type ListModel<T extends { id: number } = { id: number }> = ReturnType<typeof listModel<T>>;

/**
 * What commands use of the active list, whatever its records (src/commands/list.ts). A list
 * whose checks are saved on the server (src/store/cursorList.ts) answers x and shift+x with a
 * promise, for the runner to toast a refusal.
 */
export type ActiveList = Omit<ListModel, 'store' | 'cursorRecord' | 'pointAt' | 'cells' | 'toggle' | 'extend'> &
  Partial<Pick<ListModel, 'pointAt' | 'cells'>> & {
    toggle(id?: number | null): Promise<unknown> | void;
    extend(id?: number | null): Promise<unknown> | void;
  };
