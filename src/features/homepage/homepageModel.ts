// The homepage configuration (/homepage-config) as plain TypeScript (valtio): the four ordered
// lists that arrange the app's homepage, the tab shown, the highlighted row of each, the form
// beside it and the preview's date. Made by the feature once, with its calls (./model.ts); a
// test makes one with fake calls. Commands call its functions; the view renders snapshots.
//
// Its parts: ./homepageCore.ts (state, the server's order, cursor, loading), ./homepageMoves.ts
// (moves) and ./homepageForm.ts (the form, adding and deleting).
import { createHomepageCore } from './homepageCore';
import { createHomepageForm } from './homepageForm';
import { createHomepageMoves } from './homepageMoves';
import { HOMEPAGE_TABS, previewMoment, tabAfter, type HomepageApi, type HomepageTab } from './homepageTypes';

export function createHomepageModel(api: HomepageApi) {
  const core = createHomepageCore(api);
  const { state, list, cursor, cursors, loads, findItem, placeCursor, highlight, load, startNew, cancelNew } = core;
  /** A new row's form asked for before its tab shows ("New welcome box" from another screen). */
  let newOnShow: HomepageTab | null = null;

  // ---- tabs ----

  /** Show a tab: its rows, with the row highlighted there before (else the first). */
  function showTab(tab: HomepageTab): void {
    const before = state.tab;
    if (before !== tab && list.state.cursor !== null) cursors[before] = list.state.cursor;
    state.tab = tab;
    if (state.form.kind === 'new' && before !== tab) cancelNew();
    // A phone shows the new tab's list, not the form of its highlighted row.
    if (before !== tab) cursor.hide();
    if (state.lists[tab].status === 'idle') void load(tab);
    placeCursor(tab);
    startNewIfAsked(tab);
  }

  /** Open a new row's form on `tab` once that tab shows (now, if it is shown and nothing moves it). */
  function startNewOn(tab: HomepageTab): void {
    newOnShow = tab;
  }

  function startNewIfAsked(tab: HomepageTab) {
    if (newOnShow !== tab) return;
    newOnShow = null;
    startNew();
  }

  /** Show the next or previous tab; the caller puts it in the URL. */
  function cycleTab(delta: 1 | -1): HomepageTab {
    const next = tabAfter(state.tab, delta);
    showTab(next);
    return next;
  }

  /** Highlight a row of the shown tab (a banner picked in the palette). */
  function highlightRow(id: number): void {
    if (findItem(id)) highlight(id);
  }

  // ---- entering and leaving ----

  /** Open the screen: every list (the preview shows all four). */
  function enterHomepage(tab: HomepageTab): void {
    // A phone starts on the list, whatever row was shown when the screen was left.
    cursor.hide();
    state.tab = tab;
    for (const t of HOMEPAGE_TABS) void load(t);
    placeCursor(tab);
    startNewIfAsked(tab);
  }

  function leaveHomepage(): void {
    for (const t of HOMEPAGE_TABS) loads[t]?.abort();
    if (state.form.kind === 'new') cancelNew();
    state.dragging = false;
    state.reordering = null;
  }

  // ---- the preview ----

  function setPreviewDate(day: string) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) state.previewDate = day;
  }

  /** The moment the preview shows: its chosen day's (./homepageTypes.ts previewMoment). */
  const previewNow = (now = Date.now()) => previewMoment(state.previewDate, now);

  /** p: show or hide the phone preview (where there is no room it opens over the form). */
  function togglePreview(wide: boolean) {
    const visible = state.preview === 'auto' ? wide : state.preview === 'shown';
    state.preview = visible ? 'hidden' : 'shown';
  }

  return {
    api,
    state,
    /** The list keys' view of the shown tab (src/commands/list.ts). */
    list,
    attachDom: core.attachDom,
    itemsOf: core.itemsOf,
    findItem,
    currentItem: core.currentItem,
    load,
    startNew,
    showTab,
    startNewOn,
    cycleTab,
    highlightRow,
    enterHomepage,
    leaveHomepage,
    setPreviewDate,
    previewNow,
    togglePreview,
    ...createHomepageMoves(core),
    ...createHomepageForm(core),
  };
}

export type HomepageModel = ReturnType<typeof createHomepageModel>;
