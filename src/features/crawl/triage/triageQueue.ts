// The triage queue (a part of ./triageModel.ts): which source's refs are shown, the list keys'
// cursor over them, and the ref in focus, claimed for this reviewer with its ranked candidates
// and its history.
import { ref as keep } from 'valtio';
import type { OfferRef, RefKind } from '@contract/crawl';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { cursorList } from '@/store/cursorList';
import { takeOverUndo } from '@/store/undo';
import type { TriageCore } from './triageCore';
import type { OfferEditing } from './triageEditing';
import type { Focus, RefFilter } from './triageTypes';

export function createTriageQueue(core: TriageCore, editing: OfferEditing, undoLast: () => Promise<unknown>) {
  const { api, state, findRef, isOpen, isFree, replaceRef, dropKept, refreshSource } = core;
  let listAbort: AbortController | null = null;
  let claimAbort: AbortController | null = null;
  let historyAbort: AbortController | null = null;
  let releaseUndo = () => undefined as void;

  const cursor = cursorList({
    ids: () => state.refs.map((r) => r.id),
    // The reviewer moved on by hand: keys kept for the ref the last decision opened are not for this one.
    onCursor: (id) => {
      dropKept();
      void focusRef(id);
    },
    onOpen: (id) => {
      if (state.focus?.refId !== id) dropKept();
      void focusRef(id);
    },
    // Escape while correcting an offer ref cancels the edit and keeps the ref open.
    onClose: () => (state.editing ? editing.stopEditing() : unfocus()),
    isChecked: (id) =>
      state.kind === 'offer' ? (findRef(id) as OfferRef | undefined)?.checked === true : !!state.checked[id],
    onCheck: (ids, checked) =>
      state.kind === 'offer' ? core.setChecked(ids, checked) : core.checkLocally(ids, checked),
  });

  /** Show a source's queue of one kind; reloads only when one of the three changed. */
  async function showQueue(
    kind: RefKind,
    sourceId: number,
    filter: RefFilter,
    o: { focus?: number; edit?: boolean } = {},
  ): Promise<void> {
    const same =
      state.kind === kind && state.sourceId === sourceId && state.filter === filter && state.status !== 'idle';
    if (same) {
      // A link to one ref (?ref=) within the queue already shown: just open it.
      if (o.focus !== undefined && findRef(o.focus)) land(o.focus, o.edit);
      return;
    }
    unfocus();
    dropKept();
    Object.assign(state, {
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
    releaseUndo = takeOverUndo({ can: core.canUndo, run: undoLast });
    if (state.source?.id !== sourceId) state.source = null;
    cursor.setCursor(null);
    listAbort?.abort();
    const mine = (listAbort = new AbortController());
    void refreshSource();
    try {
      const refs = await api.list(kind, sourceId, filter === 'all' ? undefined : filter, mine.signal);
      if (mine.signal.aborted) return;
      state.refs = refs.map((r) => keep(r));
      state.status = 'ready';
      const asked = o.focus === undefined ? undefined : refs.find((r) => r.id === o.focus);
      if (asked) land(asked.id, o.edit);
      else {
        const first = refs.find(isFree) ?? refs.find(isOpen) ?? refs[0];
        if (first) moveTo(first.id);
      }
    } catch (e) {
      if (mine.signal.aborted || (e instanceof ApiError && e.aborted)) return;
      state.status = 'failed';
      state.error = errorText('GET', e instanceof ApiError ? e.body : null);
    }
  }

  /** Leave the view: let the claimed ref go. */
  function leaveQueue() {
    dropKept();
    releaseUndo();
    listAbort?.abort();
    unfocus();
    Object.assign(state, { status: 'idle', refs: [], decided: [], checked: {} });
  }

  function moveTo(id: number) {
    cursor.setCursor(id);
    void focusRef(id);
  }

  /** Open the ref a link named, with its edit form when asked (offers only). */
  function land(id: number, edit?: boolean) {
    moveTo(id);
    if (edit && state.kind === 'offer') editing.startEditing(id);
  }

  function unfocus() {
    const f = state.focus;
    claimAbort?.abort();
    historyAbort?.abort();
    state.focus = null;
    state.history = null;
    state.editing = null;
    cursor.setMode('list', null);
    if (f) releaseIfMine(f);
  }

  function releaseIfMine(f: Focus) {
    const r = findRef(f.refId);
    // A ref with a decision on its way is the decision's business; one left open is let go.
    if (f.status === 'ready' && r && !state.pending[r.id]) api.release(state.kind, r.id).catch(() => undefined);
  }

  /** Open a ref: claim it for this reviewer and rank the live candidates. */
  async function focusRef(id: number): Promise<void> {
    const before = state.focus;
    if (before?.refId === id && before.status !== 'failed') return;
    claimAbort?.abort();
    if (before) releaseIfMine(before);
    const mine = (claimAbort = new AbortController());
    state.focus = { refId: id, status: 'loading', candidates: [], message: null };
    if (state.editing?.refId !== id) state.editing = null;
    cursor.setMode('view', id);
    const kind = state.kind;
    void loadHistory(id);
    try {
      const res = await api.claim(kind, id, mine.signal);
      if (mine.signal.aborted || state.focus?.refId !== id) return;
      // The claim answers the freshest copy (another tab may have decided it).
      if (!state.pending[id]) replaceRef(res.ref);
      state.focus = { refId: id, status: 'ready', candidates: res.candidates.map((c) => keep(c)), message: null };
      core.runKept();
    } catch (e) {
      if (mine.signal.aborted || (e instanceof ApiError && e.aborted) || state.focus?.refId !== id) return;
      // Kept keys were for this ref; it cannot be decided here.
      dropKept();
      const taken = e instanceof ApiError && e.status === 409;
      const message = e instanceof ApiError ? errorText('POST', e.body) : 'Could not open this ref.';
      state.focus = { refId: id, status: taken ? 'taken' : 'failed', candidates: [], message };
    }
  }

  let claimsRead: Promise<void> | null = null;
  let claimsAgain = false;

  /**
   * Someone else claimed or let go a ref of this kind (their change heard on the live stream,
   * src/api/events.ts): the queue is read again and each row takes its claim from it, nothing
   * else, so a row says who is reviewing it, or no longer does. One read at a time; news heard
   * meanwhile makes one more after it.
   */
  function refreshClaims(): void {
    if (state.status !== 'ready') return;
    if (claimsRead) {
      claimsAgain = true;
      return;
    }
    const { kind, sourceId, filter } = state;
    claimsRead = api
      .list(kind, sourceId, filter === 'all' ? undefined : filter)
      .then((fresh) => {
        if (state.kind !== kind || state.sourceId !== sourceId || state.filter !== filter) return;
        for (const f of fresh) {
          const r = findRef(f.id);
          if (r && (r.claimed_by !== f.claimed_by || r.claimed_until !== f.claimed_until))
            replaceRef({
              ...r,
              claimed_by: f.claimed_by,
              claimed_by_name: f.claimed_by_name,
              claimed_until: f.claimed_until,
            } as typeof r);
        }
      })
      .catch(() => undefined) // a courtesy: the claim itself still refuses a ref someone has
      .finally(() => {
        claimsRead = null;
        if (claimsAgain) {
          claimsAgain = false;
          refreshClaims();
        }
      });
  }

  /** The focused ref's decisions, newest first; a newer load for another ref wins. */
  async function loadHistory(id: number): Promise<void> {
    historyAbort?.abort();
    const mine = (historyAbort = new AbortController());
    const kind = state.kind;
    const keepItems = state.history?.refId === id ? state.history.items : [];
    state.history = { refId: id, status: 'loading', items: keepItems };
    try {
      const items = await api.history(kind, id, mine.signal);
      if (mine.signal.aborted || state.focus?.refId !== id) return;
      state.history = { refId: id, status: 'ready', items: items.map((d) => keep(d)) };
    } catch (e) {
      if (mine.signal.aborted || (e instanceof ApiError && e.aborted) || state.focus?.refId !== id) return;
      state.history = { refId: id, status: 'failed', items: keepItems };
    }
  }

  /** After a decision on `id` settled: its history changed, if it is still the one shown. */
  function historyChanged(id: number) {
    if (state.focus?.refId === id) void loadHistory(id);
  }

  return {
    /** The list keys' view of the queue (src/commands/list.ts). */
    list: cursor.list,
    showQueue,
    leaveQueue,
    moveTo,
    unfocus,
    focusRef,
    historyChanged,
    refreshClaims,
    /** Settles once no claims read is under way (tests). */
    claimsRead: () => claimsRead ?? Promise.resolve(),
  };
}

export type TriageQueue = ReturnType<typeof createTriageQueue>;
