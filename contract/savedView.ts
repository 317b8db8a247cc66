// Saved views: a list as someone likes to come back to it ("ADCB's live offers, by end date"),
// named, with the list's URL (its search, filters and sort) and its table's columns and rows.
// Each belongs to the staff member who saved it; shared, it is listed to the whole team, who
// may open it, while only its owner may rename, share, unshare or delete it
// (server/routes/savedViews.ts). The browser keeps them in src/store/savedViews.ts.
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { Id } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';

/** A view's name: what the palette lists ("ADCB live"); unique per owner and screen, whatever its case. */
// Not contract/resource.ts's IdParams and Version: this module is in the signed-in shell's first
// download (the palette's saved views), and resource.ts would bring the bulk calls with it.
const IdParams = Type.Object({ id: Id });
const Version = Type.Integer({
  minimum: 1,
  maximum: 2147483647,
  description: 'the version the edit started from; a stale one is a 409',
});

export const SavedViewName = Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', title: 'Name' });

/** The table's columns (key → shown, against the screen's default) and its rows' height. */
export const SavedViewPrefs = Type.Object({
  shown: Type.Record(Type.String(), Type.Boolean(), { maxProperties: 100 }),
  density: Type.Union([Type.Literal('dense'), Type.Literal('comfortable')]),
});
export type SavedViewPrefs = Static<typeof SavedViewPrefs>;

export const SavedView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The screen ('offers') and its list's route ('/offer-list'). */
  view: Type.String(),
  path: Type.String(),
  search: Type.String({ description: "the list's URL search: '?bank=3&state=live&sort=valid_to' ('' for none)" }),
  prefs: SavedViewPrefs,
  shared: Type.Boolean({ description: 'listed to every staff member, not only its owner' }),
  owner_id: Type.Integer(),
  owner_name: Type.String(),
  mine: Type.Boolean({ description: 'the caller owns it (and so may change it)' }),
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type SavedView = Static<typeof SavedView>;

/** What a save sends: the view as it is now. A view of that name on that screen is replaced. */
export const SavedViewSave = Type.Object({
  name: SavedViewName,
  view: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$', title: 'Screen' }),
  path: Type.String({ minLength: 1, maxLength: 200, pattern: '^/[A-Za-z0-9/_.-]*$', title: 'Path' }),
  search: Type.String({ maxLength: 2000, pattern: '^(\\?[^#\\s]*)?$', title: 'Search' }),
  prefs: SavedViewPrefs,
  shared: Type.Optional(
    Type.Boolean({ description: 'left out: a new view is private, a replaced one keeps its sharing' }),
  ),
});
export type SavedViewSave = Static<typeof SavedViewSave>;

/** A rename, a share or an unshare (at least one of name and shared). */
export const SavedViewUpdate = Type.Object({
  name: Type.Optional(SavedViewName),
  shared: Type.Optional(Type.Boolean()),
  version: Type.Optional(Version),
});
export type SavedViewUpdate = Static<typeof SavedViewUpdate>;

export const SavedViewList = Type.Object({ data: Type.Array(SavedView) });

const base = { tag: 'Saved views', access: 'admin' as const, resource: 'savedView' };
// Any staff role keeps views of its own, as any account keeps its own profile (contract/roles.ts).
const write = { ...base, touches: ['savedView'], permission: 'savedView.own' };

export const listSavedViews = defineOp({
  ...base,
  id: 'savedView.list',
  method: 'GET',
  path: `${ADMIN_ROOT}/saved_views`,
  summary: "The caller's saved views and those others share, each with its owner's name and whether it is the caller's",
  response: SavedViewList,
});

export const saveSavedView = defineOp({
  ...write,
  id: 'savedView.save',
  method: 'POST',
  path: `${ADMIN_ROOT}/saved_views`,
  summary: "Save a list's view under a name; the caller's view of that name on that screen (any case) is replaced",
  body: SavedViewSave,
  response: RecordEnvelope(SavedView),
  message: 'View saved.',
});

export const updateSavedView = defineOp({
  ...write,
  id: 'savedView.update',
  method: 'PATCH',
  path: `${ADMIN_ROOT}/saved_views/:id`,
  summary: 'Rename, share or unshare one of your saved views (only its owner may)',
  params: IdParams,
  body: SavedViewUpdate,
  response: RecordEnvelope(SavedView),
  message: 'View updated.',
});

export const deleteSavedView = defineOp({
  ...write,
  id: 'savedView.delete',
  method: 'DELETE',
  path: `${ADMIN_ROOT}/saved_views/:id`,
  summary: 'Delete one of your saved views (only its owner may)',
  params: IdParams,
  response: RecordEnvelope(Type.Object({ id: Id })),
  message: 'View deleted.',
});
