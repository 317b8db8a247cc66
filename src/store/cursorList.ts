// A list that is not a contract resource (crawl sources, crawled refs) still answers the list
// keys (src/commands/list.ts: j/k, Enter, Escape, x, shift+x), so those keys stay one set of
// commands. This adapts a model that owns its rows to the ActiveList those commands call.
import { proxy, ref } from 'valtio';
import type { ActiveList, ListDom, ListModelState, Mode } from './listModel';
import { isPhone } from './ui';

interface CursorListOptions {
  /** The rows' ids in list order. */
  ids(): readonly number[];
  /** The highlighted row moved (j/k). */
  onCursor?(id: number): void;
  /** Enter or a click. */
  onOpen(id: number): void;
  /** Escape with a pane open. */
  onClose?(): void;
  /** x and shift+x on rows that can be checked; without it rows cannot be. */
  onCheck?(ids: readonly number[], checked: boolean): Promise<unknown> | void;
  isChecked?(id: number): boolean;
  /**
   * The pane shows the highlighted row, opened or not (crawl sources, crawled banks and
   * offers, the homepage lists). A phone has room for the list or the pane, not both
   * (SplitPane.css): there the first open (a tap, Enter) only shows the row's pane in place
   * of the list (`state.shown`), the next runs `onOpen`, and close (Back, Escape) brings the
   * list back.
   */
  paneFollowsCursor?: boolean;
}

interface CursorListState extends ListModelState {
  /** A phone shows the highlighted row's pane instead of the list (`paneFollowsCursor`). */
  shown: boolean;
}

const NO_ROUTES = { list: '', view: '', edit: '', add: '' };

export function cursorList(o: CursorListOptions) {
  const state = proxy<CursorListState>({
    route: { mode: 'list', openId: null, query: '', filters: {}, sort: '' },
    shown: false,
    cursor: null,
    selected: ref(new Set<number>()),
    anchor: null,
    matching: false,
    matchingCount: 0,
    missing: null,
  });
  let dom: ListDom | null = null;

  const checkedIds = () => (o.isChecked ? o.ids().filter((id) => o.isChecked!(id)) : []);

  function setCursor(id: number | null) {
    state.cursor = id;
  }

  function setMode(mode: Mode, openId: number | null) {
    state.route = { ...state.route, mode, openId };
  }

  /** The row's pane takes a phone's screen; 'view' lets Escape and Back (list.close) bring the list back. */
  function show(id: number) {
    setCursor(id);
    o.onCursor?.(id);
    state.shown = true;
    if (state.route.mode === 'list') setMode('view', id);
  }

  /** The list again (a screen entered afresh starts there). */
  function hide() {
    state.shown = false;
    if (state.route.mode === 'view' && !o.onClose) setMode('list', null);
  }

  function move(delta: 1 | -1) {
    const ids = o.ids();
    if (!ids.length) return;
    const at = state.cursor === null ? -1 : ids.indexOf(state.cursor);
    const next = ids[at < 0 ? 0 : Math.min(ids.length - 1, Math.max(0, at + delta))];
    if (next === state.cursor) return;
    setCursor(next);
    o.onCursor?.(next);
  }

  function toggle(id: number | null = state.cursor) {
    if (id === null || !o.onCheck) return;
    state.anchor = id;
    // A promise (a flag saved on the server) goes back to the runner, which toasts a refusal.
    return o.onCheck([id], !o.isChecked?.(id));
  }

  function extend(id: number | null = state.cursor) {
    if (id === null || !o.onCheck) return;
    const ids = o.ids();
    const from = state.anchor === null ? -1 : ids.indexOf(state.anchor);
    const to = ids.indexOf(id);
    if (from < 0 || to < 0) return toggle(id);
    const [a, b] = from <= to ? [from, to] : [to, from];
    return o.onCheck(
      ids.slice(a, b + 1).filter((r) => !o.isChecked?.(r)),
      true,
    );
  }

  const list: ActiveList & { state: CursorListState } = {
    state,
    routes: NO_ROUTES,
    activate: () => () => undefined,
    attach(parts) {
      dom = parts;
    },
    move,
    open(id = state.cursor) {
      if (id === null) return;
      if (o.paneFollowsCursor && !state.shown && isPhone()) return show(id);
      setCursor(id);
      o.onOpen(id);
    },
    edit: () => undefined,
    add: () => undefined,
    close() {
      hide();
      o.onClose?.();
      dom?.focusList();
    },
    closeDeleted: () => undefined,
    showSaved: () => undefined,
    toggle,
    extend,
    selectAll() {
      if (o.onCheck)
        return o.onCheck(
          o.ids().filter((id) => !o.isChecked?.(id)),
          true,
        );
    },
    // Checks here are saved flags (an offer ref's `checked`), not a passing selection:
    // Escape must not wipe them, so there is nothing for "clear" and Escape to let go of.
    clear() {
      state.anchor = null;
    },
    selectedIds: checkedIds,
    selectedCount: () => 0,
    // Every row is loaded here: "all matching" is "all".
    selectMatching: () => Promise.resolve(),
    total: () => o.ids().length,
    target: () => ({ ids: checkedIds() }),
    setParams: () => undefined,
    filterCount: () => 0,
    clearFilters: () => undefined,
    focusSearch: () => dom?.focusSearch(),
    focusList: () => dom?.focusList(),
    // A form the view shows in its pane (the triage view's offer edit) answers mod+enter.
    submit: () => dom?.submitForm(),
  };
  return { list, state, setCursor, setMode, hide };
}
