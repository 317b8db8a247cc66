-- An offers list's page ids read from an index alone (issue 37). The ids of a page are read
-- before its rows (server/repositories/crud.ts `pageOf`); read through offers_view they were
-- read row by row from the table: PostgreSQL 15 plans no index-only scan for a view with
-- joins, even left joins it then removes (their columns stay wanted). Page 200 newest first
-- (offset 9,950) read 10,001 rows through offers_created_idx then, 962 buffers, against 53
-- from the index alone at 302,000 offers (bench/listProfile.ts, EXPLAIN (ANALYZE, BUFFERS)).
-- offers_listed is offers_view's rows with the table's columns only, no join: the list reads
-- its ids there (server/repositories/offers.ts `rows`). offers_view is defined on it, so which
-- rows are shown (not those of a pending write batch, 014_list_speed.sql) is said once.
-- A column added to offers is added to both views (`o.*` is expanded when a view is made).
create view offers_listed as
  select o.* from offers o
  where o.batch_id is null or not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = 'pending');

-- 029_offer_list_rows.sql's view, its rows from offers_listed.
create or replace view offers_view as
  select o.*,
    cat.name as category_name,
    coalesce(r.card_ids, '{}') as card_ids,
    coalesce(r.outlet_ids, '{}') as outlet_ids,
    coalesce(r.bank_names, '{}') as bank_names,
    coalesce(r.merchant_names, '{}') as merchant_names,
    case when o.valid_from > catalogue_today() then 'upcoming'
         when o.valid_to < catalogue_today() then 'expired'
         else 'live' end as state
  from offers_listed o
  left join categories cat on cat.id = o.category_id
  left join offer_list_rows r on r.offer_id = o.id;

-- The newest-first walk answers offers_listed's condition from the index too: the batch is in it.
drop index offers_created_idx;
create index offers_created_idx on offers (created_at, id) include (batch_id);
