// Saved views (server/db/migrations/021_saved_views.sql): the rows a staff member sees (their
// own and those others share), read with the owner's name and whether they are the caller's.
// Who may change which is the route's rule (server/routes/savedViews.ts).
import type { SavedView, SavedViewSave } from '@contract/savedView';
import type { Tx } from '../db/connection';
import { normalise } from './crud';

const SELECT = `select v.id, v.name, v.view, v.path, v.search, v.prefs, v.shared, v.owner_id,
  u.name as owner_name, v.owner_id = $1 as mine, v.version, v.created_at, v.updated_at
  from saved_views v join users u on u.id = v.owner_id`;

/** `who`'s views in the order saved, then the ones others share (by owner, then name). */
export async function listVisible(tx: Tx, who: number): Promise<SavedView[]> {
  const { rows } = await tx.query(
    `${SELECT} where v.owner_id = $1 or v.shared
     order by v.owner_id <> $1, case when v.owner_id <> $1 then lower(u.name) end, v.created_at, v.id`,
    [who],
  );
  return rows.map((r) => normalise<SavedView>(r)!);
}

/** One view as `who` would read it, whoever owns it (null: no such view); `lock` holds it to the end. */
export async function getView(tx: Tx, id: number, who: number, lock = false): Promise<SavedView | null> {
  const { rows } = await tx.query(`${SELECT} where v.id = $2${lock ? ' for update of v' : ''}`, [who, id]);
  return normalise<SavedView>(rows[0]);
}

/** The id of `owner`'s view named `name` (any case) on `view`, if any. */
export async function findByName(tx: Tx, owner: number, view: string, name: string): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    'select id from saved_views where owner_id = $1 and view = $2 and lower(name) = lower($3)',
    [owner, view, name],
  );
  return rows[0]?.id ?? null;
}

/**
 * Adds the view, or replaces `owner`'s view of that name on that screen (its name takes the
 * new case; its sharing stays unless `shared` is given). Returns its id.
 */
export async function upsertView(tx: Tx, owner: number, v: SavedViewSave): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into saved_views (owner_id, view, path, search, prefs, name, shared)
     values ($1, $2, $3, $4, $5, $6, coalesce($7, false))
     on conflict (owner_id, view, lower(name)) do update set
       name = excluded.name, path = excluded.path, search = excluded.search, prefs = excluded.prefs,
       shared = coalesce($7, saved_views.shared), version = saved_views.version + 1, updated_at = now()
     returning id`,
    [owner, v.view, v.path, v.search, JSON.stringify(v.prefs), v.name, v.shared ?? null],
  );
  return rows[0].id;
}

/** Sets the name and/or the sharing and moves the version on. */
export async function changeView(tx: Tx, id: number, set: { name?: string; shared?: boolean }): Promise<void> {
  await tx.query(
    `update saved_views set name = coalesce($2, name), shared = coalesce($3, shared),
       version = version + 1, updated_at = now() where id = $1`,
    [id, set.name ?? null, set.shared ?? null],
  );
}

export async function deleteView(tx: Tx, id: number): Promise<void> {
  await tx.query('delete from saved_views where id = $1', [id]);
}
