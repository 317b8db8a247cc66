// Offers: the exceptions to the derived repository. Links to cards and outlets live in their
// own tables; filters by bank, card and outlet go through those links; `state` is a date rule.
import { offerResource, type Offer } from '@contract/offer';
import type { Tx } from '../db/connection';
import { invalidField } from '../errors';
import { crudRepository, type CrudOptions } from './crud';

/** live / upcoming / expired, as offers_view computes `state`, on the given validity columns.
 *  catalogue_today() is Dubai's day (migration 028_dubai_day.sql), not the session's current_date. */
const stateSql = (from: string, to: string): Record<string, string> => ({
  live: `${from} <= catalogue_today() and ${to} >= catalogue_today()`,
  upcoming: `${from} > catalogue_today()`,
  expired: `${to} < catalogue_today()`,
});
export const STATE_SQL = stateSql('valid_from', 'valid_to');

/** Valid today and ending within the next `days` days (`days` a placeholder): the `expiring` filter and the dashboard's count. */
export const expiringSql = (days: string, from = 'valid_from', to = 'valid_to') =>
  `${from} <= catalogue_today() and ${to} between catalogue_today() and catalogue_today() + ${days}::int - 1`;

/** The same rules on an offer's bank rows' copies of its dates (migration 023_offer_bank_links.sql). */
const BANK_ROW_STATE_SQL = stateSql('k.k_valid_from', 'k.k_valid_to');
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The offers repository's exceptions, for tests to vary one of them. */
export const offerListOptions: CrudOptions = {
  virtual: ['card_ids', 'outlet_ids'],
  // A page's ids from offers_view's rows without its joins: page 200 read from an index alone.
  rows: 'offers_listed',
  filters: {
    // An offer's banks as triggers keep them (migration 023_offer_bank_links.sql): one probe
    // per offer read, where going through offer_cards and cards took two or three.
    bank: (v, p) => `id in (select ob.offer_id from offer_bank_links ob where ob.bank_id = ${p(v)})`,
    card: (v, p) => `id in (select oc.offer_id from offer_cards oc where oc.card_id = ${p(v)})`,
    outlet: (v, p) => `id in (select oo.offer_id from offer_outlets oo where oo.outlet_id = ${p(v)})`,
    state: (v) => STATE_SQL[String(v)] ?? null,
    expiring: (v, p) => expiringSql(p(v)),
  },
  // Filtered by bank: the page is read from the bank's rows in offer_bank_links, in the
  // sort's order, the category and the dates checked in its indexes; only the page's 50
  // offers are read (EXPLAIN: ~50 index entries for `bank`, against ~1,000 offers probed).
  narrow: (params, p) => {
    if (!given(params.bank)) return null;
    const bank = p(params.bank);
    return {
      join: `join offer_bank_links k on k.offer_id = offers_view.id and k.bank_id = ${bank}`,
      // offers_view's condition on the batch's copy (migration 025_bank_links_alone.sql).
      alone: {
        from: 'offer_bank_links k',
        where: `k.bank_id = ${bank} and (k.k_batch_id is null or not exists (select 1 from write_batches wb where wb.id = k.k_batch_id and wb.state = 'pending'))`,
      },
      where: {
        bank: null,
        ...(given(params.category) && { category: `k.k_category_id = ${p(params.category)}` }),
        ...(given(params.state) && { state: BANK_ROW_STATE_SQL[String(params.state)] ?? null }),
        ...(given(params.expiring) && {
          expiring: expiringSql(p(params.expiring), 'k.k_valid_from', 'k.k_valid_to'),
        }),
      },
      sorts: { id: 'k.offer_id', created_at: 'k.k_created_at', valid_to: 'k.k_valid_to', title: 'k.k_title' },
    };
  },
  async afterWrite(tx, id, data) {
    if (Array.isArray(data.card_ids))
      await relink(tx, id, 'offer_cards', 'card_id', 'cards', data.card_ids as number[], 'card_ids');
    if (Array.isArray(data.outlet_ids))
      await relink(tx, id, 'offer_outlets', 'outlet_id', 'outlets', data.outlet_ids as number[], 'outlet_ids');
  },
};

export const offerRepository = crudRepository<Offer>(offerResource, offerListOptions);

/** Replaces an offer's links; every id must exist, or the whole write is undone. */
async function relink(
  tx: Tx,
  offerId: number,
  table: string,
  col: string,
  target: string,
  ids: number[],
  field: string,
) {
  // Through the view: a card or outlet of an unfinished batch is not there yet.
  const found = new Set(
    (await tx.query<{ id: number }>(`select id from ${target}_view where id = any($1::int[])`, [ids])).rows.map(
      (r) => r.id,
    ),
  );
  const missing = ids.filter((i) => !found.has(i));
  if (missing.length)
    throw invalidField(field, `${target === 'cards' ? 'Cards' : 'Outlets'} not found: ${missing.join(', ')}.`);
  await tx.query(`delete from ${table} where offer_id = $1`, [offerId]);
  if (ids.length)
    await tx.query(`insert into ${table} (offer_id, ${col}) select $1, unnest($2::int[])`, [offerId, ids]);
}
