-- The "Likely duplicates" queues (contract/healthQueues.ts) read their pairs from a table the
-- background loop keeps (server/services/healthPairs.ts), not from a similarity join per record
-- at every read: on PGlite's one connection the join held every other call ~2.4 s for the
-- demo's first page (issue 36: count ≤ 50 ms, first page ≤ 20 ms).
--
-- health_pairs: the pairs found (lower id first) with their trigram similarity. What a pair
-- depends on that changes without a write (today's date, a write batch's state) and what an
-- admin decides (health_duplicate_verdicts) are checked at read time, and so is the pair
-- condition itself (server/repositories/healthPairs.ts): a write that unmakes a pair, a merge
-- that deletes one side, a raised similarity setting take it out of the queue at once. Only
-- new pairs wait for the loop. No foreign keys: a pair of a deleted record is never read (the
-- read joins both records) and the loop drops it.
create table health_pairs (
  kind       text not null check (kind in ('offer', 'outlet')),
  a_id       integer not null,
  b_id       integer not null,
  similarity real not null,
  found_at   timestamptz not null default now(),
  primary key (kind, b_id, a_id),
  check (a_id < b_id)
);
-- The pairs of a record on either side, for the loop's recompute.
create index health_pairs_a_idx on health_pairs (kind, a_id);

-- Records whose pairs may have changed, marked by the triggers below and taken by the loop.
-- A pair depends on its two records only, so a record, not its whole merchant or area, is what
-- is recomputed: its pairs dropped and found again by one trigram probe. `tx`: the transaction
-- that marked it last, so a fix and its undo recompute what they marked themselves at once
-- (server/services/health.ts). id 0 of a kind stands for every record of it (a changed
-- similarity setting, this migration): the loop marks them all.
create table health_pairs_dirty (
  kind text not null check (kind in ('offer', 'outlet')),
  id   integer not null,
  tx   bigint not null default txid_current(),
  primary key (kind, id)
);

create function health_pairs_mark(k text, ids integer[]) returns void language sql as $$
  insert into health_pairs_dirty (kind, id)
    select distinct k, x from unnest(ids) x where x is not null
  on conflict (kind, id) do update set tx = excluded.tx where health_pairs_dirty.tx <> excluded.tx;
$$;

-- Per statement, as 034's: a bulk change of thousands of offers is one insert here.
-- An offer's pair facts: its title, discount and dates (its batch is read at read time).
create function offers_pairs_mark() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    perform health_pairs_mark('offer', array(select id from new_offers));
  elsif TG_OP = 'DELETE' then
    perform health_pairs_mark('offer', array(select id from old_offers));
  else
    perform health_pairs_mark('offer', array(
      select n.id from new_offers n join old_offers o on o.id = n.id
       where (n.title, n.discount, n.valid_from, n.valid_to) is distinct from (o.title, o.discount, o.valid_from, o.valid_to)));
  end if;
  return null;
end $$;
create trigger offers_pairs_insert after insert on offers
  referencing new table as new_offers for each statement execute function offers_pairs_mark();
create trigger offers_pairs_update after update on offers
  referencing old table as old_offers new table as new_offers for each statement execute function offers_pairs_mark();
create trigger offers_pairs_delete after delete on offers
  referencing old table as old_offers for each statement execute function offers_pairs_mark();

-- Its cards (a card in common) and outlets (a merchant in common). A card or outlet deleted
-- takes its links with it, so these fire for that too.
create function offer_links_pairs_mark() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    perform health_pairs_mark('offer', array(select offer_id from new_links));
  elsif TG_OP = 'DELETE' then
    perform health_pairs_mark('offer', array(select offer_id from old_links));
  else
    perform health_pairs_mark('offer', array(select offer_id from new_links union select offer_id from old_links));
  end if;
  return null;
end $$;
create trigger offer_cards_pairs_insert after insert on offer_cards
  referencing new table as new_links for each statement execute function offer_links_pairs_mark();
create trigger offer_cards_pairs_update after update on offer_cards
  referencing old table as old_links new table as new_links for each statement execute function offer_links_pairs_mark();
create trigger offer_cards_pairs_delete after delete on offer_cards
  referencing old table as old_links for each statement execute function offer_links_pairs_mark();
create trigger offer_outlets_pairs_insert after insert on offer_outlets
  referencing new table as new_links for each statement execute function offer_links_pairs_mark();
create trigger offer_outlets_pairs_update after update on offer_outlets
  referencing old table as old_links new table as new_links for each statement execute function offer_links_pairs_mark();
create trigger offer_outlets_pairs_delete after delete on offer_outlets
  referencing old table as old_links for each statement execute function offer_links_pairs_mark();

-- An outlet's pair facts: its name, branch and area; its merchant name is also its offers'.
create function outlets_pairs_mark() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    perform health_pairs_mark('outlet', array(select id from new_outlets));
  elsif TG_OP = 'DELETE' then
    perform health_pairs_mark('outlet', array(select id from old_outlets));
  else
    perform health_pairs_mark('outlet', array(
      select n.id from new_outlets n join old_outlets o on o.id = n.id
       where (n.merchant_name, n.branch, n.area_id) is distinct from (o.merchant_name, o.branch, o.area_id)));
    perform health_pairs_mark('offer', array(
      select oo.offer_id from new_outlets n join old_outlets o on o.id = n.id join offer_outlets oo on oo.outlet_id = n.id
       where lower(n.merchant_name) is distinct from lower(o.merchant_name)));
  end if;
  return null;
end $$;
create trigger outlets_pairs_insert after insert on outlets
  referencing new table as new_outlets for each statement execute function outlets_pairs_mark();
create trigger outlets_pairs_update after update on outlets
  referencing old table as old_outlets new table as new_outlets for each statement execute function outlets_pairs_mark();
create trigger outlets_pairs_delete after delete on outlets
  referencing old table as old_outlets for each statement execute function outlets_pairs_mark();

-- The similarity setting changed: every pair is found again at the new one.
create function settings_pairs_mark() returns trigger language plpgsql as $$
begin
  perform health_pairs_mark('offer', array[0]);
  perform health_pairs_mark('outlet', array[0]);
  return null;
end $$;
create trigger settings_pairs_mark after update on settings for each row
  when (OLD.health_duplicate_similarity is distinct from NEW.health_duplicate_similarity)
  execute function settings_pairs_mark();

-- The catalogue's pairs, found by the loop's first round after this migration.
select health_pairs_mark('offer', array[0]);
select health_pairs_mark('outlet', array[0]);
