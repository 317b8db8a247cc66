// Who may change a saved view (contract/savedView.ts): its owner alone. Someone else's shared
// view is a 403 naming its owner; someone else's private one a 404, as it is not theirs to know
// of. The saved views' calls (server/routes/savedViews.ts) and a revert of the audit log
// (server/services/revertPlan.ts) ask this one rule.
import { HttpError } from '../errors';

export const noSuchView = () => new HttpError(404, 'No such saved view.', { id: ['No such saved view.'] });

/** Refuses (throws) unless the view, as `mine` says for the one asking, is theirs to change. */
export function ownerOnly(v: { mine: boolean; shared: boolean; owner_name: string }): void {
  if (!v.mine && !v.shared) throw noSuchView();
  if (!v.mine) {
    const text = `This view is ${v.owner_name}'s: only its owner can rename, share or delete it.`;
    throw new HttpError(403, text, { id: [text] });
  }
}
