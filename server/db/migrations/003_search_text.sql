-- Search text is kept by the database. Every searchable table has a search_text column:
-- the words a person would type to find the row (its own names and the names it shows
-- from other tables), lower-cased and unaccented, trigram-indexed. Triggers keep it:
--   * BEFORE INSERT OR UPDATE on each table computes NEW.search_text from the row;
--   * AFTER UPDATE on a table whose names other rows show (banks, networks, categories,
--     cards, outlets, dubai_cities) refreshes those rows, only when such a name changed;
--   * AFTER INSERT/UPDATE/DELETE on the link tables (offer_cards, offer_outlets), once per
--     statement, refreshes the offers whose links changed (transition tables).
-- So a write from anywhere (the API, a CSV import, plain SQL, an ON DELETE SET NULL or
-- CASCADE) keeps every search_text current in the same transaction.
--
-- The words live in the functions below, one per table (<table>_search_text(row)); the
-- *_search_words functions assemble words already looked up, for bulk loaders that know
-- them (scripts/seedLarge.ts), so both paths produce the same text.

-- ---------------------------------------------------------------------------------------
-- Columns

alter table banks         add column if not exists search_text text not null default '';
alter table categories    add column if not exists search_text text not null default '';
alter table networks      add column if not exists search_text text not null default '';
alter table users         add column if not exists search_text text not null default '';
alter table dubai_cities  add column if not exists search_text text not null default '';
alter table outlet_radius add column if not exists search_text text not null default '';

-- ---------------------------------------------------------------------------------------
-- The words, given the names (no lookups). STABLE rather than IMMUTABLE because concat_ws
-- is STABLE: the planner inlines a SQL function into the calling query only when its body
-- is no more volatile than it is declared, and a bulk INSERT … SELECT calling these once
-- per row is then as fast as writing the expression out.

create or replace function card_search_words(name text, bank_name text, bank_code text, network_type text, category_name text, card_type text)
  returns text language sql stable parallel safe
  as $$ select immutable_unaccent(lower(concat_ws(' ', name, bank_name || ' ' || bank_code, network_type, category_name, card_type))) $$;

create or replace function outlet_search_words(merchant_name text, branch text, address text, area_name text, category_name text)
  returns text language sql stable parallel safe
  as $$ select immutable_unaccent(lower(concat_ws(' ', merchant_name, branch, address, area_name, category_name))) $$;

-- What one linked card adds to an offer's words.
create or replace function offer_card_words(bank_name text, bank_code text, card_name text)
  returns text language sql stable parallel safe
  as $$ select bank_name || ' ' || bank_code || ' ' || card_name $$;

-- What one linked outlet adds to an offer's words.
create or replace function offer_outlet_words(merchant_name text, area_name text)
  returns text language sql stable parallel safe
  as $$ select concat_ws(' ', merchant_name, area_name) $$;

-- card_words / outlet_words: the distinct offer_card_words / offer_outlet_words of the
-- offer's links, in sorted order, separated by spaces.
create or replace function offer_search_words(title text, discount text, from_source text, category_name text, card_words text, outlet_words text)
  returns text language sql stable parallel safe
  as $$ select immutable_unaccent(lower(concat_ws(' ', title, discount, from_source, category_name, card_words, outlet_words))) $$;

-- ---------------------------------------------------------------------------------------
-- The search text of a row

create or replace function bank_search_text(b banks) returns text language sql immutable parallel safe
  as $$ select immutable_unaccent(lower(b.name || ' ' || b.code)) $$;

create or replace function category_search_text(c categories) returns text language sql immutable parallel safe
  as $$ select immutable_unaccent(lower(c.name)) $$;

create or replace function network_search_text(n networks) returns text language sql immutable parallel safe
  as $$ select immutable_unaccent(lower(n.type)) $$;

create or replace function user_search_text(u users) returns text language sql immutable parallel safe
  as $$ select immutable_unaccent(lower(u.name || ' ' || u.email || ' ' || coalesce(u.phone, ''))) $$;

create or replace function dubai_city_search_text(a dubai_cities) returns text language sql immutable parallel safe
  as $$ select immutable_unaccent(lower(a.name)) $$;

create or replace function outlet_radius_search_text(r outlet_radius) returns text language sql immutable parallel safe
  as $$ select immutable_unaccent(lower(r.label)) $$;

create or replace function card_search_text(c cards) returns text language sql stable parallel safe
  as $$
    select card_search_words(c.name,
      (select b.name from banks b where b.id = c.bank_id),
      (select b.code from banks b where b.id = c.bank_id),
      (select n.type from networks n where n.id = c.network_id),
      (select cat.name from categories cat where cat.id = c.category_id),
      c.card_type)
  $$;

create or replace function outlet_search_text(o outlets) returns text language sql stable parallel safe
  as $$
    select outlet_search_words(o.merchant_name, o.branch, o.address,
      (select a.name from dubai_cities a where a.id = o.area_id),
      (select cat.name from categories cat where cat.id = o.category_id))
  $$;

create or replace function offer_search_text(o offers) returns text language sql stable parallel safe
  as $$
    select offer_search_words(o.title, o.discount, o.from_source,
      (select cat.name from categories cat where cat.id = o.category_id),
      (select string_agg(distinct offer_card_words(b.name, b.code, c.name), ' ')
         from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id
        where oc.offer_id = o.id),
      (select string_agg(distinct offer_outlet_words(ou.merchant_name, a.name), ' ')
         from offer_outlets oo join outlets ou on ou.id = oo.outlet_id left join dubai_cities a on a.id = ou.area_id
        where oo.offer_id = o.id))
  $$;

-- ---------------------------------------------------------------------------------------
-- BEFORE INSERT OR UPDATE: a row's own search text, whatever the writer sent

create or replace function search_text_before_write() returns trigger language plpgsql as $$
begin
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

create trigger banks_search_text before insert or update on banks for each row execute function search_text_before_write();
create trigger categories_search_text before insert or update on categories for each row execute function search_text_before_write();
create trigger networks_search_text before insert or update on networks for each row execute function search_text_before_write();
create trigger users_search_text before insert or update on users for each row execute function search_text_before_write();
create trigger dubai_cities_search_text before insert or update on dubai_cities for each row execute function search_text_before_write();
create trigger outlet_radius_search_text before insert or update on outlet_radius for each row execute function search_text_before_write();
create trigger cards_search_text before insert or update on cards for each row execute function search_text_before_write();
create trigger outlets_search_text before insert or update on outlets for each row execute function search_text_before_write();
create trigger offers_search_text before insert or update on offers for each row execute function search_text_before_write();

-- ---------------------------------------------------------------------------------------
-- AFTER UPDATE: rows that show a name which changed. A refresh rewrites the rows with
-- `search_text = default`; their BEFORE trigger computes the text again from the new
-- names (once per row: the refresh itself computes nothing).

create or replace function search_text_refresh_dependants() returns trigger language plpgsql as $$
begin
  case TG_TABLE_NAME
    when 'banks' then
      update cards set search_text = default where bank_id = NEW.id;
      update offers set search_text = default
       where id in (select oc.offer_id from offer_cards oc join cards c on c.id = oc.card_id where c.bank_id = NEW.id);
    when 'networks' then
      update cards set search_text = default where network_id = NEW.id;
    when 'categories' then
      update cards set search_text = default where category_id = NEW.id;
      update outlets set search_text = default where category_id = NEW.id;
      update offers set search_text = default where category_id = NEW.id;
    when 'cards' then
      update offers set search_text = default where id in (select offer_id from offer_cards where card_id = NEW.id);
    when 'outlets' then
      update offers set search_text = default where id in (select offer_id from offer_outlets where outlet_id = NEW.id);
    when 'dubai_cities' then
      update outlets set search_text = default where area_id = NEW.id;
      update offers set search_text = default
       where id in (select oo.offer_id from offer_outlets oo join outlets ou on ou.id = oo.outlet_id where ou.area_id = NEW.id);
  end case;
  return null;
end $$;

create trigger banks_search_text_dependants after update on banks for each row
  when (OLD.name is distinct from NEW.name or OLD.code is distinct from NEW.code)
  execute function search_text_refresh_dependants();
create trigger networks_search_text_dependants after update on networks for each row
  when (OLD.type is distinct from NEW.type)
  execute function search_text_refresh_dependants();
create trigger categories_search_text_dependants after update on categories for each row
  when (OLD.name is distinct from NEW.name)
  execute function search_text_refresh_dependants();
create trigger cards_search_text_dependants after update on cards for each row
  when (OLD.name is distinct from NEW.name or OLD.bank_id is distinct from NEW.bank_id or OLD.network_id is distinct from NEW.network_id
        or OLD.category_id is distinct from NEW.category_id or OLD.card_type is distinct from NEW.card_type)
  execute function search_text_refresh_dependants();
create trigger outlets_search_text_dependants after update on outlets for each row
  when (OLD.merchant_name is distinct from NEW.merchant_name or OLD.branch is distinct from NEW.branch or OLD.area_id is distinct from NEW.area_id)
  execute function search_text_refresh_dependants();
create trigger dubai_cities_search_text_dependants after update on dubai_cities for each row
  when (OLD.name is distinct from NEW.name)
  execute function search_text_refresh_dependants();

-- ---------------------------------------------------------------------------------------
-- Links: once per statement, each offer whose cards or outlets changed is refreshed once,
-- however many of its links the statement wrote (new_links / old_links: transition tables).

create or replace function search_text_refresh_linked_offers() returns trigger language plpgsql as $$
begin
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

create trigger offer_cards_search_text_insert after insert on offer_cards
  referencing new table as new_links for each statement execute function search_text_refresh_linked_offers();
create trigger offer_cards_search_text_update after update on offer_cards
  referencing old table as old_links new table as new_links for each statement execute function search_text_refresh_linked_offers();
create trigger offer_cards_search_text_delete after delete on offer_cards
  referencing old table as old_links for each statement execute function search_text_refresh_linked_offers();
create trigger offer_outlets_search_text_insert after insert on offer_outlets
  referencing new table as new_links for each statement execute function search_text_refresh_linked_offers();
create trigger offer_outlets_search_text_update after update on offer_outlets
  referencing old table as old_links new table as new_links for each statement execute function search_text_refresh_linked_offers();
create trigger offer_outlets_search_text_delete after delete on offer_outlets
  referencing old table as old_links for each statement execute function search_text_refresh_linked_offers();

-- ---------------------------------------------------------------------------------------
-- Indexes: search_text replaces the indexed expressions

drop index if exists banks_search_trgm;
drop index if exists categories_search_trgm;
drop index if exists dubai_cities_search_trgm;
drop index if exists users_search_trgm;
create index if not exists banks_search_trgm on banks using gin (search_text gin_trgm_ops);
create index if not exists categories_search_trgm on categories using gin (search_text gin_trgm_ops);
create index if not exists networks_search_trgm on networks using gin (search_text gin_trgm_ops);
create index if not exists users_search_trgm on users using gin (search_text gin_trgm_ops);
create index if not exists dubai_cities_search_trgm on dubai_cities using gin (search_text gin_trgm_ops);
create index if not exists outlet_radius_search_trgm on outlet_radius using gin (search_text gin_trgm_ops);

-- ---------------------------------------------------------------------------------------
-- Backfill, names before the rows that show them: rows whose text is not what the
-- functions give are rewritten (their BEFORE trigger fills it in). Cards, outlets and
-- offers were kept by the application until now, so most of them are left untouched.

update banks x set search_text = default where x.search_text is distinct from bank_search_text(x);
update categories x set search_text = default where x.search_text is distinct from category_search_text(x);
update networks x set search_text = default where x.search_text is distinct from network_search_text(x);
update users x set search_text = default where x.search_text is distinct from user_search_text(x);
update dubai_cities x set search_text = default where x.search_text is distinct from dubai_city_search_text(x);
update outlet_radius x set search_text = default where x.search_text is distinct from outlet_radius_search_text(x);
update cards x set search_text = default where x.search_text is distinct from card_search_text(x);
update outlets x set search_text = default where x.search_text is distinct from outlet_search_text(x);
update offers x set search_text = default where x.search_text is distinct from offer_search_text(x);
