-- The offers list's `bank` filter (server/repositories/offers.ts) at a million offers. It read
-- `id in (select oc.offer_id from offer_cards oc join cards c on c.id = oc.card_id where
-- c.bank_id = $1)`: EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL 15 showed page 1 (newest first)
-- walking offers_created_idx and probing offer_cards then cards for each of ~980 offers
-- (7,650 buffers, 13 ms), and its capped count a merge semi join over every link of every
-- card (85,000 offer_cards rows, 25,000 buffers, 220–400 ms).
--
-- An offer's banks are kept here, one row per (offer, bank), by triggers on what they derive
-- from: the offer's card links and a card's bank. Beside each, copies of what the other
-- filters and the sorts read (k_*: category, validity, created_at, lower(title)), kept by a
-- trigger on offers: a list filtered by bank reads this table's indexes, in the sort's order,
-- with the category and the validity dates checked in the index (each index ends in the sort
-- key and offer_id, as server/repositories/crud.ts orders), and reads the offers of its page
-- only (server/repositories/offers.ts `narrow`). The validity dates are plain dates, so
-- `live`, `upcoming`, `expired` and `expiring` compare them with current_date at query time,
-- exactly as offers_view's `state` does (the session's time zone's today).
-- A table of its own rather than a column of offers: filling it at a million offers is one
-- insert of narrow rows (seconds), where a column is an update of every offer row and of
-- every index on them, the trigram one included (minutes); and no audit trigger
-- (019_audit_log.sql) or change event (020_change_events.sql) sees it, so an offer's History
-- never shows a bank set moving as an edit: the card links that moved it are the edit.

create table offer_bank_links (
  offer_id      integer not null,
  bank_id       integer not null,
  k_category_id integer,
  k_valid_from  date not null,
  k_valid_to    date not null,
  k_created_at  timestamptz not null,
  k_title       text not null,
  primary key (offer_id, bank_id)
);

insert into offer_bank_links (offer_id, bank_id, k_category_id, k_valid_from, k_valid_to, k_created_at, k_title)
  select o.id, b.bank_id, o.category_id, o.valid_from, o.valid_to, o.created_at, lower(o.title)
  from (select distinct oc.offer_id, c.bank_id from offer_cards oc join cards c on c.id = oc.card_id) b
  join offers o on o.id = b.offer_id;

-- After the fill: checked in one join, not row by row.
alter table offer_bank_links add foreign key (offer_id) references offers(id) on delete cascade;
create index offer_bank_links_created_idx on offer_bank_links (bank_id, k_created_at, offer_id)
  include (k_category_id, k_valid_from, k_valid_to);
create index offer_bank_links_category_idx on offer_bank_links (bank_id, k_category_id, k_created_at, offer_id)
  include (k_valid_from, k_valid_to);
create index offer_bank_links_valid_to_idx on offer_bank_links (bank_id, k_valid_to, offer_id)
  include (k_category_id, k_valid_from);
create index offer_bank_links_title_idx on offer_bank_links (bank_id, k_title, offer_id)
  include (k_category_id, k_valid_from, k_valid_to);

-- The given offers' bank rows made equal to what their card links say: missing ones added,
-- stale ones removed, the rest untouched.
create function offer_bank_links_refresh(ids integer[]) returns void language sql as $$
  delete from offer_bank_links l
   where l.offer_id = any(ids)
     and not exists (select 1 from offer_cards oc join cards c on c.id = oc.card_id
                     where oc.offer_id = l.offer_id and c.bank_id = l.bank_id);
  insert into offer_bank_links (offer_id, bank_id, k_category_id, k_valid_from, k_valid_to, k_created_at, k_title)
    select o.id, b.bank_id, o.category_id, o.valid_from, o.valid_to, o.created_at, lower(o.title)
    from (select distinct oc.offer_id, c.bank_id from offer_cards oc join cards c on c.id = oc.card_id
          where oc.offer_id = any(ids)) b
    join offers o on o.id = b.offer_id
  on conflict do nothing;
$$;

-- Per statement, like the search text's link triggers (003_search_text.sql): a relink of
-- thousands of offers is one refresh. Unlike them, never deferred: a filter must be right
-- at once (app.search_text = 'deferred' leaves only the search text for later).
create function offer_cards_bank_links() returns trigger language plpgsql as $$
begin
  -- Only the transition tables of the firing event exist; each branch names only those.
  if TG_OP = 'INSERT' then
    perform offer_bank_links_refresh(array(select distinct offer_id from new_links));
  elsif TG_OP = 'DELETE' then
    perform offer_bank_links_refresh(array(select distinct offer_id from old_links));
  else
    perform offer_bank_links_refresh(array(select offer_id from new_links union select offer_id from old_links));
  end if;
  return null;
end $$;

create trigger offer_cards_bank_links_insert after insert on offer_cards
  referencing new table as new_links for each statement execute function offer_cards_bank_links();
create trigger offer_cards_bank_links_update after update on offer_cards
  referencing old table as old_links new table as new_links for each statement execute function offer_cards_bank_links();
create trigger offer_cards_bank_links_delete after delete on offer_cards
  referencing old table as old_links for each statement execute function offer_cards_bank_links();

-- A card moved to another bank moves its offers with it.
create function cards_bank_links() returns trigger language plpgsql as $$
begin
  perform offer_bank_links_refresh(array(select offer_id from offer_cards where card_id = NEW.id));
  return null;
end $$;

create trigger cards_bank_links after update on cards for each row
  when (OLD.bank_id is distinct from NEW.bank_id) execute function cards_bank_links();

-- An offer's own columns, copied beside its banks.
create function offers_bank_links() returns trigger language plpgsql as $$
begin
  update offer_bank_links
     set k_category_id = NEW.category_id, k_valid_from = NEW.valid_from, k_valid_to = NEW.valid_to,
         k_created_at = NEW.created_at, k_title = lower(NEW.title)
   where offer_id = NEW.id;
  return null;
end $$;

create trigger offers_bank_links after update on offers for each row
  when (OLD.category_id is distinct from NEW.category_id or OLD.valid_from is distinct from NEW.valid_from
        or OLD.valid_to is distinct from NEW.valid_to or OLD.created_at is distinct from NEW.created_at
        or OLD.title is distinct from NEW.title)
  execute function offers_bank_links();
