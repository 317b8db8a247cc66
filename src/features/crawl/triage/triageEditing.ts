// Correcting a crawled offer's fields in the triage pane (e opens the form, mod+enter saves,
// Escape cancels): a part of the triage model (./triageModel.ts).
import type { OfferRef } from '@contract/crawl';
import { ApiError } from '@/api/client';
import type { TriageCore } from './triageCore';
import type { OfferEdit } from './triageTypes';

export function createOfferEditing({ api, state, findRef, focusedRef, replaceRef }: TriageCore) {
  /** Open the focused offer ref's fields for correcting (the pane's edit form). */
  function startEditing(id: number | null = state.focus?.refId ?? null): void {
    const r = findRef(id);
    if (!r || state.kind !== 'offer') return;
    state.editing = { refId: r.id, saving: false, errors: {} };
  }

  function stopEditing(): void {
    state.editing = null;
  }

  /** Whether the pane can open its edit form now. */
  const canEdit = () => state.kind === 'offer' && !!focusedRef() && !state.editing;

  /**
   * Save the corrected fields. The server's field errors (422) stay beside the fields and the
   * form stays open with what was typed; other refusals go up to the runner, which toasts them.
   */
  async function saveEdit(values: OfferEdit): Promise<OfferRef | undefined> {
    const e = state.editing;
    if (!e || e.saving) return undefined;
    e.saving = true;
    e.errors = {};
    try {
      const saved = await api.updateOffer(e.refId, values);
      replaceRef(saved);
      if (state.editing?.refId === e.refId) state.editing = null;
      return saved;
    } catch (err) {
      const still = state.editing?.refId === e.refId ? state.editing : null;
      if (still) still.saving = false;
      if (still && err instanceof ApiError && err.status === 422 && Object.keys(err.fieldErrors).length) {
        still.errors = err.fieldErrors;
        return undefined;
      }
      throw err;
    }
  }

  return { startEditing, stopEditing, canEdit, saveEdit };
}

export type OfferEditing = ReturnType<typeof createOfferEditing>;
