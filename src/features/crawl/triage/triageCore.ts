// What every part of the triage model (./triageModel.ts) shares: its state, the calls it was
// given, the refs' helpers, the steps of this view's history and the keys kept while the next
// ref opens.
import { proxy, ref as keep } from 'valtio';
import type { OfferRef } from '@contract/crawl';
import { newTriageState, type AnyRef, type TriageApi } from './triageTypes';

export function createTriageCore(api: TriageApi) {
  const state = proxy(newTriageState());

  const findRef = (id: number | null) => (id === null ? undefined : state.refs.find((r) => r.id === id));
  const focusedRef = () => findRef(state.focus?.refId ?? null);
  const isOpen = (r: AnyRef) => r.state === 'new' && !state.pending[r.id];

  /**
   * Whether another reviewer holds the ref now (their claim has not run out). The automatic
   * advance passes such refs by, so two reviewers working one queue do not land on each other.
   */
  function heldByOther(r: AnyRef, me: number | null = api.me(), now = Date.now()): boolean {
    return (
      r.claimed_by !== null && r.claimed_by !== me && r.claimed_until !== null && Date.parse(r.claimed_until) > now
    );
  }
  const isFree = (r: AnyRef) => isOpen(r) && !heldByOther(r);

  function replaceRef(next: AnyRef) {
    const at = state.refs.findIndex((r) => r.id === next.id);
    if (at >= 0) state.refs[at] = keep(next);
  }

  /** The next undecided ref after this one (wrapping round) that no other reviewer holds, if any. */
  function nextOpen(afterId: number): AnyRef | undefined {
    const refs = state.refs;
    const at = refs.findIndex((r) => r.id === afterId);
    for (let i = 1; i <= refs.length; i++) {
      const r = refs[(at + i) % refs.length];
      if (r.id !== afterId && isFree(r)) return r;
    }
    return undefined;
  }

  /** Whether the focused ref can be decided now. */
  function canDecide(): boolean {
    const f = state.focus;
    const r = focusedRef();
    return !!f && !!r && f.status === 'ready' && r.state === 'new' && !state.pending[r.id];
  }

  /** The source's counts (after a decision, or on the way in). */
  async function refreshSource(): Promise<void> {
    const id = state.sourceId;
    try {
      const s = await api.source(id);
      if (state.sourceId === id) state.source = keep(s);
    } catch {
      /* the counts are a courtesy: the queue works without them */
    }
  }

  // ---- this view's history ----
  /** The server's answer to each decision still in flight (undo waits for it). */
  const inflight = new Map<number, Promise<AnyRef | undefined>>();
  let stepSeq = 0;
  /** A new step of this view's history: the refs one decision decided. */
  const pushStep = (refs: number[]) => state.decided.push({ seq: ++stepSeq, refs });
  /** Forgets a single ref's step (its decision was refused). */
  const dropStep = (id: number) =>
    (state.decided = state.decided.filter((d) => !(d.refs.length === 1 && d.refs[0] === id)));
  /** Whether there is a decision of this view to undo. */
  const canUndo = () => state.decided.length > 0;

  // ---- keys kept while the next ref opens ----
  // After a decision the next ref opens at once, but it can be decided only once its claim is
  // answered (its candidates ranked). A decision key pressed in between is kept here, in order,
  // and run when the ref is ready: one per ref, since each decision opens the next ref again.
  // Moving by hand, a refusal or a ref that could not be opened drops what was kept.
  const kept: (() => void)[] = [];

  /** Whether the ref in focus is opening and will be decidable once it is (a key pressed now can be kept). */
  function opening(): boolean {
    const f = state.focus;
    const r = focusedRef();
    return !!f && !!r && f.status === 'loading' && r.state === 'new' && !state.pending[r.id];
  }

  /** Keep `run` for when the opening ref is ready; false when nothing is opening (run it now, or not at all). */
  function keepUntilReady(run: () => void): boolean {
    if (!opening()) return false;
    kept.push(run);
    return true;
  }

  /** The ref in focus is ready: the oldest kept key acts on it. */
  function runKept() {
    const next = kept.shift();
    if (next) next();
  }

  // ---- checked refs ----

  /** Check or uncheck offer refs (bulk calls with checked=1 act on these); shown at once. */
  async function setChecked(ids: readonly number[], checked: boolean): Promise<void> {
    const errors: unknown[] = [];
    await Promise.all(
      ids.map(async (id) => {
        const r = findRef(id) as OfferRef | undefined;
        if (!r || r.checked === checked) return;
        replaceRef({ ...r, checked });
        try {
          replaceRef(await api.setChecked(id, checked));
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
      if (checked) state.checked[id] = true;
      else delete state.checked[id];
    }
  }

  /** The checked card or outlet refs, in list order. */
  const checkedRefs = (): AnyRef[] =>
    state.kind === 'offer' ? [] : state.refs.filter((r) => state.checked[r.id] && !state.pending[r.id]);

  return {
    api,
    state,
    findRef,
    focusedRef,
    isOpen,
    isFree,
    heldByOther,
    replaceRef,
    nextOpen,
    canDecide,
    refreshSource,
    inflight,
    pushStep,
    dropStep,
    canUndo,
    opening,
    keepUntilReady,
    /** How many keys wait for the opening ref. */
    keptCount: () => kept.length,
    dropKept: () => void (kept.length = 0),
    runKept,
    setChecked,
    checkLocally,
    checkedRefs,
  };
}

export type TriageCore = ReturnType<typeof createTriageCore>;
