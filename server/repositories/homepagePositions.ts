// Positions of the homepage's ordered lists (server/db/migrations/007_homepage.sql). Every
// write that changes a list's order takes the list's row in `homepage_lists` first
// (`lockList`), so such writes run one after another, across server processes too, each
// seeing the order the one before committed. The unique position constraint is checked at
// commit, so a shift may pass rows through each other.
import type { Order } from '@contract/resource';
import type { Tx } from '../db/connection';

/** The ordered tables; each is also the name of its lock row. */
export type ListTable = 'hero_banners' | 'welcome_boxes' | 'selected_offers' | 'dont_miss_out';

/** Holds the list's lock until the call's transaction ends. */
export async function lockList(tx: Tx, table: ListTable): Promise<void> {
  await tx.query('select 1 from homepage_lists where name = $1 for update', [table]);
}

/** The position an append takes: one past the last. Call under the list's lock. */
export async function nextPosition(tx: Tx, table: ListTable): Promise<number> {
  return Number(
    (await tx.query<{ n: number }>(`select coalesce(max(position), 0)::int + 1 as n from ${table}`)).rows[0].n,
  );
}

/** The item's position and the list's length; null when there is no such item. */
export async function placeOf(
  tx: Tx,
  table: ListTable,
  id: number,
): Promise<{ position: number; count: number } | null> {
  const row = (
    await tx.query<{ position: number; count: number }>(
      `select position, (select count(*)::int from ${table}) as count from ${table} where id = $1`,
      [id],
    )
  ).rows[0];
  return row ? { position: Number(row.position), count: Number(row.count) } : null;
}

/**
 * Puts the item at `to` (within 1..n, under the list's lock), the items between moving one
 * place towards where it was: one statement, the positions a permutation again at its end.
 */
export async function shiftTo(tx: Tx, table: ListTable, id: number, from: number, to: number): Promise<void> {
  if (from === to) return;
  await tx.query(
    `update ${table} set position = case when id = $1 then $3::int when $3::int < $2::int then position + 1 else position - 1 end
      where position between least($2::int, $3::int) and greatest($2::int, $3::int)`,
    [id, from, to],
  );
}

/** The list's order, first to last. */
export async function orderOf(tx: Tx, table: ListTable): Promise<Order> {
  return (
    await tx.query<{ id: number; position: number }>(`select id, position from ${table} order by position, id`)
  ).rows.map((r) => ({ id: Number(r.id), position: Number(r.position) }));
}
