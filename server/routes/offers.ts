import type { FastifyInstance } from 'fastify';
import { offerResource, type Offer } from '../../contract/offer';
import type { Db, Queryable } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { badField } from '../plugins/errors';
import { crudRoutes } from './crudRoutes';
import { OFFER_SEARCH } from './searchText';

const STATE_SQL: Record<string, string> = {
  live: 'valid_from <= current_date and valid_to >= current_date',
  upcoming: 'valid_from > current_date',
  expired: 'valid_to < current_date',
};

export const offerRepository = (db: Db) =>
  crudRepository<Offer>(db, {
    table: 'offers',
    source: 'offers_view',
    writable: ['title', 'description', 'discount', 'valid_from', 'valid_to', 'terms', 'image', 'category_id', 'from_source'],
    searchExpr: 'search_text',
    sortable: { valid_to: 'valid_to', title: 'lower(title)', created_at: 'created_at' },
    filters: (f, p) =>
      [
        // `id in (…)` rather than a correlated EXISTS: the planner collects the bank's offer ids
        // once through the link indexes (measured 5–10× faster at a million offers).
        f.bank && `id in (select oc.offer_id from offer_cards oc join cards c on c.id = oc.card_id where c.bank_id = ${p(f.bank)})`,
        f.card && `id in (select oc.offer_id from offer_cards oc where oc.card_id = ${p(f.card)})`,
        f.outlet && `id in (select oo.offer_id from offer_outlets oo where oo.outlet_id = ${p(f.outlet)})`,
        f.category && `category_id = ${p(f.category)}`,
        f.from_source && `from_source = ${p(f.from_source)}`,
        typeof f.state === 'string' && STATE_SQL[f.state],
      ].filter(Boolean) as string[],
    async afterWrite(id, data, q) {
      if (Array.isArray(data.card_ids)) await relink(q, id, 'offer_cards', 'card_id', 'cards', data.card_ids as number[], 'card_ids');
      if (Array.isArray(data.outlet_ids)) await relink(q, id, 'offer_outlets', 'outlet_id', 'outlets', data.outlet_ids as number[], 'outlet_ids');
      const { rows } = await q.query<{ ok: boolean }>('select valid_to >= valid_from as ok from offers where id = $1', [id]);
      if (!rows[0].ok) throw badField('valid_to', 'Valid to must be on or after valid from.');
      await q.query(`update offers set search_text = ${OFFER_SEARCH} where id = $1`, [id]);
    },
  });

/** Replaces an offer's links; every id must exist, or the whole write is undone. */
async function relink(q: Queryable, offerId: number, table: string, col: string, target: string, ids: number[], field: string) {
  const found = (await q.query<{ id: number }>(`select id from ${target} where id = any($1::int[])`, [ids])).rows.map((r) => r.id);
  const missing = ids.filter((i) => !found.includes(i));
  if (missing.length) throw badField(field, `${target === 'cards' ? 'Cards' : 'Outlets'} not found: ${missing.join(', ')}.`);
  await q.query(`delete from ${table} where offer_id = $1`, [offerId]);
  if (ids.length) await q.query(`insert into ${table} (offer_id, ${col}) select $1, unnest($2::int[])`, [offerId, ids]);
}

export function offerRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, {
    contract: offerResource,
    repo: offerRepository(deps.db),
    uploads: deps.uploads,
    foreignFields: { offers_category_id_fkey: 'category_id' },
    checks: { offers_valid_range: ['valid_to', 'Valid to must be on or after valid from.'] },
  });
}
