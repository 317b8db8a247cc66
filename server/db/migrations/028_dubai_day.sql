-- The catalogue's day is Dubai's (contract/dubaiTime.ts, APP_TIME_ZONE), not the session's:
-- `current_date` is the day in the session's TimeZone (UTC on our servers), so from 00:00 to
-- 04:00 in Dubai an offer valid from Dubai's today was `upcoming`, and one that ended
-- yesterday in Dubai was still `live`.
--
-- catalogue_today() is the one SQL definition of that day: the views here and the date rules
-- in server/repositories (offers.ts, homepageLists.ts, crawlTransfers.ts) call it.
-- tests/api/dubaiDay.test.ts checks its zone against APP_TIME_ZONE. Dubai keeps UTC+4 all
-- year; the zone name, not a fixed offset, keeps that PostgreSQL's business.
-- `at`: now() unless given, so a test can ask for the day at a fixed instant (now() cannot
-- be set). `stable`: one value per statement, as current_date; a one-line SQL function the
-- planner inlines, so an index condition on valid_to still gets a value known at execution.
create or replace function catalogue_today(at timestamptz default now()) returns date
  language sql stable
  as $$ select (at at time zone 'Asia/Dubai')::date $$;

-- The views of 014_list_speed.sql and 007_homepage.sql, the day rule aside unchanged.
create or replace view offers_view as
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
  where o.batch_id is null or not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = 'pending');

create or replace view selected_offers_view as
  select s.*,
    o.title as offer_title,
    o.image as offer_image,
    o.discount,
    o.valid_from,
    o.valid_to,
    case when o.valid_from > catalogue_today() then 'upcoming'
         when o.valid_to < catalogue_today() then 'expired'
         else 'live' end as state,
    o.valid_to < catalogue_today() as expired,
    array(select distinct b.name from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id
          where oc.offer_id = o.id order by b.name) as bank_names,
    array(select c.name from offer_cards oc join cards c on c.id = oc.card_id where oc.offer_id = o.id order by c.name) as card_names,
    o.search_text
  from selected_offers s
  join offers o on o.id = s.offer_id;
