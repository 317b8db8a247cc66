// Rows only their owner may know of: a saved view its owner has not shared (contract/savedView.ts;
// server/routes/savedViews.ts answers anyone else 404). Where a write of one is written down, it
// is written down for the owner alone (migration 027_private_entries.sql):
// - its audit entry (server/services/audit.ts), which holds its name and search, is listed to
//   its owner only when the view was private before or after the call (a view shared, then
//   made private and renamed at once, would otherwise show the new name);
// - its change event (server/services/events.ts), which names only its id, goes to the
//   owner's streams only when the view was private both before and after: a share or an
//   unshare must reach the others, whose list of shared views gains or loses it.
import type { Change } from './audit';

/** Per table: whose a row is, and whether it is private to them. */
const OWNED: Readonly<Record<string, (row: Record<string, unknown>) => { owner: number; private: boolean }>> = {
  saved_views: (row) => ({ owner: Number(row.owner_id), private: row.shared !== true }),
};

export interface Privacy {
  /** The account the audit entry is for (null: every staff member). */
  entry: number | null;
  /** The account the change event is for (null: every stream). */
  event: number | null;
}

const OPEN: Privacy = { entry: null, event: null };

/**
 * How private a write of `record` (the entry's one record; none for a mass write, whose entry
 * shows no row) is. A row the log kept no image of is its `actor`'s: only an owner writes one.
 */
export function privacyOf(record: Change | null, actor: number | null): Privacy {
  const owned = record ? OWNED[record.tbl] : undefined;
  if (!record || !owned) return OPEN;
  const states = [record.before, record.after].filter((r): r is Record<string, unknown> => !!r).map(owned);
  if (!states.length) return { entry: actor, event: actor };
  const owner = states[0]!.owner;
  return {
    entry: states.some((s) => s.private) ? owner : null,
    event: states.every((s) => s.private) ? owner : null,
  };
}
