// The crawl triage queue as plain TypeScript (valtio): a source's refs of one kind, the ref in
// focus with its ranked candidates, and the decisions made here. Commands call its functions;
// the view only renders snapshots.
//
// Decisions are optimistic: the row takes its new state and the next undecided ref opens at
// once; when the server refuses, the ref is put back (and refocused if the reviewer has not
// moved on) and the error goes up to the command runner, which toasts it. Undo asks the server
// (crawl.undo) with the ref's last decision, newest step of this view first; a bulk assign is
// one step (the server undoes its whole group).
import { takeOverUndo } from '@/store/undo';
import { proxy, ref as keep } from 'valtio';
import type { CardStatusBody } from '@contract/card';
import type {
  Candidate,
  CardRef,
  CrawlSource,
  Decision as RefDecision,
  OfferRef,
  OutletRef,
  RefKind,
  RefState,
} from '@contract/crawl';
import type { CardFromRefBody } from '@contract/crawlCards';
import type { MatchedRef } from '@contract/crawlTriage';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { cursorList } from '@/store/cursorList';

export type AnyRef = CardRef | OutletRef | OfferRef;
export type Decision = 'assign' | 'create' | 'skip';
/** 'all': no state filter. */
export type RefFilter = RefState | 'all';

export interface TriageApi {
  source(id: number, signal?: AbortSignal): Promise<CrawlSource>;
  list(kind: RefKind, sourceId: number, state: RefState | undefined, signal?: AbortSignal): Promise<AnyRef[]>;
  claim(kind: RefKind, refId: number, signal?: AbortSignal): Promise<{ ref: AnyRef; candidates: Candidate[] }>;
  release(kind: RefKind, refId: number): Promise<unknown>;
  assign(kind: RefKind, refId: number, liveId: number): Promise<AnyRef>;
  /** For a card, the body may carry the fields the create card dialog corrected. */
  create(kind: RefKind, refId: number, body: CardFromRefBody): Promise<AnyRef>;
  skip(kind: RefKind, refId: number): Promise<AnyRef>;
  /** Undoes the decision and the others of its group: the server's message, and every ref put back. */
  undo(decisionId: number): Promise<{ message: string; refs: AnyRef[] }>;
  setChecked(refId: number, checked: boolean): Promise<AnyRef>;
  /** Confirms a live card's status (the card update with `{ status }` alone). */
  confirmStatus(cardId: number, status: CardStatusBody['status']): Promise<unknown>;
  /** The ref's newest decision still standing (what undo undoes). */
  lastDecision(kind: RefKind, refId: number): Promise<number | null>;
  /** Assigns many card or outlet refs to one live record (one decision each). */
  assignMany(
    kind: 'card' | 'outlet',
    refIds: readonly number[],
    liveId: number,
  ): Promise<{ message: string; refs: AnyRef[] }>;
  /** Scores refs against a live record before a bulk assign (crawl.matchMany). */
  matchMany(kind: 'card' | 'outlet', refIds: readonly number[], liveId: number): Promise<RefMatch>;
  /** The ref's decisions, newest first (crawl.history). */
  history(kind: RefKind, refId: number, signal?: AbortSignal): Promise<RefDecision[]>;
  /** Corrects a crawled offer's fields (crawl.updateOfferRef). */
  updateOffer(refId: number, body: OfferEdit): Promise<OfferRef>;
  /** The signed-in reviewer's user id (src/store/session.ts), to tell their claims from others'. */
  me(): number | null;
}

/** The fields of a crawled offer a reviewer may correct before onboarding. */
export interface OfferEdit {
  title: string;
  discount: string | null;
  valid_from: string | null;
  valid_to: string | null;
  terms: string | null;
}

/** Each ref's match score against the live record a bulk assign is about to use. */
export interface RefMatch {
  title: string;
  threshold: number;
  refs: MatchedRef[];
}

/** One step of this view's history: the refs one decision (or one bulk assign) decided. */
export interface Step {
  seq: number;
  refs: number[];
}

export interface History {
  refId: number;
  status: 'loading' | 'ready' | 'failed';
  items: RefDecision[];
}

export interface OfferEditState {
  refId: number;
  saving: boolean;
  /** The server's message per field (422). */
  errors: Record<string, string>;
}

export interface Focus {
  refId: number;
  /** taken: another reviewer has it (409 on claim). */
  status: 'loading' | 'ready' | 'taken' | 'failed';
  candidates: Candidate[];
  message: string | null;
}

const AFTER: Record<Decision, RefState> = { assign: 'assigned', create: 'created', skip: 'skipped' };

export const triageState = proxy({
  kind: 'card' as RefKind,
  sourceId: 0,
  filter: 'new' as RefFilter,
  source: null as CrawlSource | null,
  refs: [] as AnyRef[],
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  error: null as string | null,
  focus: null as Focus | null,
  /** Refs whose decision is on its way to the server. */
  pending: {} as Record<number, true>,
  /** Steps decided in this view, newest last: what u / mod+z undoes (a bulk assign is one step). */
  decided: [] as Step[],
  /**
   * Card and outlet refs checked (x, shift+x) for "Assign checked refs to…": a passing
   * selection of this view, unlike an offer ref's `checked`, which the server keeps.
   */
  checked: {} as Record<number, true>,
  /** The focused ref's decisions (the pane's History section). */
  history: null as History | null,
  /** The offer ref whose fields are being corrected in the pane, if any. */
  editing: null as OfferEditState | null,
});

let api: TriageApi | null = null;
/** The server's answer to each decision still in flight (undo waits for it). */
const inflight = new Map<number, Promise<AnyRef | undefined>>();
let stepSeq = 0;
/** A new step of this view's history: the refs one decision decided. */
const pushStep = (refs: number[]) => triageState.decided.push({ seq: ++stepSeq, refs });
/** Forgets a single ref's step (its decision was refused). */
const dropStep = (id: number) =>
  (triageState.decided = triageState.decided.filter((d) => !(d.refs.length === 1 && d.refs[0] === id)));
let listAbort: AbortController | null = null;
let claimAbort: AbortController | null = null;
let historyAbort: AbortController | null = null;

// ---- keys kept while the next ref opens ----
// After a decision the next ref opens at once, but it can be decided only once its claim is
// answered (its candidates ranked). A decision key pressed in between is kept here, in order,
// and run when the ref is ready: one per ref, since each decision opens the next ref again.
// Moving by hand, a refusal or a ref that could not be opened drops what was kept.
const kept: (() => void)[] = [];

/** Whether the ref in focus is opening and will be decidable once it is (a key pressed now can be kept). */
export function opening(): boolean {
  const f = triageState.focus;
  const r = focusedRef();
  return !!f && !!r && f.status === 'loading' && r.state === 'new' && !triageState.pending[r.id];
}

/** Keep `run` for when the opening ref is ready; false when nothing is opening (run it now, or not at all). */
export function keepUntilReady(run: () => void): boolean {
  if (!opening()) return false;
  kept.push(run);
  return true;
}

/** How many keys wait for the opening ref. */
export const keptCount = () => kept.length;

function dropKept() {
  kept.length = 0;
}

/** The ref in focus is ready: the oldest kept key acts on it. */
function runKept() {
  const next = kept.shift();
  if (next) next();
}

const cursor = cursorList({
  ids: () => triageState.refs.map((r) => r.id),
  // The reviewer moved on by hand: keys kept for the ref the last decision opened are not for this one.
  onCursor: (id) => {
    dropKept();
    void focusRef(id);
  },
  onOpen: (id) => {
    if (triageState.focus?.refId !== id) dropKept();
    void focusRef(id);
  },
  // Escape while correcting an offer ref cancels the edit and keeps the ref open.
  onClose: () => (triageState.editing ? stopEditing() : unfocus()),
  isChecked: (id) =>
    triageState.kind === 'offer' ? (findRef(id) as OfferRef | undefined)?.checked === true : !!triageState.checked[id],
  onCheck: (ids, checked) => (triageState.kind === 'offer' ? setChecked(ids, checked) : checkLocally(ids, checked)),
});
/** The list keys' view of the queue (src/commands/list.ts). */
export const triageList = cursor.list;

export const findRef = (id: number | null) => (id === null ? undefined : triageState.refs.find((r) => r.id === id));
export const focusedRef = () => findRef(triageState.focus?.refId ?? null);
const isOpen = (r: AnyRef) => r.state === 'new' && !triageState.pending[r.id];

/**
 * Whether another reviewer holds the ref now (their claim has not run out). The automatic
 * advance passes such refs by, so two reviewers working one queue do not land on each other.
 */
export function heldByOther(r: AnyRef, me: number | null = api?.me() ?? null, now = Date.now()): boolean {
  return r.claimed_by !== null && r.claimed_by !== me && r.claimed_until !== null && Date.parse(r.claimed_until) > now;
}
const isFree = (r: AnyRef) => isOpen(r) && !heldByOther(r);

function replaceRef(next: AnyRef) {
  const at = triageState.refs.findIndex((r) => r.id === next.id);
  if (at >= 0) triageState.refs[at] = keep(next);
}

/** The API the model calls (the browser's, or a test's). */
export function setTriageApi(next: TriageApi) {
  api = next;
}

function need(): TriageApi {
  if (!api) throw new Error('triageModel: no API (setTriageApi)');
  return api;
}

/** The API in use, for the triage's dialogs (src/features/crawl/triage/cardDialogs.ts). */
export const triageApiInUse = need;

let releaseUndo = () => undefined as void;

/** Show a source's queue of one kind; reloads only when one of the three changed. */
export async function showQueue(
  kind: RefKind,
  sourceId: number,
  filter: RefFilter,
  o: { focus?: number; edit?: boolean } = {},
): Promise<void> {
  const same =
    triageState.kind === kind &&
    triageState.sourceId === sourceId &&
    triageState.filter === filter &&
    triageState.status !== 'idle';
  if (same) {
    // A link to one ref (?ref=) within the queue already shown: just open it.
    if (o.focus !== undefined && findRef(o.focus)) land(o.focus, o.edit);
    return;
  }
  unfocus();
  dropKept();
  Object.assign(triageState, {
    kind,
    sourceId,
    filter,
    refs: [],
    status: 'loading',
    error: null,
    decided: [],
    checked: {},
  });
  // mod+z steps back through this view's decisions while it is shown.
  releaseUndo();
  releaseUndo = takeOverUndo({ can: canUndo, run: undoLast });
  if (triageState.source?.id !== sourceId) triageState.source = null;
  cursor.setCursor(null);
  listAbort?.abort();
  const mine = (listAbort = new AbortController());
  void refreshSource();
  try {
    const refs = await need().list(kind, sourceId, filter === 'all' ? undefined : filter, mine.signal);
    if (mine.signal.aborted) return;
    triageState.refs = refs.map((r) => keep(r));
    triageState.status = 'ready';
    const asked = o.focus === undefined ? undefined : refs.find((r) => r.id === o.focus);
    if (asked) land(asked.id, o.edit);
    else {
      const first = refs.find(isFree) ?? refs.find(isOpen) ?? refs[0];
      if (first) moveTo(first.id);
    }
  } catch (e) {
    if (mine.signal.aborted || (e instanceof ApiError && e.aborted)) return;
    triageState.status = 'failed';
    triageState.error = errorText('GET', e instanceof ApiError ? e.body : null);
  }
}

/** Leave the view: let the claimed ref go. */
export function leaveQueue() {
  dropKept();
  releaseUndo();
  listAbort?.abort();
  unfocus();
  Object.assign(triageState, { status: 'idle', refs: [], decided: [], checked: {} });
}

/** The source's counts (after a decision, or on the way in). */
export async function refreshSource(): Promise<void> {
  const id = triageState.sourceId;
  try {
    const s = await need().source(id);
    if (triageState.sourceId === id) triageState.source = keep(s);
  } catch {
    /* the counts are a courtesy: the queue works without them */
  }
}

function moveTo(id: number) {
  cursor.setCursor(id);
  void focusRef(id);
}

/** Open the ref a link named, with its edit form when asked (offers only). */
function land(id: number, edit?: boolean) {
  moveTo(id);
  if (edit && triageState.kind === 'offer') startEditing(id);
}

function unfocus() {
  const f = triageState.focus;
  claimAbort?.abort();
  historyAbort?.abort();
  triageState.focus = null;
  triageState.history = null;
  triageState.editing = null;
  cursor.setMode('list', null);
  if (f) releaseIfMine(f);
}

function releaseIfMine(f: Focus) {
  const r = findRef(f.refId);
  // A ref with a decision on its way is the decision's business; one left open is let go.
  if (f.status === 'ready' && r && !triageState.pending[r.id])
    need()
      .release(triageState.kind, r.id)
      .catch(() => undefined);
}

/** Open a ref: claim it for this reviewer and rank the live candidates. */
export async function focusRef(id: number): Promise<void> {
  const before = triageState.focus;
  if (before?.refId === id && before.status !== 'failed') return;
  claimAbort?.abort();
  if (before) releaseIfMine(before);
  const mine = (claimAbort = new AbortController());
  triageState.focus = { refId: id, status: 'loading', candidates: [], message: null };
  if (triageState.editing?.refId !== id) triageState.editing = null;
  cursor.setMode('view', id);
  const kind = triageState.kind;
  void loadHistory(id);
  try {
    const res = await need().claim(kind, id, mine.signal);
    if (mine.signal.aborted || triageState.focus?.refId !== id) return;
    // The claim answers the freshest copy (another tab may have decided it).
    if (!triageState.pending[id]) replaceRef(res.ref);
    triageState.focus = { refId: id, status: 'ready', candidates: res.candidates.map((c) => keep(c)), message: null };
    runKept();
  } catch (e) {
    if (mine.signal.aborted || (e instanceof ApiError && e.aborted) || triageState.focus?.refId !== id) return;
    // Kept keys were for this ref; it cannot be decided here.
    dropKept();
    const taken = e instanceof ApiError && e.status === 409;
    const message = e instanceof ApiError ? errorText('POST', e.body) : 'Could not open this ref.';
    triageState.focus = { refId: id, status: taken ? 'taken' : 'failed', candidates: [], message };
  }
}

/** The focused ref's decisions, newest first; a newer load for another ref wins. */
export async function loadHistory(id: number): Promise<void> {
  historyAbort?.abort();
  const mine = (historyAbort = new AbortController());
  const kind = triageState.kind;
  const keepItems = triageState.history?.refId === id ? triageState.history.items : [];
  triageState.history = { refId: id, status: 'loading', items: keepItems };
  try {
    const items = await need().history(kind, id, mine.signal);
    if (mine.signal.aborted || triageState.focus?.refId !== id) return;
    triageState.history = { refId: id, status: 'ready', items: items.map((d) => keep(d)) };
  } catch (e) {
    if (mine.signal.aborted || (e instanceof ApiError && e.aborted) || triageState.focus?.refId !== id) return;
    triageState.history = { refId: id, status: 'failed', items: keepItems };
  }
}

/** After a decision on `id` settled: its history changed, if it is still the one shown. */
function historyChanged(id: number) {
  if (triageState.focus?.refId === id) void loadHistory(id);
}

/** The next undecided ref after this one (wrapping round) that no other reviewer holds, if any. */
export function nextOpen(afterId: number): AnyRef | undefined {
  const refs = triageState.refs;
  const at = refs.findIndex((r) => r.id === afterId);
  for (let i = 1; i <= refs.length; i++) {
    const r = refs[(at + i) % refs.length];
    if (r.id !== afterId && isFree(r)) return r;
  }
  return undefined;
}

/** Whether the focused ref can be decided now. */
export function canDecide(): boolean {
  const f = triageState.focus;
  const r = focusedRef();
  return !!f && !!r && f.status === 'ready' && r.state === 'new' && !triageState.pending[r.id];
}

/**
 * Decide the focused ref. Shown at once; the next undecided ref opens. Resolves to the
 * server's copy; rejects (after putting the ref back) when the server refuses.
 */
export async function decide(
  action: Decision,
  o: { liveId?: number; networkId?: number } = {},
): Promise<AnyRef | undefined> {
  const r = focusedRef();
  if (!r || !canDecide()) return undefined;
  const { kind } = triageState;
  const before = r;
  const a = need();
  const work =
    action === 'assign'
      ? a.assign(kind, r.id, o.liveId!)
      : action === 'create'
        ? a.create(kind, r.id, o.networkId ? { network_id: o.networkId } : {})
        : a.skip(kind, r.id);

  replaceRef({ ...r, state: AFTER[action] } as AnyRef);
  const next = nextOpen(r.id);
  return settle(
    before,
    work,
    () => {
      if (next) moveTo(next.id);
      else unfocus();
    },
    next?.id ?? null,
  );
}

/**
 * The part every decision shares: the ref shown decided (pending) at once, `moveOn` run, the
 * server's copy put in when it answers; on refusal the ref put back and refocused if the
 * reviewer is still where the decision sent them (`landing`).
 */
async function settle(
  before: AnyRef,
  work: Promise<AnyRef>,
  moveOn: () => void,
  landing: number | null,
): Promise<AnyRef> {
  const id = before.id;
  triageState.pending[id] = true;
  pushStep([id]);
  moveOn();
  const settled = work.then(
    (saved) => {
      replaceRef(saved);
      return saved;
    },
    (e: unknown) => {
      replaceRef(before);
      dropStep(id);
      // Keys kept for the refs after it assumed this decision stood.
      dropKept();
      if (triageState.focus?.refId === landing || !triageState.focus) moveTo(id);
      throw e;
    },
  );
  const tracked = settled.catch(() => undefined);
  inflight.set(id, tracked);
  try {
    return await settled;
  } finally {
    delete triageState.pending[id];
    if (inflight.get(id) === tracked) inflight.delete(id);
    historyChanged(id);
    void refreshSource();
  }
}

/**
 * A decision the server has made already (the create card dialog waits for its answer, so
 * field errors can stay beside the fields): shown, undoable with u like the others, and the
 * next open ref opens when this one was in focus.
 */
export function takeDecided(saved: AnyRef): void {
  replaceRef(saved);
  pushStep([saved.id]);
  if (triageState.focus?.refId === saved.id) {
    const next = nextOpen(saved.id);
    if (next) moveTo(next.id);
    else unfocus();
  }
  historyChanged(saved.id);
  void refreshSource();
}

/** Whether the focused ref is a crawled card linked to a live card whose status can be confirmed. */
export function canConfirmStatus(): boolean {
  const f = triageState.focus;
  const r = focusedRef();
  return (
    triageState.kind === 'card' &&
    !!f &&
    f.status === 'ready' &&
    !!r &&
    (r as CardRef).card_id !== null &&
    !triageState.pending[r.id]
  );
}

/**
 * Confirm the focused ref's live card Discontinued (which hides it) or Not Discontinued. The
 * server records it as a decision on the ref, so u undoes it like the others; the focus stays.
 */
export async function confirmStatus(status: CardStatusBody['status']): Promise<AnyRef | undefined> {
  const r = focusedRef() as CardRef | undefined;
  if (!r || !canConfirmStatus()) return undefined;
  const a = need();
  const state: RefState =
    status === 'Discontinued' ? 'discontinued' : r.state === 'discontinued' ? 'assigned' : r.state;
  const shown: CardRef = { ...r, state, confirmed_status: status };
  replaceRef(shown);
  // The call answers the card; the ref's new decision (for undo) is read after it.
  const work = a
    .confirmStatus(r.card_id!, status)
    .then(async () => ({ ...shown, last_decision_id: await a.lastDecision('card', r.id) }));
  return settle(r, work, () => undefined, r.id);
}

/** Whether there is a decision of this view to undo. */
export const canUndo = () => triageState.decided.length > 0;

/**
 * Undo the newest step of this view on the server (a bulk assign's refs all at once: the
 * server undoes its decisions' group), and reopen its (first) ref. Resolves to the server's
 * message ("Undid 3 assignments.").
 */
export async function undoLast(): Promise<{ message: string } | undefined> {
  const step = triageState.decided.at(-1);
  if (step === undefined) return undefined;
  const { seq } = step;
  const ids = [...step.refs];
  await Promise.all(ids.map((id) => inflight.get(id)).filter((p) => p !== undefined));
  const r = findRef(ids[0]);
  if (!r || triageState.decided.at(-1)?.seq !== seq) return undefined; // refused meanwhile: nothing to undo
  if (r.last_decision_id === null) throw new Error('This decision cannot be undone.');
  const taken = triageState.decided.pop()!;
  try {
    const res = await need().undo(r.last_decision_id);
    res.refs.forEach(replaceRef);
    moveTo(ids[0]);
    ids.forEach(historyChanged);
    void refreshSource();
    return { message: res.message };
  } catch (e) {
    triageState.decided.push(taken);
    throw e;
  }
}

/** Check or uncheck offer refs (bulk calls with checked=1 act on these); shown at once. */
export async function setChecked(ids: readonly number[], checked: boolean): Promise<void> {
  const a = need();
  const errors: unknown[] = [];
  await Promise.all(
    ids.map(async (id) => {
      const r = findRef(id) as OfferRef | undefined;
      if (!r || r.checked === checked) return;
      replaceRef({ ...r, checked });
      try {
        replaceRef(await a.setChecked(id, checked));
      } catch (e) {
        replaceRef(r);
        errors.push(e);
      }
    }),
  );
  if (errors.length) throw errors[0];
}

function checkLocally(ids: readonly number[], checked: boolean) {
  for (const id of ids) {
    if (checked) triageState.checked[id] = true;
    else delete triageState.checked[id];
  }
}

/** The checked card or outlet refs, in list order. */
export const checkedRefs = (): AnyRef[] =>
  triageState.kind === 'offer'
    ? []
    : triageState.refs.filter((r) => triageState.checked[r.id] && !triageState.pending[r.id]);

/**
 * Assign every checked card or outlet ref to one live record: shown at once, one call (all or
 * nothing), then one step of undo (u undoes all of it). Resolves to the server's message; on
 * refusal every ref is put back, still checked.
 */
export async function assignChecked(liveId: number): Promise<{ message: string } | undefined> {
  const kind = triageState.kind;
  const refs = checkedRefs();
  if (kind === 'offer' || !refs.length) return undefined;
  for (const r of refs) {
    triageState.pending[r.id] = true;
    replaceRef(('card_id' in r ? { ...r, state: 'assigned', card_id: liveId } : { ...r, state: 'assigned' }) as AnyRef);
  }
  try {
    const res = await need().assignMany(
      kind,
      refs.map((r) => r.id),
      liveId,
    );
    const decidedNow: number[] = [];
    for (const saved of res.refs) {
      const before = refs.find((r) => r.id === saved.id);
      if (before && saved.last_decision_id !== before.last_decision_id) decidedNow.push(saved.id);
      replaceRef(saved);
    }
    if (decidedNow.length) pushStep(decidedNow);
    checkLocally(
      refs.map((r) => r.id),
      false,
    );
    return { message: res.message };
  } catch (e) {
    refs.forEach(replaceRef);
    throw e;
  } finally {
    for (const r of refs) delete triageState.pending[r.id];
    void refreshSource();
  }
}

/** Open the focused offer ref's fields for correcting (the pane's edit form). */
export function startEditing(id: number | null = triageState.focus?.refId ?? null): void {
  const r = findRef(id);
  if (!r || triageState.kind !== 'offer') return;
  triageState.editing = { refId: r.id, saving: false, errors: {} };
}

export function stopEditing(): void {
  triageState.editing = null;
}

/** Whether the pane can open its edit form now. */
export const canEdit = () => triageState.kind === 'offer' && !!focusedRef() && !triageState.editing;

/**
 * Save the corrected fields. The server's field errors (422) stay beside the fields and the
 * form stays open with what was typed; other refusals go up to the runner, which toasts them.
 */
export async function saveEdit(values: OfferEdit): Promise<OfferRef | undefined> {
  const e = triageState.editing;
  if (!e || e.saving) return undefined;
  e.saving = true;
  e.errors = {};
  try {
    const saved = await need().updateOffer(e.refId, values);
    replaceRef(saved);
    if (triageState.editing?.refId === e.refId) triageState.editing = null;
    return saved;
  } catch (err) {
    const still = triageState.editing?.refId === e.refId ? triageState.editing : null;
    if (still) still.saving = false;
    if (still && err instanceof ApiError && err.status === 422 && Object.keys(err.fieldErrors).length) {
      still.errors = err.fieldErrors;
      return undefined;
    }
    throw err;
  }
}
