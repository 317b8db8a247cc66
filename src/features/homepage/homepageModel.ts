// The homepage configuration (/homepage-config) as plain TypeScript (valtio): the four ordered
// lists that arrange the app's homepage, the tab shown, the highlighted row of each, the form
// beside it and the preview's date. Commands call its functions; the view renders snapshots.
//
// Moves are optimistic. Each list keeps the server's order (`confirmed`) and the moves not yet
// answered (`queued`, sent one after another, so the server applies them in the order they
// were made); the rows shown are the server's order with the queued moves applied on top.
// An answer (the list's whole new order) replaces the server's order; a refusal drops its move,
// which puts the row back, and goes up to the command runner, which toasts it.
import { proxy, ref as keep } from 'valtio';
import { dubaiDay, dubaiInstant } from '@contract/dubaiTime';
import type { DontMissOut, HeroBanner } from '@contract/homepageBanners';
import type { SelectedOffer } from '@contract/homepageSelected';
import type { WelcomeBox } from '@contract/homepageWelcome';
import type { Order } from '@contract/resource';
import type { Payload } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { cursorList } from '@/store/cursorList';

/** The screen's tabs, in their order (the URL's ?tab=). */
export const HOMEPAGE_TABS = ['hero-banners', 'welcome-boxes', 'selected-offers', 'dont-miss-out'] as const;
export type HomepageTab = (typeof HOMEPAGE_TABS)[number];
export const isHomepageTab = (v: unknown): v is HomepageTab => (HOMEPAGE_TABS as readonly unknown[]).includes(v);

export interface TabItems {
  'hero-banners': HeroBanner;
  'welcome-boxes': WelcomeBox;
  'selected-offers': SelectedOffer;
  'dont-miss-out': DontMissOut;
}
export type HomepageItem = TabItems[HomepageTab];

/** What a call answers: the server's sentence and the record. */
export interface Answer<T> {
  message: string;
  data: T;
}

export interface HomepageApi {
  /** The whole list, in position order. */
  list(tab: HomepageTab, signal?: AbortSignal): Promise<HomepageItem[]>;
  /** Move a row to a 1-based position; answers the list's new order. */
  move(tab: HomepageTab, id: number, to: number): Promise<Answer<Order>>;
  add(tab: HomepageTab, data: Payload): Promise<Answer<HomepageItem>>;
  update(tab: HomepageTab, id: number, data: Payload): Promise<Answer<HomepageItem>>;
  remove(tab: HomepageTab, id: number): Promise<Answer<unknown>>;
}

export interface TabList {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: string | null;
  items: HomepageItem[];
}

/** The form beside the list: the highlighted row's, or a new one. */
export interface FormState {
  kind: 'edit' | 'new';
  saving: boolean;
  /** The server's message per field (422). */
  errors: Record<string, string>;
}

const emptyList = (): TabList => ({ status: 'idle', error: null, items: [] });
const perTab = <T>(make: () => T) =>
  Object.fromEntries(HOMEPAGE_TABS.map((t) => [t, make()])) as Record<HomepageTab, T>;

/** 'YYYY-MM-DD' of a moment in Dubai, whose days the date fields take (src/ui/DateField.tsx). */
export const localDay = (t = Date.now()) => dubaiDay(t);

export const homepageState = proxy({
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

let api: HomepageApi | null = null;
/** The server's order of each list, as last answered. */
const confirmed = perTab<HomepageItem[]>(() => []);
/** Moves made and not yet answered, oldest first; the first is on its way. */
const queued = perTab<{ id: number; to: number }[]>(() => []);
/** Each list's line of moves: the next goes out when the one before has settled. */
const line = perTab<Promise<unknown>>(() => Promise.resolve());
/** A new row's form asked for before its tab shows ("New welcome box" from another screen). */
let newOnShow: HomepageTab | null = null;
/** The highlighted row of each tab, kept while another tab is shown. */
const cursors: Partial<Record<HomepageTab, number>> = {};
const loads = perTab<AbortController | null>(() => null);

/** The API the model calls (the browser's, or a test's). */
export function setHomepageApi(next: HomepageApi) {
  api = next;
}

function need(): HomepageApi {
  if (!api) throw new Error('homepageModel: no API (setHomepageApi)');
  return api;
}

const cursor = cursorList({
  ids: () => homepageState.lists[homepageState.tab].items.map((r) => r.id),
  onCursor: (id) => highlight(id),
  onOpen: (id) => {
    highlight(id);
    dom?.focusForm();
  },
  onClose: () => {
    if (homepageState.form.kind === 'new') cancelNew();
  },
  // A phone: a tap shows the row's form in place of the list, Back brings the list back.
  paneFollowsCursor: true,
});

/** What only the DOM can do, lent by the view. */
export interface HomepageDom {
  focusList(): void;
  focusForm(): void;
  focusSearch(): void;
  submitForm(): void;
}
let dom: HomepageDom | null = null;

/**
 * The list keys' view of the shown tab (src/commands/list.ts: j/k, Enter, Escape). While a row
 * is dragged, Escape belongs to the drag (dnd-kit cancels it), not to the pane.
 */
export const homepageList: typeof cursor.list = {
  ...cursor.list,
  close() {
    if (homepageState.dragging) return;
    cursor.list.close();
  },
};

export function attachHomepageDom(parts: HomepageDom | null) {
  dom = parts;
  homepageList.attach(
    parts ? { focusList: parts.focusList, focusSearch: parts.focusSearch, submitForm: parts.submitForm } : null,
  );
}

/** The rows of a tab as shown. */
export const itemsOf = <T extends HomepageTab>(tab: T) => homepageState.lists[tab].items as TabItems[T][];
export const findItem = (id: number | null, tab: HomepageTab = homepageState.tab) =>
  id === null ? undefined : homepageState.lists[tab].items.find((r) => r.id === id);
/** The highlighted row of the shown tab. */
export const currentItem = () => findItem(homepageList.state.cursor);
export const titleOf = (item: HomepageItem) => ('offer_title' in item ? item.offer_title : item.title);

// ---- tabs ----

/** The tab `delta` places after `tab`, wrapping round ([ and ]). */
export function tabAfter(tab: HomepageTab, delta: number): HomepageTab {
  const n = HOMEPAGE_TABS.length;
  return HOMEPAGE_TABS[(((HOMEPAGE_TABS.indexOf(tab) + delta) % n) + n) % n];
}

/** Show a tab: its rows, with the row highlighted there before (else the first). */
export function showTab(tab: HomepageTab): void {
  const before = homepageState.tab;
  if (before !== tab && homepageList.state.cursor !== null) cursors[before] = homepageList.state.cursor;
  homepageState.tab = tab;
  if (homepageState.form.kind === 'new' && before !== tab) cancelNew();
  // A phone shows the new tab's list, not the form of its highlighted row.
  if (before !== tab) cursor.hide();
  if (homepageState.lists[tab].status === 'idle') void load(tab);
  placeCursor(tab);
  startNewIfAsked(tab);
}

/** Open a new row's form on `tab` once that tab shows (now, if it is shown and nothing moves it). */
export function startNewOn(tab: HomepageTab): void {
  newOnShow = tab;
}

function startNewIfAsked(tab: HomepageTab) {
  if (newOnShow !== tab) return;
  newOnShow = null;
  startNew();
}

/** Show the next or previous tab; the caller puts it in the URL. */
export function cycleTab(delta: 1 | -1): HomepageTab {
  const next = tabAfter(homepageState.tab, delta);
  showTab(next);
  return next;
}

function placeCursor(tab: HomepageTab) {
  const items = homepageState.lists[tab].items;
  const kept = cursors[tab];
  const id = kept !== undefined && items.some((r) => r.id === kept) ? kept : (items[0]?.id ?? null);
  if (id === null) {
    cursor.setCursor(null);
    cursor.setMode('list', null);
  } else highlight(id);
}

/** Highlight a row of the shown tab (a banner picked in the palette). */
export function highlightRow(id: number): void {
  if (findItem(id)) highlight(id);
}

function highlight(id: number) {
  // Another row (or leaving a new one): its form starts clean.
  if (homepageState.form.kind === 'new' || homepageList.state.cursor !== id)
    homepageState.form = { kind: 'edit', saving: false, errors: {} };
  cursor.setCursor(id);
  cursors[homepageState.tab] = id;
  // A drag keeps the list in 'edit': j/k, Enter and x wait until it is dropped.
  cursor.setMode(homepageState.dragging ? 'edit' : 'view', id);
}

// ---- loading ----

/** Open the screen: every list (the preview shows all four). */
export function enterHomepage(tab: HomepageTab): void {
  // A phone starts on the list, whatever row was shown when the screen was left.
  cursor.hide();
  homepageState.tab = tab;
  for (const t of HOMEPAGE_TABS) void load(t);
  placeCursor(tab);
  startNewIfAsked(tab);
}

export function leaveHomepage(): void {
  for (const t of HOMEPAGE_TABS) loads[t]?.abort();
  if (homepageState.form.kind === 'new') cancelNew();
  homepageState.dragging = false;
  homepageState.reordering = null;
}

/** (Re)load a list from the server. Moves still on their way are shown on top of it. */
export async function load(tab: HomepageTab): Promise<void> {
  loads[tab]?.abort();
  const mine = (loads[tab] = new AbortController());
  const list = homepageState.lists[tab];
  list.status = list.items.length ? 'ready' : 'loading';
  list.error = null;
  try {
    const items = await need().list(tab, mine.signal);
    if (mine.signal.aborted) return;
    confirmed[tab] = items;
    render(tab);
    list.status = 'ready';
    // A new row's form being written stays open when the list arrives.
    if (
      homepageState.tab === tab &&
      homepageState.form.kind !== 'new' &&
      (homepageList.state.cursor === null || !findItem(homepageList.state.cursor, tab))
    )
      placeCursor(tab);
  } catch (e) {
    if (mine.signal.aborted || (e instanceof ApiError && e.aborted)) return;
    list.status = 'failed';
    list.error = errorText('GET', e instanceof ApiError ? e.body : null);
  }
}

// ---- moving ----

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
  homepageState.lists[tab].items = shown(tab).map((r) => keep(r));
  homepageState.moving[tab] = queued[tab].length;
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

/** Whether a row can be moved now (it exists; its list is loaded). */
export const canMove = (tab: HomepageTab = homepageState.tab, id: number | null = homepageList.state.cursor) =>
  id !== null && homepageState.lists[tab].status === 'ready' && !!findItem(id, tab);

/**
 * Move a row to a 1-based position (past the end: last). Shown at once; resolves to the
 * server's answer (undefined when nothing moved); rejects after putting the row back.
 */
export function moveItem(tab: HomepageTab, id: number, to: number): Promise<Answer<Order> | undefined> {
  const rows = homepageState.lists[tab].items;
  const from = rows.findIndex((r) => r.id === id);
  if (from < 0 || !Number.isInteger(to)) return Promise.resolve(undefined);
  const target = Math.max(1, Math.min(to, rows.length));
  if (target === from + 1) return Promise.resolve(undefined);
  const move = { id, to: target };
  queued[tab].push(move);
  homepageState.saved[tab] = false;
  render(tab);
  homepageState.announcement = `${titleOf(rows[from])} moved to position ${target} of ${rows.length}.`;

  const a = need();
  const done = line[tab].then(() => a.move(tab, id, target));
  line[tab] = done.catch(() => undefined);
  return done.then(
    (answer) => {
      queued[tab] = queued[tab].filter((m) => m !== move);
      applyOrder(tab, answer.data);
      render(tab);
      homepageState.saved[tab] = queued[tab].length === 0;
      return answer;
    },
    (e: unknown) => {
      queued[tab] = queued[tab].filter((m) => m !== move);
      render(tab);
      const back = findItem(id, tab);
      if (back) homepageState.announcement = `${titleOf(back)} is back at position ${back.position}.`;
      throw e;
    },
  );
}

/** Alt+↑ / Alt+↓: the highlighted row one place up or down. */
export function moveBy(delta: 1 | -1): Promise<Answer<Order> | undefined> {
  const tab = homepageState.tab;
  const row = currentItem();
  if (!row) return Promise.resolve(undefined);
  return moveItem(tab, row.id, row.position + delta);
}

export function setDragging(on: boolean) {
  homepageState.dragging = on;
  const id = homepageList.state.cursor;
  if (id !== null) cursor.setMode(on ? 'edit' : 'view', id);
}

// ---- the form ----

export function startNew(): void {
  homepageState.form = { kind: 'new', saving: false, errors: {} };
  cursor.setMode('add', null);
}

function cancelNew() {
  homepageState.form = { kind: 'edit', saving: false, errors: {} };
  const id = homepageList.state.cursor;
  cursor.setMode(id === null ? 'list' : 'view', id);
}

/**
 * Save the form: the new row (appended at the end, as the server does) or the highlighted
 * row's changes. The server's field errors (422) stay beside the fields; other refusals go up
 * to the runner, which toasts them.
 */
export async function saveForm(values: Payload): Promise<Answer<HomepageItem> | undefined> {
  const tab = homepageState.tab;
  const form = homepageState.form;
  if (form.saving) return undefined;
  const row = form.kind === 'edit' ? currentItem() : undefined;
  if (form.kind === 'edit' && !row) return undefined;
  form.saving = true;
  form.errors = {};
  try {
    const answer = row
      ? await need().update(tab, row.id, { ...values, version: row.version })
      : await need().add(tab, values);
    took(tab, answer.data);
    if (!row) {
      homepageState.form = { kind: 'edit', saving: false, errors: {} };
      if (homepageState.tab === tab) highlight(answer.data.id);
    }
    return answer;
  } catch (e) {
    // The errors belong to this form only if it is still the one shown.
    if (e instanceof ApiError && e.status === 422 && Object.keys(e.fieldErrors).length) {
      if (homepageState.form === form) form.errors = e.fieldErrors;
      return undefined;
    }
    throw e;
  } finally {
    form.saving = false;
  }
}

/** A record the server answered: replaced where it is, or appended (an add). */
function took(tab: HomepageTab, saved: HomepageItem) {
  const at = confirmed[tab].findIndex((r) => r.id === saved.id);
  if (at >= 0) confirmed[tab] = confirmed[tab].map((r) => (r.id === saved.id ? saved : r));
  else confirmed[tab] = [...confirmed[tab], saved].sort((a, b) => a.position - b.position);
  render(tab);
}

/** Selected offers: append a live offer (the picker). The same offer twice is the server's 409. */
export async function addSelectedOffer(offerId: number): Promise<Answer<HomepageItem>> {
  const answer = await need().add('selected-offers', { offer_id: offerId });
  took('selected-offers', answer.data);
  if (homepageState.tab === 'selected-offers') highlight(answer.data.id);
  return answer;
}

/** Delete a row; the server closes the gap, and so does the list. The cursor goes to its neighbour. */
export async function removeItem(tab: HomepageTab, id: number): Promise<Answer<unknown>> {
  const answer = await need().remove(tab, id);
  const at = confirmed[tab].findIndex((r) => r.id === id);
  confirmed[tab] = confirmed[tab]
    .filter((r) => r.id !== id)
    .map((r, i) => (r.position === i + 1 ? r : { ...r, position: i + 1 }));
  render(tab);
  if (homepageState.tab === tab && homepageList.state.cursor === id) {
    const rows = homepageState.lists[tab].items;
    const next = rows[Math.min(Math.max(at, 0), rows.length - 1)];
    delete cursors[tab];
    // A phone goes back to the list, as a list screen does after a delete.
    cursor.hide();
    if (next) highlight(next.id);
    else placeCursor(tab);
  }
  return answer;
}

// ---- the preview ----

export function setPreviewDate(day: string) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(day)) homepageState.previewDate = day;
}

/**
 * The moment the preview shows: now on today's date, else noon of the chosen day (a
 * schedule that starts or ends at some hour of that day reads as it does mid-day).
 */
export function previewMoment(day = homepageState.previewDate, now = Date.now()): number {
  if (day === localDay(now)) return now;
  const [year, month, d] = day.split('-').map(Number);
  return dubaiInstant({ year, month, day: d, hour: 12, minute: 0 }).getTime();
}

/** p: show or hide the phone preview (where there is no room it opens over the form). */
export function togglePreview(wide: boolean) {
  const visible = homepageState.preview === 'auto' ? wide : homepageState.preview === 'shown';
  homepageState.preview = visible ? 'hidden' : 'shown';
}
