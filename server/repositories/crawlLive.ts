// The live records a crawl review makes or links: cards and outlets created from refs (through
// the catalogue's own repositories, so they are written as the API writes them), the names a
// ref gives matched to banks, networks and areas, and whether a live record is in use.
import { cardResource, type Card } from '@contract/card';
import { outletResource } from '@contract/outlet';
import type { Tx } from '../db/connection';
import { insertMany } from './bulk';
import { repositoryFor } from './registry';

/** A bank by its id, else by name or code as the site wrote it. */
export async function findBank(tx: Tx, id: number | null, name: string | null): Promise<number | null> {
  const row = (
    await tx.query<{ id: number }>(
      'select id from banks where id = $1 or (lower(name) = lower($2) or lower(code) = lower($2)) order by (id = $1) desc, id limit 1',
      [id ?? 0, name ?? ''],
    )
  ).rows[0];
  return row?.id ?? null;
}

/** A network by id (when given) or by its type ('visa' → Visa). */
export async function findNetwork(tx: Tx, id: number | null, type: string | null): Promise<number | null> {
  const sql = id
    ? 'select id from networks where id = $1'
    : 'select id from networks where lower(type) = lower(trim($1))';
  return (await tx.query<{ id: number }>(sql, [id ?? type ?? ''])).rows[0]?.id ?? null;
}

export async function cardNamed(tx: Tx, bankId: number, name: string): Promise<number | null> {
  return (
    (
      await tx.query<{ id: number }>('select id from cards where bank_id = $1 and lower(name) = lower($2)', [
        bankId,
        name,
      ])
    ).rows[0]?.id ?? null
  );
}

export async function categoryExists(tx: Tx, id: number): Promise<boolean> {
  return (await tx.query('select 1 from categories where id = $1', [id])).rows.length > 0;
}

export async function cardExists(tx: Tx, id: number): Promise<boolean> {
  return (await tx.query('select 1 from cards_view where id = $1', [id])).rows.length > 0;
}

export async function outletExists(tx: Tx, id: number): Promise<boolean> {
  return (await tx.query('select 1 from outlets_view where id = $1', [id])).rows.length > 0;
}

/** A live card's or outlet's title as the palette shows it, or null when there is none. */
export async function liveTitle(tx: Tx, kind: 'card' | 'outlet', id: number): Promise<string | null> {
  const sql =
    kind === 'card'
      ? 'select name as title from cards_view where id = $1'
      : "select merchant_name || coalesce(' — ' || branch, '') as title from outlets_view where id = $1";
  return (await tx.query<{ title: string }>(sql, [id])).rows[0]?.title ?? null;
}

/** A card made from a ref: as add_card would write it, then marked with the source it came from. */
export async function createCard(tx: Tx, data: Record<string, unknown>, fromSource: string): Promise<Card> {
  const card = await repositoryFor<Card>(cardResource).create(tx, data);
  await tx.query('update cards set from_source = $2 where id = $1', [card.id, fromSource]);
  return { ...card, from_source: fromSource };
}

export interface OutletFromRef {
  merchant_name: string;
  branch: string | null;
  address: string | null;
  area_name: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Outlets made from refs, in one write batch (migration 005) already done, so they are seen
 * with the call's commit and the batch says which rows the call made. Returns ids in order.
 */
export async function createOutlets(
  tx: Tx,
  refs: readonly OutletFromRef[],
  fromSource: string,
  userId: number | null,
): Promise<number[]> {
  if (!refs.length) return [];
  const areaNames = [...new Set(refs.map((r) => r.area_name?.toLowerCase()).filter((a): a is string => !!a))];
  const areas = new Map(
    (
      await tx.query<{ id: number; name: string }>(
        'select id, lower(name) as name from dubai_cities where lower(name) = any($1::text[])',
        [areaNames],
      )
    ).rows.map((a) => [a.name, a.id]),
  );
  const batch = (
    await tx.query<{ id: number }>(
      "insert into write_batches (kind, state, created_by, rows, finished_at) values ('crawl.outlets', 'done', $1, $2, now()) returning id",
      [userId, refs.length],
    )
  ).rows[0].id;
  const records = refs.map((r) => ({
    merchant_name: r.merchant_name,
    branch: r.branch,
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    area_id: (r.area_name && areas.get(r.area_name.toLowerCase())) ?? null,
  }));
  const ids = await insertMany(tx, outletResource, records, batch);
  await tx.query('update outlets set from_source = $2 where batch_id = $1', [batch, fromSource]);
  return ids;
}

/** Why a live card or outlet cannot be removed (offers link it, other refs point at it), or null. */
export async function liveRecordInUse(
  tx: Tx,
  kind: 'card' | 'outlet',
  id: number,
  refId: number,
): Promise<string | null> {
  const sql =
    kind === 'card'
      ? `select (select count(*)::int from offer_cards where card_id = $1) as offers,
                (select count(*)::int from crawl_cards where card_id = $1 and id <> $2) as refs`
      : `select (select count(*)::int from offer_outlets where outlet_id = $1) as offers,
                (select count(*)::int from crawl_outlets where $1 = any(outlet_ids) and id <> $2) as refs`;
  const { offers, refs } = (await tx.query<{ offers: number; refs: number }>(sql, [id, refId])).rows[0];
  if (offers)
    return `${kind === 'card' ? 'Card' : 'Outlet'} ${id} is linked to ${offers} offer${offers === 1 ? '' : 's'}: unlink ${offers === 1 ? 'it' : 'them'} first.`;
  if (refs)
    return `${kind === 'card' ? 'Card' : 'Outlet'} ${id} is assigned to ${refs} other crawled ${kind}${refs === 1 ? '' : 's'}: undo ${refs === 1 ? 'that' : 'those'} first.`;
  return null;
}

export async function removeLive(tx: Tx, kind: 'card' | 'outlet', ids: readonly number[]): Promise<void> {
  await tx.query(`delete from ${kind === 'card' ? 'cards' : 'outlets'} where id = any($1::int[])`, [ids]);
}
