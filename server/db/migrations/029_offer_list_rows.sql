-- An offer list row read, not computed (issue 37). offers_view carried four array subqueries
-- per row (card ids, outlet ids, bank names through cards, merchant names through outlets):
-- measured on PostgreSQL 15 at 302,000 offers, planning them took 1.5–4.3 ms of every list
-- call, and each page of 50 ran 200 subqueries. They are kept here instead, one row per
-- offer that has a link, by triggers on what they derive from, as offer_bank_links keeps an
-- offer's banks (023_offer_bank_links.sql): an offer's card and outlet links, a card's bank,
-- a bank's name, an outlet's merchant name. offers_view reads them (an offer with no link
-- has no row here: empty arrays), so a page is its 50 offers and 50 rows read by key.
-- A table of its own, not columns of offers, for 023's reasons: no audit entry
-- (019_audit_log.sql) or change event (020_change_events.sql) shows a renamed bank as an
-- edit of every offer of its cards, and filling it is one insert of narrow rows.
-- tests/api/offerListPlans.test.ts compares the view with the computed one
-- (tests/helpers/offerListBefore.ts) after every kind of write.

create table offer_list_rows (
  offer_id       integer primary key references offers(id) on delete cascade,
  card_ids       integer[] not null,
  outlet_ids     integer[] not null,
  bank_names     text[] not null,
  merchant_names text[] not null
);

-- The given offers' rows made equal to what their links say (the arrays offers_view computed
-- before, in the same order). An offer gone (deleted in this statement) gets none.
create function offer_list_rows_refresh(ids integer[]) returns void language sql as $$
  insert into offer_list_rows (offer_id, card_ids, outlet_ids, bank_names, merchant_names)
    select o.id,
      array(select oc.card_id from offer_cards oc where oc.offer_id = o.id order by oc.card_id),
      array(select oo.outlet_id from offer_outlets oo where oo.offer_id = o.id order by oo.outlet_id),
      array(select distinct b.name from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id
            where oc.offer_id = o.id order by b.name),
      array(select distinct ou.merchant_name from offer_outlets oo join outlets ou on ou.id = oo.outlet_id
            where oo.offer_id = o.id order by ou.merchant_name)
    from offers o where o.id = any(ids)
  on conflict (offer_id) do update
    set card_ids = excluded.card_ids, outlet_ids = excluded.outlet_ids,
        bank_names = excluded.bank_names, merchant_names = excluded.merchant_names;
$$;

select offer_list_rows_refresh(array(select offer_id from offer_cards union select offer_id from offer_outlets));

-- Per statement, never deferred, like 023's link triggers: a relink of thousands of offers
-- is one refresh, and a list is right at once. One function for both link tables: only the
-- transition tables of the firing event exist, so each branch names only those.
create function offer_links_list_rows() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    perform offer_list_rows_refresh(array(select distinct offer_id from new_links));
  elsif TG_OP = 'DELETE' then
    perform offer_list_rows_refresh(array(select distinct offer_id from old_links));
  else
    perform offer_list_rows_refresh(array(select offer_id from new_links union select offer_id from old_links));
  end if;
  return null;
end $$;

create trigger offer_cards_list_rows_insert after insert on offer_cards
  referencing new table as new_links for each statement execute function offer_links_list_rows();
create trigger offer_cards_list_rows_update after update on offer_cards
  referencing old table as old_links new table as new_links for each statement execute function offer_links_list_rows();
create trigger offer_cards_list_rows_delete after delete on offer_cards
  referencing old table as old_links for each statement execute function offer_links_list_rows();
create trigger offer_outlets_list_rows_insert after insert on offer_outlets
  referencing new table as new_links for each statement execute function offer_links_list_rows();
create trigger offer_outlets_list_rows_update after update on offer_outlets
  referencing old table as old_links new table as new_links for each statement execute function offer_links_list_rows();
create trigger offer_outlets_list_rows_delete after delete on offer_outlets
  referencing old table as old_links for each statement execute function offer_links_list_rows();

-- A card moved to another bank, a bank renamed, an outlet's merchant renamed: the offers
-- that show them. (A card or outlet deleted takes its links with it: the triggers above.)
create function cards_list_rows() returns trigger language plpgsql as $$
begin
  perform offer_list_rows_refresh(array(select offer_id from offer_cards where card_id = NEW.id));
  return null;
end $$;
create trigger cards_list_rows after update on cards for each row
  when (OLD.bank_id is distinct from NEW.bank_id) execute function cards_list_rows();

create function banks_list_rows() returns trigger language plpgsql as $$
begin
  perform offer_list_rows_refresh(array(
    select distinct oc.offer_id from offer_cards oc join cards c on c.id = oc.card_id where c.bank_id = NEW.id));
  return null;
end $$;
create trigger banks_list_rows after update on banks for each row
  when (OLD.name is distinct from NEW.name) execute function banks_list_rows();

create function outlets_list_rows() returns trigger language plpgsql as $$
begin
  perform offer_list_rows_refresh(array(select offer_id from offer_outlets where outlet_id = NEW.id));
  return null;
end $$;
create trigger outlets_list_rows after update on outlets for each row
  when (OLD.merchant_name is distinct from NEW.merchant_name) execute function outlets_list_rows();

-- 028_dubai_day.sql's view, its arrays read from the rows above.
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
  from offers o
  left join categories cat on cat.id = o.category_id
  left join offer_list_rows r on r.offer_id = o.id
  where o.batch_id is null or not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = 'pending');
