// One piece of the search backlog (server/services/searchBacklog.ts): offers whose search_text
// is null get it, set-wise. The text is offer_search_text's to the letter (migration
// 003_search_text.sql; string_agg(distinct …) sorts its input), computed with hash joins
// over the piece instead of the function's subqueries per row (ten times faster at 10,000).
import type { Tx } from '../db/connection';

/** Indexes up to `limit` waiting offers (skipping rows another transaction holds); returns how many. */
export async function indexWaitingOffers(tx: Tx, limit: number): Promise<number> {
  // The row trigger would compute the text again per row: it stands aside for this transaction.
  await tx.query("set local app.search_text = 'deferred'");
  const done = await tx.query(
    `with p as (select id from offers where search_text is null order by id limit $1 for update skip locked),
     cw as (select oc.offer_id as id, string_agg(distinct offer_card_words(b.name, b.code, c.name), ' ') as w
            from p join offer_cards oc on oc.offer_id = p.id join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id
            group by oc.offer_id),
     ow as (select oo.offer_id as id, string_agg(distinct offer_outlet_words(ou.merchant_name, a.name), ' ') as w
            from p join offer_outlets oo on oo.offer_id = p.id join outlets ou on ou.id = oo.outlet_id left join dubai_cities a on a.id = ou.area_id
            group by oo.offer_id)
     update offers o
        set search_text = offer_search_words(o.title, o.discount, o.from_source, (select cat.name from categories cat where cat.id = o.category_id), cw.w, ow.w)
       from p left join cw on cw.id = p.id left join ow on ow.id = p.id
      where o.id = p.id
     returning o.id`,
    [limit],
  );
  await tx.query("set local app.search_text = ''");
  return done.rows.length;
}

/** How many offers wait for their search text (/metrics: the search backlog). */
export async function countWaitingOffers(tx: Tx): Promise<number> {
  const r = await tx.query<{ n: number }>('select count(*)::int as n from offers where search_text is null');
  return r.rows[0].n;
}
