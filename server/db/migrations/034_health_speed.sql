-- The catalogue health queues (server/services/health.ts) read from indexes at a million
-- offers (issue 36: count ≤ 50 ms, first page ≤ 20 ms). Measured with bench/health.ts.
--
-- "Unreachable" (a live offer with no card shown, or no outlet) is a fact about an offer's
-- links and its cards' state, not its own columns: counted from the offers, every live offer
-- was probed through offer_cards → cards and offer_outlets (a join per offer, ~650,000 at a
-- million). It is kept here instead, one row per offer that is unreachable by its links
-- (whatever its dates), with copies of the offer's dates and batch so the live ones are
-- counted from this table alone, as 023_offer_bank_links.sql keeps an offer's banks with
-- copies of its sort keys. A table of its own, not columns of offers, for 023's reasons: a card
-- hidden is not an edit of each of its offers (no audit entry, 019_audit_log.sql; no change
-- event, 020_change_events.sql). Kept by statement triggers on what it derives from: the link
-- tables, cards' display and status, and offers' dates and batch. tests/api/offerReach.test.ts
-- compares it with a computation from scratch after every kind of write.

create table offer_reach (
  offer_id      integer primary key references offers(id) on delete cascade,
  -- no card linked at all
  no_card       boolean not null,
  -- no linked card is shown and not discontinued (true when no_card)
  no_shown_card boolean not null,
  no_outlet     boolean not null,
  k_valid_from  date not null,
  k_valid_to    date not null,
  k_batch_id    integer
);
create index offer_reach_valid_to_idx on offer_reach (k_valid_to) include (k_valid_from, k_batch_id);

-- The given offers' rows made equal to what their links say: a row for each that has no card
-- shown or no outlet, none for the others (nor for an offer gone).
create function offer_reach_refresh(ids integer[]) returns void language sql as $$
  delete from offer_reach where offer_id = any(ids);
  insert into offer_reach (offer_id, no_card, no_shown_card, no_outlet, k_valid_from, k_valid_to, k_batch_id)
    select id, no_card, no_shown_card, no_outlet, valid_from, valid_to, batch_id
    from (
      select o.id, o.valid_from, o.valid_to, o.batch_id,
        not exists (select 1 from offer_cards oc where oc.offer_id = o.id) as no_card,
        not exists (select 1 from offer_cards oc join cards c on c.id = oc.card_id
                    where oc.offer_id = o.id and c.display and c.status = 'Not Discontinued') as no_shown_card,
        not exists (select 1 from offer_outlets oo where oo.offer_id = o.id) as no_outlet
      from offers o where o.id = any(ids)
    ) f
    where no_shown_card or no_outlet;
$$;

select offer_reach_refresh(array(select id from offers));

-- Per statement, like 029's: a relink of thousands of offers is one refresh. Only the
-- transition tables of the firing event exist, so each branch names only those.
create function offer_links_reach() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    perform offer_reach_refresh(array(select distinct offer_id from new_links));
  elsif TG_OP = 'DELETE' then
    perform offer_reach_refresh(array(select distinct offer_id from old_links));
  else
    perform offer_reach_refresh(array(select offer_id from new_links union select offer_id from old_links));
  end if;
  return null;
end $$;

create trigger offer_cards_reach_insert after insert on offer_cards
  referencing new table as new_links for each statement execute function offer_links_reach();
create trigger offer_cards_reach_update after update on offer_cards
  referencing old table as old_links new table as new_links for each statement execute function offer_links_reach();
create trigger offer_cards_reach_delete after delete on offer_cards
  referencing old table as old_links for each statement execute function offer_links_reach();
create trigger offer_outlets_reach_insert after insert on offer_outlets
  referencing new table as new_links for each statement execute function offer_links_reach();
create trigger offer_outlets_reach_update after update on offer_outlets
  referencing old table as old_links new table as new_links for each statement execute function offer_links_reach();
create trigger offer_outlets_reach_delete after delete on offer_outlets
  referencing old table as old_links for each statement execute function offer_links_reach();

-- A new offer has no link yet: unreachable until its links arrive (their triggers refresh it).
create function offers_reach_insert() returns trigger language plpgsql as $$
begin
  perform offer_reach_refresh(array(select id from new_offers));
  return null;
end $$;
create trigger offers_reach_insert after insert on offers
  referencing new table as new_offers for each statement execute function offers_reach_insert();

-- An offer's dates or batch changed: its copies. (Deleted: its row goes with it.)
create function offers_reach_update() returns trigger language plpgsql as $$
begin
  update offer_reach r set k_valid_from = n.valid_from, k_valid_to = n.valid_to, k_batch_id = n.batch_id
    from new_offers n
   where r.offer_id = n.id
     and (r.k_valid_from, r.k_valid_to, r.k_batch_id) is distinct from (n.valid_from, n.valid_to, n.batch_id);
  return null;
end $$;
create trigger offers_reach_update after update on offers
  referencing new table as new_offers for each statement execute function offers_reach_update();

-- A card hidden, shown, discontinued or back: the offers that name it. (A card deleted takes
-- its links with it: the link triggers above.)
create function cards_reach() returns trigger language plpgsql as $$
begin
  perform offer_reach_refresh(array(select offer_id from offer_cards where card_id = NEW.id));
  return null;
end $$;
create trigger cards_reach after update on cards for each row
  when (OLD.display is distinct from NEW.display or OLD.status is distinct from NEW.status)
  execute function cards_reach();

-- "Missing essentials" and "outlets missing essentials": the few rows that lack one, by id
-- (the page) with what the count filters on beside it (index-only where the heap allows).
-- The predicates are the queues' conditions as health.ts writes them, so the planner matches them.
create index offers_incomplete_idx on offers (id) include (valid_to, batch_id)
  where image is null or terms is null or btrim(terms) = '';
create index outlets_incomplete_idx on outlets (id)
  where area_id is null or latitude is null or longitude is null;
