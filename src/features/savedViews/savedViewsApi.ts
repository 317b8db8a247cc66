// Saved views' calls (contract/savedView.ts), for src/features/savedViews/savedViews.ts.
import {
  deleteSavedView,
  listSavedViews,
  saveSavedView,
  updateSavedView,
  type SavedView,
  type SavedViewSave,
  type SavedViewUpdate,
} from '@contract/savedView';
import { call } from '@/api/call';

export type { SavedView, SavedViewSave, SavedViewUpdate };

export const savedViewsApi = {
  /** The caller's views and those others share. */
  list: (signal?: AbortSignal) => call(listSavedViews, {}, { signal }).then((r) => r.data),
  /** Saves (or replaces by name on its screen) one of the caller's views. */
  save: (body: SavedViewSave) => call(saveSavedView, { body }).then((r) => r.data),
  /** Renames, shares or unshares one of the caller's views. */
  update: (id: number, body: SavedViewUpdate) => call(updateSavedView, { params: { id }, body }).then((r) => r.data),
  remove: (id: number) => call(deleteSavedView, { params: { id } }).then(() => undefined),
};
