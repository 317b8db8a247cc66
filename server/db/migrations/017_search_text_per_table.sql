-- One trigger function per table for its search text, instead of one function whose CASE
-- had an arm per table (search_text_before_write, 003_search_text.sql, redefined whole by
-- 005_write_batches.sql; content_search_text_before_write, 010_content.sql): a new table
-- adds a function of its own (`<table>_search_text()`, run by its trigger `<table>_search_text`)
-- and redefines nothing. The same split for the AFTER UPDATE functions that refresh the rows
-- showing a name (`<table>_search_text_dependants()`, `<table>_feedback_names()`).
--
-- The words are unchanged: each function calls the row function the CASE called
-- (bank_search_text(banks) and the rest, 003 and 010), so every search_text stays what it
-- was and nothing is backfilled. The triggers keep their names, so they fire in the same
-- order as before. Two trigger functions share a name with a row function
-- (outlet_radius_search_text, feedback_search_text): PostgreSQL tells them apart by their
-- arguments (none for a trigger function, the row for the other).

-- ---------------------------------------------------------------------------------------
-- BEFORE INSERT OR UPDATE: a row's own search text, whatever the writer sent

create function banks_search_text() returns trigger language plpgsql as $$
begin
  NEW.search_text := bank_search_text(NEW);
  return NEW;
end $$;

create function categories_search_text() returns trigger language plpgsql as $$
begin
  NEW.search_text := category_search_text(NEW);
  return NEW;
end $$;

create function networks_search_text() returns trigger language plpgsql as $$
begin
  NEW.search_text := network_search_text(NEW);
  return NEW;
end $$;

create function users_search_text() returns trigger language plpgsql as $$
begin
  NEW.search_text := user_search_text(NEW);
  return NEW;
end $$;

create function dubai_cities_search_text() returns trigger language plpgsql as $$
begin
  NEW.search_text := dubai_city_search_text(NEW);
  return NEW;
end $$;

create function outlet_radius_search_text() returns trigger language plpgsql as $$
begin
  NEW.search_text := outlet_radius_search_text(NEW);
  return NEW;
end $$;

-- Cards, outlets and offers are written by batched writers too, which compute the text once
-- for all their rows (`app.search_text = 'deferred'`, 005_write_batches.sql) or leave it to
-- the search backlog (009_search_backlog.sql).
create function cards_search_text() returns trigger language plpgsql as $$
begin
  if search_text_deferred() then
    return NEW;
  end if;
  NEW.search_text := card_search_text(NEW);
  return NEW;
end $$;

create function outlets_search_text() returns trigger language plpgsql as $$
begin
  if search_text_deferred() then
    return NEW;
  end if;
  NEW.search_text := outlet_search_text(NEW);
  return NEW;
end $$;

create function offers_search_text() returns trigger language plpgsql as $$
begin
  if search_text_deferred() then
    return NEW;
  end if;
  NEW.search_text := offer_search_text(NEW);
  return NEW;
end $$;

create function contact_messages_search_text() returns trigger language plpgsql as $$
begin
  NEW.search_text := contact_search_text(NEW);
  return NEW;
end $$;

create function feedback_search_text() returns trigger language plpgsql as $$
begin
  NEW.search_text := feedback_search_text(NEW);
  return NEW;
end $$;

drop trigger banks_search_text on banks;
create trigger banks_search_text before insert or update on banks for each row execute function banks_search_text();
drop trigger categories_search_text on categories;
create trigger categories_search_text before insert or update on categories for each row execute function categories_search_text();
drop trigger networks_search_text on networks;
create trigger networks_search_text before insert or update on networks for each row execute function networks_search_text();
drop trigger users_search_text on users;
create trigger users_search_text before insert or update on users for each row execute function users_search_text();
drop trigger dubai_cities_search_text on dubai_cities;
create trigger dubai_cities_search_text before insert or update on dubai_cities for each row execute function dubai_cities_search_text();
drop trigger outlet_radius_search_text on outlet_radius;
create trigger outlet_radius_search_text before insert or update on outlet_radius for each row execute function outlet_radius_search_text();
drop trigger cards_search_text on cards;
create trigger cards_search_text before insert or update on cards for each row execute function cards_search_text();
drop trigger outlets_search_text on outlets;
create trigger outlets_search_text before insert or update on outlets for each row execute function outlets_search_text();
drop trigger offers_search_text on offers;
create trigger offers_search_text before insert or update on offers for each row execute function offers_search_text();
drop trigger contact_messages_search_text on contact_messages;
create trigger contact_messages_search_text before insert or update on contact_messages for each row execute function contact_messages_search_text();
drop trigger feedback_search_text on feedback;
create trigger feedback_search_text before insert or update on feedback for each row execute function feedback_search_text();

drop function search_text_before_write();
drop function content_search_text_before_write();

-- ---------------------------------------------------------------------------------------
-- AFTER UPDATE: rows that show a name which changed are rewritten with `search_text =
-- default`; their BEFORE trigger computes the text again from the new names.

create function banks_search_text_dependants() returns trigger language plpgsql as $$
begin
  update cards set search_text = default where bank_id = NEW.id;
  update offers set search_text = default
   where id in (select oc.offer_id from offer_cards oc join cards c on c.id = oc.card_id where c.bank_id = NEW.id);
  return null;
end $$;

create function networks_search_text_dependants() returns trigger language plpgsql as $$
begin
  update cards set search_text = default where network_id = NEW.id;
  return null;
end $$;

create function categories_search_text_dependants() returns trigger language plpgsql as $$
begin
  update cards set search_text = default where category_id = NEW.id;
  update outlets set search_text = default where category_id = NEW.id;
  update offers set search_text = default where category_id = NEW.id;
  return null;
end $$;

create function cards_search_text_dependants() returns trigger language plpgsql as $$
begin
  update offers set search_text = default where id in (select offer_id from offer_cards where card_id = NEW.id);
  return null;
end $$;

create function outlets_search_text_dependants() returns trigger language plpgsql as $$
begin
  update offers set search_text = default where id in (select offer_id from offer_outlets where outlet_id = NEW.id);
  return null;
end $$;

create function dubai_cities_search_text_dependants() returns trigger language plpgsql as $$
begin
  update outlets set search_text = default where area_id = NEW.id;
  update offers set search_text = default
   where id in (select oo.offer_id from offer_outlets oo join outlets ou on ou.id = oo.outlet_id where ou.area_id = NEW.id);
  return null;
end $$;

drop trigger banks_search_text_dependants on banks;
create trigger banks_search_text_dependants after update on banks for each row
  when (OLD.name is distinct from NEW.name or OLD.code is distinct from NEW.code)
  execute function banks_search_text_dependants();
drop trigger networks_search_text_dependants on networks;
create trigger networks_search_text_dependants after update on networks for each row
  when (OLD.type is distinct from NEW.type)
  execute function networks_search_text_dependants();
drop trigger categories_search_text_dependants on categories;
create trigger categories_search_text_dependants after update on categories for each row
  when (OLD.name is distinct from NEW.name)
  execute function categories_search_text_dependants();
drop trigger cards_search_text_dependants on cards;
create trigger cards_search_text_dependants after update on cards for each row
  when (OLD.name is distinct from NEW.name or OLD.bank_id is distinct from NEW.bank_id or OLD.network_id is distinct from NEW.network_id
        or OLD.category_id is distinct from NEW.category_id or OLD.card_type is distinct from NEW.card_type)
  execute function cards_search_text_dependants();
drop trigger outlets_search_text_dependants on outlets;
create trigger outlets_search_text_dependants after update on outlets for each row
  when (OLD.merchant_name is distinct from NEW.merchant_name or OLD.branch is distinct from NEW.branch or OLD.area_id is distinct from NEW.area_id)
  execute function outlets_search_text_dependants();
drop trigger dubai_cities_search_text_dependants on dubai_cities;
create trigger dubai_cities_search_text_dependants after update on dubai_cities for each row
  when (OLD.name is distinct from NEW.name)
  execute function dubai_cities_search_text_dependants();

drop function search_text_refresh_dependants();

-- A renamed user, offer or card: the feedback that shows the name (010_content.sql).
create function users_feedback_names() returns trigger language plpgsql as $$
begin
  update feedback set search_text = default where user_id = NEW.id;
  return null;
end $$;

create function offers_feedback_names() returns trigger language plpgsql as $$
begin
  update feedback set search_text = default where offer_id = NEW.id;
  return null;
end $$;

create function cards_feedback_names() returns trigger language plpgsql as $$
begin
  update feedback set search_text = default where card_id = NEW.id;
  return null;
end $$;

drop trigger users_feedback_names on users;
create trigger users_feedback_names after update on users for each row
  when (OLD.name is distinct from NEW.name or OLD.email is distinct from NEW.email) execute function users_feedback_names();
drop trigger offers_feedback_names on offers;
create trigger offers_feedback_names after update on offers for each row
  when (OLD.title is distinct from NEW.title) execute function offers_feedback_names();
drop trigger cards_feedback_names on cards;
create trigger cards_feedback_names after update on cards for each row
  when (OLD.name is distinct from NEW.name) execute function cards_feedback_names();

drop function feedback_refresh_names();
