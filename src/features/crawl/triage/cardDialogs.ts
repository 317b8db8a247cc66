// The crawl card triage's dialogs as plain TypeScript (valtio): which one is open (card detail,
// create card, select card) and for which crawled card, and the create form's saving state
// and the server's errors. Commands open and close them; the views render snapshots.
import { proxy } from 'valtio';
import type { CardRef } from '@contract/crawl';
import type { CardFromRefBody } from '@contract/crawlCards';
import { ApiError } from '@/api/client';
import { checkedRefs, canDecide, focusedRef, takeDecided, triageApiInUse, triageState } from './triageModel';

export type CardDialogKind = 'detail' | 'create' | 'select';

export const cardDialog = proxy({
  open: null as CardDialogKind | null,
  /** The crawled card the dialog is about (the ref in focus when it opened). */
  refId: null as number | null,
  saving: false,
  /** The server's message per field of the create form (422, or 409 on a name the bank has). */
  errors: {} as Record<string, string>,
});

const isCardQueue = () => triageState.kind === 'card';

/** Card detail: any crawled card in focus. */
export const canShowDetail = () => isCardQueue() && !!focusedRef();
/** Create card: a crawled card still to decide. */
export const canCreate = () => isCardQueue() && canDecide();
/** Select card: the crawled card still to decide, or the checked ones. */
export const canSelect = () => isCardQueue() && (canDecide() || checkedRefs().length > 0);

export function openCardDialog(kind: CardDialogKind): void {
  const r = focusedRef();
  if (!isCardQueue() || (!r && kind !== 'select')) return;
  Object.assign(cardDialog, { open: kind, refId: r?.id ?? null, saving: false, errors: {} });
}

export function closeCardDialog(): void {
  cardDialog.open = null;
  cardDialog.saving = false;
}

/** The crawled card the open dialog is about. */
export const dialogRef = (): CardRef | undefined =>
  triageState.refs.find((r) => r.id === cardDialog.refId) as CardRef | undefined;

/**
 * Create the live card from the dialog's fields and the ref with it, in one call: the dialog
 * closes once the server has it and the next ref opens. Refusals naming fields stay beside
 * them (resolves undefined: nothing to toast); the rest go up to the runner, which toasts them.
 */
export async function createFromDialog(body: CardFromRefBody): Promise<CardRef | undefined> {
  const refId = cardDialog.refId;
  if (refId === null || cardDialog.saving) return undefined;
  cardDialog.saving = true;
  cardDialog.errors = {};
  try {
    const saved = (await triageApiInUse().create('card', refId, body)) as CardRef;
    if (cardDialog.refId === refId) closeCardDialog();
    takeDecided(saved);
    return saved;
  } catch (e) {
    if (cardDialog.refId !== refId) throw e;
    cardDialog.saving = false;
    if (e instanceof ApiError && (e.status === 422 || e.status === 409) && Object.keys(e.fieldErrors).length) {
      cardDialog.errors = e.fieldErrors;
      return undefined;
    }
    throw e;
  }
}
