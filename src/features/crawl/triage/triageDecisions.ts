// The triage's decisions (a part of ./triageModel.ts): assign, create, skip, confirm a live
// card's status, assign the checked refs at once, and undo.
//
// Decisions are optimistic: the row takes its new state and the next undecided ref opens at
// once; when the server refuses, the ref is put back (and refocused if the reviewer has not
// moved on) and the error goes up to the command runner, which toasts it. Undo asks the server
// (crawl.undo) with the ref's last decision, newest step of this view first; a bulk assign is
// one step (the server undoes its whole group).
import type { CardStatusBody } from '@contract/card';
import type { CardRef, RefState } from '@contract/crawl';
import type { TriageCore } from './triageCore';
import type { TriageQueue } from './triageQueue';
import type { AnyRef, Decision } from './triageTypes';

const AFTER: Record<Decision, RefState> = { assign: 'assigned', create: 'created', skip: 'skipped' };

export function createTriageDecisions(core: TriageCore, queue: TriageQueue) {
  const { api, state, focusedRef, findRef, replaceRef, nextOpen, canDecide, refreshSource } = core;
  const { pushStep, dropStep, inflight, dropKept, checkedRefs, checkLocally } = core;
  const { moveTo, unfocus, historyChanged } = queue;

  /**
   * Decide the focused ref. Shown at once; the next undecided ref opens. Resolves to the
   * server's copy; rejects (after putting the ref back) when the server refuses.
   */
  async function decide(
    action: Decision,
    o: { liveId?: number; networkId?: number } = {},
  ): Promise<AnyRef | undefined> {
    const r = focusedRef();
    if (!r || !canDecide()) return undefined;
    const { kind } = state;
    const before = r;
    const work =
      action === 'assign'
        ? api.assign(kind, r.id, o.liveId!)
        : action === 'create'
          ? api.create(kind, r.id, o.networkId ? { network_id: o.networkId } : {})
          : api.skip(kind, r.id);

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
    state.pending[id] = true;
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
        if (state.focus?.refId === landing || !state.focus) moveTo(id);
        throw e;
      },
    );
    const tracked = settled.catch(() => undefined);
    inflight.set(id, tracked);
    try {
      return await settled;
    } finally {
      delete state.pending[id];
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
  function takeDecided(saved: AnyRef): void {
    replaceRef(saved);
    pushStep([saved.id]);
    if (state.focus?.refId === saved.id) {
      const next = nextOpen(saved.id);
      if (next) moveTo(next.id);
      else unfocus();
    }
    historyChanged(saved.id);
    void refreshSource();
  }

  /** Whether the focused ref is a crawled card linked to a live card whose status can be confirmed. */
  function canConfirmStatus(): boolean {
    const f = state.focus;
    const r = focusedRef();
    return (
      state.kind === 'card' &&
      !!f &&
      f.status === 'ready' &&
      !!r &&
      (r as CardRef).card_id !== null &&
      !state.pending[r.id]
    );
  }

  /**
   * Confirm the focused ref's live card Discontinued (which hides it) or Not Discontinued. The
   * server records it as a decision on the ref, so u undoes it like the others; the focus stays.
   */
  async function confirmStatus(status: CardStatusBody['status']): Promise<AnyRef | undefined> {
    const r = focusedRef() as CardRef | undefined;
    if (!r || !canConfirmStatus()) return undefined;
    const state: RefState =
      status === 'Discontinued' ? 'discontinued' : r.state === 'discontinued' ? 'assigned' : r.state;
    const shown: CardRef = { ...r, state, confirmed_status: status };
    replaceRef(shown);
    // The call answers the card; the ref's new decision (for undo) is read after it.
    const work = api
      .confirmStatus(r.card_id!, status)
      .then(async () => ({ ...shown, last_decision_id: await api.lastDecision('card', r.id) }));
    return settle(r, work, () => undefined, r.id);
  }

  /**
   * Undo the newest step of this view on the server (a bulk assign's refs all at once: the
   * server undoes its decisions' group), and reopen its (first) ref. Resolves to the server's
   * message ("Undid 3 assignments.").
   */
  async function undoLast(): Promise<{ message: string } | undefined> {
    const step = state.decided.at(-1);
    if (step === undefined) return undefined;
    const { seq } = step;
    const ids = [...step.refs];
    await Promise.all(ids.map((id) => inflight.get(id)).filter((p) => p !== undefined));
    const r = findRef(ids[0]);
    if (!r || state.decided.at(-1)?.seq !== seq) return undefined; // refused meanwhile: nothing to undo
    if (r.last_decision_id === null) throw new Error('This decision cannot be undone.');
    const taken = state.decided.pop()!;
    try {
      const res = await api.undo(r.last_decision_id);
      res.refs.forEach(replaceRef);
      moveTo(ids[0]);
      ids.forEach(historyChanged);
      void refreshSource();
      return { message: res.message };
    } catch (e) {
      state.decided.push(taken);
      throw e;
    }
  }

  /**
   * Assign every checked card or outlet ref to one live record: shown at once, one call (all or
   * nothing), then one step of undo (u undoes all of it). Resolves to the server's message; on
   * refusal every ref is put back, still checked.
   */
  async function assignChecked(liveId: number): Promise<{ message: string } | undefined> {
    const kind = state.kind;
    const refs = checkedRefs();
    if (kind === 'offer' || !refs.length) return undefined;
    for (const r of refs) {
      state.pending[r.id] = true;
      replaceRef(
        ('card_id' in r ? { ...r, state: 'assigned', card_id: liveId } : { ...r, state: 'assigned' }) as AnyRef,
      );
    }
    try {
      const res = await api.assignMany(
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
      for (const r of refs) delete state.pending[r.id];
      void refreshSource();
    }
  }

  return { decide, takeDecided, canConfirmStatus, confirmStatus, undoLast, assignChecked };
}
