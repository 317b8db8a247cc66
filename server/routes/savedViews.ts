// Saved views' calls (contract/savedView.ts). Anyone on the staff keeps their own; a shared
// one is listed to everyone, but only its owner may rename, share, unshare or delete it:
// someone else's shared view is a 403 naming its owner, someone else's private one a 404 (it
// is not theirs to know of).
import { deleteSavedView, listSavedViews, saveSavedView, updateSavedView, type SavedView } from '@contract/savedView';
import type { Tx } from '../db/connection';
import { StaleVersionError, badField } from '../errors';
import { bind, type Bound } from '../http/handle';
import { changeView, deleteView, findByName, getView, listVisible, upsertView } from '../repositories/savedViews';
import { noSuchView, ownerOnly } from '../services/savedViews';

/** The caller's own view `id`, locked for the change; refused when it is not theirs. */
async function ownView(tx: Tx, id: number, who: number): Promise<SavedView> {
  const v = await getView(tx, id, who, true);
  if (!v) throw noSuchView();
  ownerOnly(v);
  return v;
}

// The name is not repeated: the refusal's sentence goes to the server's log (server/http/requestLog.ts),
// and a private view's name is its owner's alone. The form shows the sentence beside the name typed.
const nameTaken = () => badField('name', 'You already have a view of that name on this screen. Pick another name.');

export function savedViewHandlers(): Bound[] {
  return [
    bind(listSavedViews, async (_input, tx, ctx) => ({ data: await listVisible(tx, ctx.user!.id) })),
    bind(saveSavedView, async ({ body }, tx, ctx) => {
      const who = ctx.user!.id;
      const id = await upsertView(tx, who, { ...body, name: body.name.trim() });
      return { message: saveSavedView.message!, data: (await getView(tx, id, who))! };
    }),
    bind(updateSavedView, async ({ params, body }, tx, ctx) => {
      const who = ctx.user!.id;
      const v = await ownView(tx, params.id, who);
      if (body.version !== undefined && body.version !== v.version) throw new StaleVersionError(v);
      const name = body.name?.trim();
      const set = {
        ...(name !== undefined && name !== v.name && { name }),
        ...(body.shared !== undefined && body.shared !== v.shared && { shared: body.shared }),
      };
      if (set.name && set.name.toLowerCase() !== v.name.toLowerCase()) {
        const other = await findByName(tx, who, v.view, set.name);
        if (other !== null && other !== v.id) throw nameTaken();
      }
      // Nothing to change (an empty body too): nothing written, so no audit entry and no live event.
      if (Object.keys(set).length) await changeView(tx, v.id, set);
      return { message: updateSavedView.message!, data: (await getView(tx, v.id, who))! };
    }),
    bind(deleteSavedView, async ({ params }, tx, ctx) => {
      const v = await ownView(tx, params.id, ctx.user!.id);
      await deleteView(tx, v.id);
      return { message: deleteSavedView.message!, data: { id: v.id } };
    }),
  ];
}
