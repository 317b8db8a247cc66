// The offers list as it read before migration 023_offer_bank_links.sql: the same repository
// factory (server/repositories/crud.ts) with the `bank` filter going through offer_cards and
// cards, no narrower table, and no list finding a few counted rows first (walkSortIndex).
// What tests/api/offerListPlans.test.ts compares today's answers with, and what
// bench/distinct.ts times today's queries against, in the same run.
import { offerResource, type Offer } from '../../contract/offer';
import { crudRepository } from '../../server/repositories/crud';
import { expiringSql, STATE_SQL } from '../../server/repositories/offers';

export const offerListBefore = crudRepository<Offer>(offerResource, {
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
});
