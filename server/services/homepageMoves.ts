// Moving an item of a homepage list (contract/resource.ts `ordered`): under the list's lock
// (server/repositories/homepagePositions.ts), in the call's one transaction, so moves of
// one list run one after another and the positions stay 1..n, across server processes too.
import type { StepType } from '@contract/homepageBanners';
import type { Order } from '@contract/resource';
import type { Tx } from '../db/connection';
import { lockList, orderOf, placeOf, shiftTo, type ListTable } from '../repositories/homepagePositions';

/**
 * Puts the item at position `to`, 1-based; past the end means last. Answers the list's new
 * order, or null when there is no such item.
 */
export async function moveTo(tx: Tx, table: ListTable, id: number, to: number): Promise<Order | null> {
  await lockList(tx, table);
  const place = await placeOf(tx, table, id);
  if (!place) return null;
  await shiftTo(tx, table, id, place.position, Math.min(Math.max(1, to), place.count));
  return orderOf(tx, table);
}

/** One place up (towards 1) or down; at the edge, no change. */
export async function step(tx: Tx, table: ListTable, id: number, type: StepType): Promise<Order | null> {
  await lockList(tx, table);
  const place = await placeOf(tx, table, id);
  if (!place) return null;
  const to = type === 'up' ? place.position - 1 : place.position + 1;
  await shiftTo(tx, table, id, place.position, Math.min(Math.max(1, to), place.count));
  return orderOf(tx, table);
}
