// Onboarding a source's offer refs into live offers and taking them out again (migration 006:
// crawl_transfers). The live offers an onboarding makes carry its write batch; a rollback and
// an unlink touch only offers of this source's transfer batches, never one made by hand,
// whatever its from_source. (The rollback's delete itself is server/services/crawlBulk.ts's,
// through the undoable delete of server/services/undo.ts.)
import { offerResource } from '@contract/offer';
import type { Tx } from '../db/connection';
import { insertMany } from './bulk';

/** An offer ref to go live, with the live cards and outlets its refs are assigned to or made as (skipped refs link nothing). */
interface Onboardable {
  id: number;
  title: string;
  discount: string | null;
  valid_from: string | null;
  valid_to: string | null;
  terms: string | null;
  /** Its last day has passed (the offer list's `expired`). */
  expired: boolean;
  card_ids: number[];
  outlet_ids: number[];
}

/** The source's row, locked: two bulk calls on one source run one after the other. */
export async function lockSource(tx: Tx, slug: string): Promise<{ id: number; from_source: string } | null> {
  return (
    (
      await tx.query<{ id: number; from_source: string }>(
        'select id, from_source from crawl_sources where from_source = $1 for update',
        [slug],
      )
    ).rows[0] ?? null
  );
}

/** The source's offer refs not onboarded yet (nor skipped), oldest first; `checked`: only checked ones. */
export async function onboardable(tx: Tx, sourceId: number, checked: boolean): Promise<Onboardable[]> {
  // Three plain reads, joined here: the source's decided card and outlet refs are few, its
  // offers many. (A correlated subquery per offer took 3 s for 10,000 offers on PostgreSQL,
  // and joins over the unnested ref arrays planned worse still: bench/crawl.ts.)
  const cards = new Map(
    (
      await tx.query<{ id: number; card_id: number }>(
        `select r.id, r.card_id from crawl_cards r join cards c on c.id = r.card_id
         where r.source_id = $1 and r.state in ('assigned', 'created')`,
        [sourceId],
      )
    ).rows.map((r) => [r.id, r.card_id]),
  );
  const outlets = new Map(
    (
      await tx.query<{ id: number; outlet_ids: number[] }>(
        `select r.id, array(select x from unnest(r.outlet_ids) x where exists (select 1 from outlets o where o.id = x) order by 1) as outlet_ids
         from crawl_outlets r where r.source_id = $1 and r.state in ('assigned', 'created')`,
        [sourceId],
      )
    ).rows.map((r) => [r.id, r.outlet_ids]),
  );
  const offers = (
    await tx.query<Omit<Onboardable, 'card_ids' | 'outlet_ids'> & { card_ref_ids: number[]; outlet_ref_ids: number[] }>(
      `select id, title, discount, valid_from, valid_to, terms, coalesce(valid_to < catalogue_today(), false) as expired, card_ref_ids, outlet_ref_ids from crawl_offers
       where source_id = $1 and state = 'new' and ($2::boolean is false or checked)
       order by id
       for update`,
      [sourceId, checked],
    )
  ).rows;
  const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);
  return offers.map(({ card_ref_ids, outlet_ref_ids, ...o }) => ({
    ...o,
    card_ids: sorted(card_ref_ids.flatMap((id) => cards.get(id) ?? [])),
    outlet_ids: sorted(outlet_ref_ids.flatMap((id) => outlets.get(id) ?? [])),
  }));
}

/** Makes the live offers of `refs` as one transfer of the source; marks the refs onboarded. */
export async function onboard(
  tx: Tx,
  sourceId: number,
  slug: string,
  refs: readonly Onboardable[],
  userId: number | null,
): Promise<void> {
  const batch = (
    await tx.query<{ id: number }>(
      "insert into write_batches (kind, state, created_by, rows, finished_at) values ('crawl.transfer', 'done', $1, $2, now()) returning id",
      [userId, refs.length],
    )
  ).rows[0].id;
  await tx.query('insert into crawl_transfers (source_id, batch_id, made_by) values ($1, $2, $3)', [
    sourceId,
    batch,
    userId,
  ]);
  const records = refs.map((r) => ({
    title: r.title,
    discount: r.discount,
    valid_from: r.valid_from,
    valid_to: r.valid_to,
    terms: r.terms,
    from_source: slug,
    card_ids: r.card_ids,
    outlet_ids: r.outlet_ids,
  }));
  // The triggers stand aside (server/db/migrations/005_write_batches.sql) and the offers go in
  // without search text: the search backlog indexes them once the call has committed
  // (server/services/searchBacklog.ts), and searches find them meanwhile. Indexing them here
  // was most of the call's time (bench/crawl.ts).
  await tx.query("set local app.search_text = 'deferred'");
  const ids = await insertMany(tx, offerResource, records, batch, 'later');
  await tx.query("set local app.search_text = ''");
  await tx.query(
    `update crawl_offers o set state = 'onboarded', offer_id = x.offer_id, claimed_by = null, claimed_until = null, updated_at = now()
     from unnest($1::int[], $2::int[]) as x(ref_id, offer_id) where o.id = x.ref_id`,
    [refs.map((r) => r.id), ids],
  );
}

/** What an onboarding of the source made and still stands, per ref: the live offer and its links. */
export interface Onboarded {
  ref_id: number;
  title: string;
  offer_id: number | null;
  /** Its live offer was edited since the onboarding made it (its version moved): a rollback keeps it. */
  edited: boolean;
  card_ids: number[];
  outlet_ids: number[];
}

/**
 * The source's onboarded refs whose live offer one of its transfers made (or whose offer was
 * deleted since); `cardId` narrows to offers linked to that card.
 */
export async function onboarded(
  tx: Tx,
  sourceId: number,
  checked: boolean,
  cardId: number | null = null,
): Promise<Onboarded[]> {
  return (
    await tx.query<Onboarded>(
      `select o.id as ref_id, o.title, f.id as offer_id, coalesce(f.version > 1, false) as edited,
         array(select oc.card_id from offer_cards oc where oc.offer_id = f.id order by 1) as card_ids,
         array(select oo.outlet_id from offer_outlets oo where oo.offer_id = f.id order by 1) as outlet_ids
       from crawl_offers o
       left join offers f on f.id = o.offer_id and f.batch_id in (select batch_id from crawl_transfers where source_id = $1)
       where o.source_id = $1 and o.state = 'onboarded' and ($2::boolean is false or o.checked)
         and (o.offer_id is null or f.id is not null)
         and ($3::int is null or exists (select 1 from offer_cards oc where oc.offer_id = f.id and oc.card_id = $3))
       order by o.id
       for update of o`,
      [sourceId, checked, cardId],
    )
  ).rows;
}

/**
 * What a rollback changes besides deleting the offers (`offerIds`, of this source's transfers):
 * the refs let go of them and are new again, and a transfer none of whose offers stays is
 * marked rolled back. Run before the delete.
 */
export async function releaseRefs(
  tx: Tx,
  sourceId: number,
  refIds: readonly number[],
  offerIds: readonly number[],
): Promise<void> {
  // The refs let go of their offers before the delete: deleting an offer a ref still points
  // at makes the foreign key clear that ref row by row (a third of the rollback's time, bench/crawl.ts).
  await tx.query(
    "update crawl_offers set state = 'new', offer_id = null, updated_at = now() where id = any($1::int[])",
    [refIds],
  );
  await tx.query(
    `update crawl_transfers t set rolled_back_at = now()
     where t.source_id = $1 and t.rolled_back_at is null
       and not exists (select 1 from offers f where f.batch_id = t.batch_id and f.id <> all($2::int[]))`,
    [sourceId, offerIds],
  );
}

/** The source's transfers not rolled back: what releaseRefs may mark. */
export async function openTransfers(tx: Tx, sourceId: number): Promise<number[]> {
  return (
    await tx.query<{ id: number }>('select id from crawl_transfers where source_id = $1 and rolled_back_at is null', [
      sourceId,
    ])
  ).rows.map((r) => r.id);
}

/** Unlinks the offers of `refs` from one card (or from every card). */
export async function unlinkCards(tx: Tx, refs: readonly Onboarded[], cardId: number | null): Promise<void> {
  const offerIds = refs.map((r) => r.offer_id).filter((id): id is number => id !== null);
  await tx.query('delete from offer_cards where offer_id = any($1::int[]) and ($2::int is null or card_id = $2)', [
    offerIds,
    cardId,
  ]);
}
