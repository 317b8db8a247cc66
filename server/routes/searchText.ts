// What `query` matches for each searchable entity: the words a person would type. Kept in
// a trigram-indexed search_text column, refreshed when the record or a name it shows changes.

/** For `update cards c set search_text = …`. */
export const CARD_SEARCH = `immutable_unaccent(lower(concat_ws(' ', cards.name,
  (select b.name || ' ' || b.code from banks b where b.id = cards.bank_id),
  (select n.type from networks n where n.id = cards.network_id),
  (select cat.name from categories cat where cat.id = cards.category_id),
  cards.card_type)))`;

export const OUTLET_SEARCH = `immutable_unaccent(lower(concat_ws(' ', outlets.merchant_name, outlets.branch, outlets.address,
  (select a.name from dubai_cities a where a.id = outlets.area_id),
  (select cat.name from categories cat where cat.id = outlets.category_id))))`;

export const OFFER_SEARCH = `immutable_unaccent(lower(concat_ws(' ', offers.title, offers.discount, offers.from_source,
  (select cat.name from categories cat where cat.id = offers.category_id),
  (select string_agg(distinct b.name || ' ' || b.code || ' ' || c.name, ' ') from offer_cards oc
     join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id where oc.offer_id = offers.id),
  (select string_agg(distinct concat_ws(' ', ou.merchant_name, a.name), ' ') from offer_outlets oo
     join outlets ou on ou.id = oo.outlet_id left join dubai_cities a on a.id = ou.area_id where oo.offer_id = offers.id))))`;
