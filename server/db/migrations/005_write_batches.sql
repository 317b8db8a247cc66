-- Write batches: long writes (a CSV import of 20,000 rows; later, onboarding a crawl source)
-- are written in many short transactions, so other calls keep answering meanwhile, yet they
-- appear all at once or not at all. Their rows carry the batch's id and stay invisible
-- (the views below leave them out) until one short transaction marks the batch done. A
-- batch whose writer died is never marked done: its rows are never seen, and are removed
-- later (server/services/batches.ts). The batch also records which operation created each
-- row, so a later rollback can remove exactly those rows.

create table write_batches (
  id           serial primary key,
  kind         text not null,
  state        text not null default 'pending' check (state in ('pending', 'done')),
  created_by   integer references users(id) on delete set null,
  rows         integer not null default 0,
  created_at   timestamptz not null default now(),
  -- Touched by the writer after each short transaction: a pending batch nobody touched for
  -- a while was abandoned (its process died).
  updated_at   timestamptz not null default now(),
  finished_at  timestamptz
);
create index write_batches_pending_idx on write_batches (id) where state = 'pending';

alter table cards   add column batch_id integer references write_batches(id);
alter table outlets add column batch_id integer references write_batches(id);
alter table offers  add column batch_id integer references write_batches(id);
create index cards_batch_idx   on cards (batch_id) where batch_id is not null;
create index outlets_batch_idx on outlets (batch_id) where batch_id is not null;
create index offers_batch_idx  on offers (batch_id) where batch_id is not null;

-- The views every read goes through: a row of an unfinished batch is not there yet.
-- (`c.*` now includes batch_id, so the views are made again rather than replaced.)
drop view cards_view;
drop view outlets_view;
drop view offers_view;

create view cards_view as
  select c.*, b.name as bank_name, n.type as network_type, cat.name as category_name
  from cards c
  join banks b on b.id = c.bank_id
  join networks n on n.id = c.network_id
  left join categories cat on cat.id = c.category_id
  where not exists (select 1 from write_batches wb where wb.id = c.batch_id and wb.state = 'pending');

create view outlets_view as
  select o.*, cat.name as category_name, a.name as area_name
  from outlets o
  left join categories cat on cat.id = o.category_id
  left join dubai_cities a on a.id = o.area_id
  where not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = 'pending');

create view offers_view as
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
  where not exists (select 1 from write_batches wb where wb.id = o.batch_id and wb.state = 'pending');

-- A batched writer computes search text once per short transaction for all its rows,
-- instead of once per row and again per link: `set local app.search_text = 'deferred'`
-- makes the triggers leave search_text alone for that transaction.
create or replace function search_text_deferred() returns boolean language sql stable
  as $$ select coalesce(current_setting('app.search_text', true), '') = 'deferred' $$;

create or replace function search_text_before_write() returns trigger language plpgsql as $$
begin
  if search_text_deferred() and TG_TABLE_NAME in ('cards', 'outlets', 'offers') then
    return NEW;
  end if;
  -- A branch is planned the first time it runs, so each table only ever plans its own.
  case TG_TABLE_NAME
    when 'banks'         then NEW.search_text := bank_search_text(NEW);
    when 'categories'    then NEW.search_text := category_search_text(NEW);
    when 'networks'      then NEW.search_text := network_search_text(NEW);
    when 'users'         then NEW.search_text := user_search_text(NEW);
    when 'dubai_cities'  then NEW.search_text := dubai_city_search_text(NEW);
    when 'outlet_radius' then NEW.search_text := outlet_radius_search_text(NEW);
    when 'cards'         then NEW.search_text := card_search_text(NEW);
    when 'outlets'       then NEW.search_text := outlet_search_text(NEW);
    when 'offers'        then NEW.search_text := offer_search_text(NEW);
  end case;
  return NEW;
end $$;

create or replace function search_text_refresh_linked_offers() returns trigger language plpgsql as $$
begin
  if search_text_deferred() then
    return null;
  end if;
  -- Only the transition tables of the firing event exist; each branch names only those.
  if TG_OP = 'INSERT' then
    update offers set search_text = default where id in (select offer_id from new_links);
  elsif TG_OP = 'DELETE' then
    update offers set search_text = default where id in (select offer_id from old_links);
  else
    update offers set search_text = default where id in (select offer_id from new_links union select offer_id from old_links);
  end if;
  return null;
end $$;
