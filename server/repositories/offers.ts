// Offers: the exceptions to the derived repository. Links to cards and outlets live in their
// own tables; filters by bank, card and outlet go through those links; `state` is a date rule.
import { offerResource, type Offer } from '../../contract/offer';
import type { Tx } from '../db/connection';
import { invalidField } from '../errors';
import { crudRepository } from './crud';

/** live / upcoming / expired, as offers_view computes `state`. */
export const STATE_SQL: Record<string, string> = {
  live: 'valid_from <= current_date and valid_to >= current_date',
  upcoming: 'valid_from > current_date',
  expired: 'valid_to < current_date',
};

/** Valid today and ending within the next `days` days (`days` a placeholder): the `expiring` filter and the dashboard's count. */
export const expiringSql = (days: string) =>
  `valid_from <= current_date and valid_to between current_date and current_date + ${days}::int - 1`;

export const offerRepository = crudRepository<Offer>(offerResource, {
  virtual: ['card_ids', 'outlet_ids'],
  filters: {
    // An offer's banks as triggers keep them (migration 023_offer_bank_links.sql): one probe
    // per offer read, where going through offer_cards and cards took two or three.
    bank: (v, p) => `id in (select ob.offer_id from offer_bank_links ob where ob.bank_id = ${p(v)})`,
    card: (v, p) => `id in (select oc.offer_id from offer_cards oc where oc.card_id = ${p(v)})`,
    outlet: (v, p) => `id in (select oo.offer_id from offer_outlets oo where oo.outlet_id = ${p(v)})`,
    state: (v) => STATE_SQL[String(v)] ?? null,
    expiring: (v, p) => expiringSql(p(v)),
  },
  async afterWrite(tx, id, data) {
    if (Array.isArray(data.card_ids))
      await relink(tx, id, 'offer_cards', 'card_id', 'cards', data.card_ids as number[], 'card_ids');
    if (Array.isArray(data.outlet_ids))
      await relink(tx, id, 'offer_outlets', 'outlet_id', 'outlets', data.outlet_ids as number[], 'outlet_ids');
  },
});

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
