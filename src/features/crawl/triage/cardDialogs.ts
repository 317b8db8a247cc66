// The crawl card triage's dialogs as plain TypeScript (valtio): which one is open (card detail,
// create card, select card) and for which crawled card, and the create form's saving state
// and the server's errors, made beside the triage's model (./model.ts). Commands open and
// close them; the views render snapshots.
import { proxy } from 'valtio';
import type { CardRef } from '@contract/crawl';
import type { CardFromRefBody } from '@contract/crawlCards';
import { ApiError } from '@/api/client';
import type { TriageModel } from './triageModel';

export type CardDialogKind = 'detail' | 'create' | 'select';

export function createCardDialogs(triage: TriageModel) {
  const state = proxy({
    open: null as CardDialogKind | null,
    /** The crawled card the dialog is about (the ref in focus when it opened). */
    refId: null as number | null,
    saving: false,
    /** The server's message per field of the create form (422, or 409 on a name the bank has). */
    errors: {} as Record<string, string>,
  });

  const isCardQueue = () => triage.state.kind === 'card';

  /** Card detail: any crawled card in focus. */
  const canShowDetail = () => isCardQueue() && !!triage.focusedRef();
  /** Create card: a crawled card still to decide. */
  const canCreate = () => isCardQueue() && triage.canDecide();
  /** Select card: the crawled card still to decide, or the checked ones. */
  const canSelect = () => isCardQueue() && (triage.canDecide() || triage.checkedRefs().length > 0);

  function openCardDialog(kind: CardDialogKind): void {
    const r = triage.focusedRef();
    if (!isCardQueue() || (!r && kind !== 'select')) return;
    Object.assign(state, { open: kind, refId: r?.id ?? null, saving: false, errors: {} });
  }

  function closeCardDialog(): void {
    state.open = null;
    state.saving = false;
  }

  /** The crawled card the open dialog is about. */
  const dialogRef = (): CardRef | undefined =>
    triage.state.refs.find((r) => r.id === state.refId) as CardRef | undefined;

  /**
   * Create the live card from the dialog's fields and the ref with it, in one call: the dialog
   * closes once the server has it and the next ref opens. Refusals naming fields stay beside
   * them (resolves undefined: nothing to toast); the rest go up to the runner, which toasts them.
   */
  async function createFromDialog(body: CardFromRefBody): Promise<CardRef | undefined> {
    const refId = state.refId;
    if (refId === null || state.saving) return undefined;
    state.saving = true;
    state.errors = {};
    try {
      const saved = (await triage.api.create('card', refId, body)) as CardRef;
      if (state.refId === refId) closeCardDialog();
      triage.takeDecided(saved);
      return saved;
    } catch (e) {
      if (state.refId !== refId) throw e;
      state.saving = false;
      if (e instanceof ApiError && (e.status === 422 || e.status === 409) && Object.keys(e.fieldErrors).length) {
        state.errors = e.fieldErrors;
        return undefined;
      }
      throw e;
    }
  }

  return { state, canShowDetail, canCreate, canSelect, openCardDialog, closeCardDialog, dialogRef, createFromDialog };
}

export type CardDialogs = ReturnType<typeof createCardDialogs>;
