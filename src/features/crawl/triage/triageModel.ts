// The crawl triage queue as plain TypeScript (valtio): a source's refs of one kind, the ref in
// focus with its ranked candidates, and the decisions made here. Made by the feature once, with
// its calls (./model.ts); a test makes one with fake calls. Commands call its functions; the
// view only renders snapshots.
//
// Its parts: ./triageCore.ts (state, refs, steps, kept keys, checked refs), ./triageQueue.ts
// (the queue and the ref in focus), ./triageDecisions.ts (decisions and undo) and
// ./triageEditing.ts (an offer ref's fields corrected).
import { createTriageCore } from './triageCore';
import { createTriageDecisions } from './triageDecisions';
import { createOfferEditing } from './triageEditing';
import { createTriageQueue } from './triageQueue';
import type { TriageApi } from './triageTypes';

export function createTriageModel(api: TriageApi) {
  const core = createTriageCore(api);
  const editing = createOfferEditing(core);
  // mod+z in the queue undoes this view's decisions (the queue takes it over while shown).
  const queue = createTriageQueue(core, editing, () => decisions.undoLast());
  const decisions = createTriageDecisions(core, queue);
  return {
    /** The calls it was made with (the triage's dialogs and bulk assign call them too). */
    api,
    state: core.state,
    /** The list keys' view of the queue (src/commands/list.ts). */
    list: queue.list,
    findRef: core.findRef,
    focusedRef: core.focusedRef,
    heldByOther: core.heldByOther,
    nextOpen: core.nextOpen,
    canDecide: core.canDecide,
    canUndo: core.canUndo,
    refreshSource: core.refreshSource,
    opening: core.opening,
    keepUntilReady: core.keepUntilReady,
    keptCount: core.keptCount,
    setChecked: core.setChecked,
    checkedRefs: core.checkedRefs,
    showQueue: queue.showQueue,
    leaveQueue: queue.leaveQueue,
    focusRef: queue.focusRef,
    refreshClaims: queue.refreshClaims,
    claimsRead: queue.claimsRead,
    ...decisions,
    ...editing,
  };
}

export type TriageModel = ReturnType<typeof createTriageModel>;
