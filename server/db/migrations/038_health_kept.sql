-- Two more health queues read from kept facts at a million offers (issue 36: count ≤ 50 ms,
-- first page ≤ 20 ms), as 034_health_speed.sql's `offer_reach` does for "unreachable".
-- Measured with bench/health.ts; tables of their own, not columns, for 034's reasons.
--
-- "Missing essentials" (offers with no image or no terms): its rows are a few percent of the
-- offers, scattered over every page of the table, so counting them through 034's partial index
-- read ~40,000 heap pages at a million (the image and terms checks are not in the index).
-- Kept here instead, one narrow row per offer that lacks one, with copies of its end date and
-- batch, so the live ones are counted from this table alone.

create table offer_gaps (
  offer_id   integer primary key references offers(id) on delete cascade,
  no_image   boolean not null,
  no_terms   boolean not null,
  k_valid_to date not null,
  k_batch_id integer
);

-- The given offers' rows made equal to the offers: a row for each that lacks an image or terms.
create function offer_gaps_refresh(ids integer[]) returns void language sql as $$
  delete from offer_gaps where offer_id = any(ids);
  insert into offer_gaps (offer_id, no_image, no_terms, k_valid_to, k_batch_id)
    select id, image is null, terms is null or btrim(terms) = '', valid_to, batch_id
      from offers
     where id = any(ids) and (image is null or terms is null or btrim(terms) = '');
$$;

select offer_gaps_refresh(array(select id from offers));

-- Per statement: an offer written that lacks something now, or had a row (it may lack nothing now).
create function offers_gaps() returns trigger language plpgsql as $$
begin
  perform offer_gaps_refresh(array(
    select n.id from new_offers n
     where n.image is null or n.terms is null or btrim(n.terms) = ''
        or exists (select 1 from offer_gaps g where g.offer_id = n.id)));
  return null;
end $$;
create trigger offers_gaps_insert after insert on offers
  referencing new table as new_offers for each statement execute function offers_gaps();
create trigger offers_gaps_update after update on offers
  referencing new table as new_offers for each statement execute function offers_gaps();

-- "Empty cards" (shown cards with no live offer): the page walked every shown card's links to
-- its first live offer, a probe per card (42 ms at a million on PostgreSQL). Kept here: one
-- live offer of each card (its witness), the linked offer live today that ends last, with
-- copies of its dates. A card whose witness is live today has a live offer, so only the
-- others (the empty ones, and those whose witness has ended since) are probed; a witness is
-- never wrong, only out of date: its link removed or its offer's dates changed refresh its
-- card, and the health loop refreshes the ended ones daily (server/services/health.ts).

create table card_live (
  card_id      integer primary key references cards(id) on delete cascade,
  offer_id     integer not null references offers(id) on delete cascade,
  k_valid_from date not null,
  k_valid_to   date not null
);
create index card_live_offer_idx on card_live (offer_id);

-- The given cards' witnesses found again (none for a card with no live offer).
create function card_live_refresh(ids integer[]) returns void language sql as $$
  delete from card_live where card_id = any(ids);
  insert into card_live (card_id, offer_id, k_valid_from, k_valid_to)
    select distinct on (oc.card_id) oc.card_id, o.id, o.valid_from, o.valid_to
      from offer_cards oc join offers o on o.id = oc.offer_id
     where oc.card_id = any(ids) and o.valid_from <= catalogue_today() and o.valid_to >= catalogue_today()
     order by oc.card_id, o.valid_to desc, o.id;
$$;

select card_live_refresh(array(select id from cards));

-- Links removed: the cards whose witness went. Links added: the cards with no witness live
-- today that a live offer now names. (An offer deleted takes its links and witnesses with it.)
create function card_live_links() returns trigger language plpgsql as $$
begin
  if TG_OP in ('DELETE', 'UPDATE') then
    perform card_live_refresh(array(
      select distinct w.card_id from old_links l join card_live w on w.card_id = l.card_id and w.offer_id = l.offer_id));
  end if;
  if TG_OP in ('INSERT', 'UPDATE') then
    perform card_live_refresh(array(
      select distinct l.card_id from new_links l join offers o on o.id = l.offer_id
       where o.valid_from <= catalogue_today() and o.valid_to >= catalogue_today()
         and not exists (select 1 from card_live w where w.card_id = l.card_id
                          and w.k_valid_from <= catalogue_today() and w.k_valid_to >= catalogue_today())));
  end if;
  return null;
end $$;
create trigger card_live_links_insert after insert on offer_cards
  referencing new table as new_links for each statement execute function card_live_links();
create trigger card_live_links_update after update on offer_cards
  referencing old table as old_links new table as new_links for each statement execute function card_live_links();
create trigger card_live_links_delete after delete on offer_cards
  referencing old table as old_links for each statement execute function card_live_links();

-- A witness's dates changed: its card's witness found again.
create function card_live_offers() returns trigger language plpgsql as $$
begin
  perform card_live_refresh(array(
    select distinct w.card_id from new_offers n join card_live w on w.offer_id = n.id
     where (n.valid_from, n.valid_to) is distinct from (w.k_valid_from, w.k_valid_to)));
  return null;
end $$;
create trigger card_live_offers after update on offers
  referencing new table as new_offers for each statement execute function card_live_offers();
