// The offers list as it read before migration 023_offer_bank_links.sql: the same repository
// factory (server/repositories/crud.ts) with the `bank` filter going through offer_cards and
// cards, no narrower table, and no list finding a few counted rows first (walkSortIndex);
// its rows' arrays computed per row as offers_view did before 029_offer_list_rows.sql
// (COMPUTED_VIEW, created by createComputedView).
// What tests/api/offerListPlans.test.ts compares today's answers with, and what
// bench/distinct.ts times today's queries against, in the same run.
import { offerResource, type Offer } from '@contract/offer';
import type { Tx } from '../../server/db/connection';
import { crudRepository } from '../../server/repositories/crud';
import { expiringSql, STATE_SQL } from '../../server/repositories/offers';

/** offers_view as 028_dubai_day.sql defined it: four array subqueries per row. */
export const COMPUTED_VIEW = 'offers_computed_view';

export const createComputedView = (tx: Pick<Tx, 'query'>) =>
  tx.query(`create or replace view ${COMPUTED_VIEW} as
  select o.*,
    cat.name as category_name,
    array(select oc.card_id from offer_cards oc where oc.offer_id = o.id order by oc.card_id) as card_ids,
    array(select oo.outlet_id from offer_outlets oo where oo.offer_id = o.id order by oo.outlet_id) as outlet_ids,
    array(select distinct b.name from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id
          where oc.offer_id = o.id order by b.name) as bank_names,
    array(select distinct ou.merchant_name from offer_outlets oo join outlets ou on ou.id = oo.outlet_id
          where oo.offer_id = o.id order by ou.merchant_name) as merchant_names,
    case when o.valid_from > catalogue_today() then 'upcoming'
         when o.valid_to < catalogue_today() then 'expired'
         else 'live' end as state
  from offers o
  left join categories cat on cat.id = o.category_id
  where o.batch_id is null or not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = 'pending')`);

export const offerListBefore = crudRepository<Offer>(
  { ...offerResource, storage: { ...offerResource.storage, view: COMPUTED_VIEW } },
  {
    virtual: ['card_ids', 'outlet_ids'],
    walkSortIndex: true,
    filters: {
      bank: (v, p) =>
        `id in (select oc.offer_id from offer_cards oc join cards c on c.id = oc.card_id where c.bank_id = ${p(v)})`,
      card: (v, p) => `id in (select oc.offer_id from offer_cards oc where oc.card_id = ${p(v)})`,
      outlet: (v, p) => `id in (select oo.offer_id from offer_outlets oo where oo.outlet_id = ${p(v)})`,
      state: (v) => STATE_SQL[String(v)] ?? null,
      expiring: (v, p) => expiringSql(p(v)),
    },
  },
);
