-- Lists at a million rows (bench/lists.ts). Two causes, found with EXPLAIN ANALYZE:
--
-- 1. The views hid rows of unfinished batches with `not exists (…write_batches…)`, which the
--    planner turns into an anti join it expects to leave ONE row (write_batches is nearly
--    always empty): so it never reads an index in order, and page 1 of the offers sorted
--    newest first was a scan and sort of every row (1.2 s at 200,000 offers on PGlite).
--    Written as `batch_id is null or not exists (…)` it is a filter on the rows that have a
--    batch, the estimate stays right, and page 1 reads 50 index entries (0.6 ms).
-- 2. No index served the sorts: each sort key gets one, with id after it, as the lists
--    order (server/repositories/crud.ts orders by the key, then id).
create or replace view cards_view as
  select c.*, b.name as bank_name, n.type as network_type, cat.name as category_name
  from cards c
  join banks b on b.id = c.bank_id
  join networks n on n.id = c.network_id
  left join categories cat on cat.id = c.category_id
  where c.batch_id is null or not exists (select 1 from write_batches wb where wb.id = c.batch_id and wb.state = 'pending');

create or replace view outlets_view as
  select o.*, cat.name as category_name, a.name as area_name
  from outlets o
  left join categories cat on cat.id = o.category_id
  left join dubai_cities a on a.id = o.area_id
  where o.batch_id is null or not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = 'pending');

create or replace view offers_view as
  select o.*,
    cat.name as category_name,
    array(select oc.card_id from offer_cards oc where oc.offer_id = o.id order by oc.card_id) as card_ids,
    array(select oo.outlet_id from offer_outlets oo where oo.offer_id = o.id order by oo.outlet_id) as outlet_ids,
    array(select distinct b.name from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id
          where oc.offer_id = o.id order by b.name) as bank_names,
    array(select distinct ou.merchant_name from offer_outlets oo join outlets ou on ou.id = oo.outlet_id
          where oo.offer_id = o.id order by ou.merchant_name) as merchant_names,
    case when o.valid_from > current_date then 'upcoming'
         when o.valid_to < current_date then 'expired'
         else 'live' end as state
  from offers o
  left join categories cat on cat.id = o.category_id
  where o.batch_id is null or not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = 'pending');

create index if not exists offers_created_idx on offers (created_at, id);
create index if not exists offers_valid_to_id_idx on offers (valid_to, id);
create index if not exists offers_title_idx on offers (lower(title), id);
drop index if exists offers_valid_to_idx;
create index if not exists cards_created_idx on cards (created_at, id);
create index if not exists cards_name_idx on cards (lower(name), id);
create index if not exists outlets_created_idx on outlets (created_at, id);
create index if not exists outlets_merchant_idx on outlets (lower(merchant_name), id);
