-- "Empty outlets" read as the few rows it holds, not as every outlet (issue 36: count ≤ 50 ms,
-- first page ≤ 20 ms). With 041_live_witness.sql's `outlet_live`, which held a row only for an
-- outlet with a live witness, the queue anti-joined all 100,503 outlets with it ("no witness
-- live"): 70 ms for the count and 79 ms for the first page at a million offers on PostgreSQL,
-- for 14 rows in the queue. The witness table now holds a row for every row of its owner, its
-- offer and dates null when it has none, so "no witness live today" is an index lookup of the
-- few such rows.
--
--   select live_witness('outlet', 'offer_outlets', 'outlet_id');
--
-- makes, for the entity whose table (its owner) the link table's key column references:
--   * the table `<entity>_live`: a row for every row of the owner (key column as the link
--     table's, offer_id, k_valid_from, k_valid_to), naming its witness, the linked offer live
--     today that ends last, with copies of its dates; null for a row with none when found, and
--     offer_id null once its witness is deleted (`on delete set null`: the row stays, so it is
--     still found as one without a witness live). Indexes on offer_id, k_valid_to and
--     k_valid_from: a row whose witness is not live today,
--       w.offer_id is null or w.k_valid_to < catalogue_today() or w.k_valid_from > catalogue_today()
--     (the test clock moves the day backwards too, hence the start), is found by a BitmapOr of
--     the three (on PostgreSQL 15, 100,000 rows of which 15 not live: a bitmap of the three
--     index lookups, well under a millisecond), not a scan of every row;
--   * `<entity>_live_refresh(ids integer[])`: the given rows' witnesses found again, one row for
--     each of them in the owner (nulls for a row with no live offer);
--   * statement triggers on the link table (`<entity>_live_links_insert`, `_update`, `_delete`,
--     running `<entity>_live_links()`): links removed unset the witness of the rows they named
--     (an offer deleted unsets it too, by `on delete set null`); links added refresh the rows
--     with no witness live today that a live offer now names. A row left with no witness is
--     given one by the health loop's refresh, not by the removal: refreshing at once cost a
--     deletion of N offers sharing a card N refreshes of it, each reading every offer of the
--     card (the cascade deletes each offer's links by a statement of its own), and its next
--     witness was often the next offer deleted. Removing a killed import of 3,000 offers at
--     start went from 5 s to minutes (tests/process/crash.test.ts). The queues stay right
--     meanwhile: a row with no witness is probed from its links;
--   * a statement trigger on offers (`<entity>_live_offers`, running `<entity>_live_offers()`):
--     a witness's dates changed refresh its row;
--   * a statement trigger on the owner (`<entity>_live_owner_insert`, running
--     `<entity>_live_owner()`): a new row gets its row, with no witness (it has no links yet);
--   * every row's witness found.
-- A witness is never wrong, only out of date: a row whose witness is live today has a live
-- offer, so a queue probes the links only of the others, and the health loop refreshes the
-- rows whose witness is not live (server/services/health.ts `keepHealthScores`).
--
-- The trigger functions' bodies are written out here once per entity (static SQL, planned as
-- 038's were), not run through EXECUTE on each write. A second call for the same entity fails
-- rather than redefine them. The refresh inserts `on conflict do update`: two transactions
-- refreshing the same row (each deleted it, then the first committed its new one) would
-- otherwise fail on its key.
create or replace function live_witness(entity text, links regclass, key_column text) returns void
language plpgsql as $$
declare
  live text := entity || '_live';
  refresh text := entity || '_live_refresh';
  owner regclass;
begin
  select c.confrelid::regclass into owner
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attname = key_column
   where c.conrelid = links and c.contype = 'f' and c.conkey = array[a.attnum];
  if owner is null then
    raise exception 'live_witness: %.% references no table', links, key_column;
  end if;

  execute format(
    'create table %I (%I integer primary key references %s(id) on delete cascade,
       offer_id integer references offers(id) on delete set null,
       k_valid_from date, k_valid_to date)',
    live, key_column, owner);
  execute format('create index %I on %I (offer_id)', live || '_offer_idx', live);
  execute format('create index %I on %I (k_valid_to)', live || '_to_idx', live);
  execute format('create index %I on %I (k_valid_from)', live || '_from_idx', live);

  execute format(
    'create function %I(ids integer[]) returns void language sql as %L', refresh, format(
    'delete from %1$I where %2$I = any(ids);
     insert into %1$I (%2$I, offer_id, k_valid_from, k_valid_to)
       select x.id, w.offer_id, w.valid_from, w.valid_to
         from %4$s x left join (
           select distinct on (l.%2$I) l.%2$I, o.id as offer_id, o.valid_from, o.valid_to
             from %3$s l join offers o on o.id = l.offer_id
            where l.%2$I = any(ids) and o.valid_from <= catalogue_today() and o.valid_to >= catalogue_today()
            order by l.%2$I, o.valid_to desc, o.id) w on w.%2$I = x.id
        where x.id = any(ids)
     on conflict (%2$I) do update set offer_id = excluded.offer_id,
       k_valid_from = excluded.k_valid_from, k_valid_to = excluded.k_valid_to', live, key_column, links, owner));

  execute format(
    'create function %I() returns trigger language plpgsql as %L', live || '_links', format(
    'begin
       if TG_OP in (''DELETE'', ''UPDATE'') then
         update %2$I w set offer_id = null, k_valid_from = null, k_valid_to = null
           from old_links l where w.%3$I = l.%3$I and w.offer_id = l.offer_id;
       end if;
       if TG_OP in (''INSERT'', ''UPDATE'') then
         perform %1$I(array(
           select distinct l.%3$I from new_links l join offers o on o.id = l.offer_id
            where o.valid_from <= catalogue_today() and o.valid_to >= catalogue_today()
              and not exists (select 1 from %2$I w where w.%3$I = l.%3$I and w.offer_id is not null
                               and w.k_valid_from <= catalogue_today() and w.k_valid_to >= catalogue_today())));
       end if;
       return null;
     end', refresh, live, key_column));
  execute format('create trigger %I after insert on %s referencing new table as new_links
    for each statement execute function %I()', live || '_links_insert', links, live || '_links');
  execute format('create trigger %I after update on %s referencing old table as old_links new table as new_links
    for each statement execute function %I()', live || '_links_update', links, live || '_links');
  execute format('create trigger %I after delete on %s referencing old table as old_links
    for each statement execute function %I()', live || '_links_delete', links, live || '_links');

  execute format(
    'create function %I() returns trigger language plpgsql as %L', live || '_offers', format(
    'begin
       perform %1$I(array(
         select distinct w.%3$I from new_offers n join %2$I w on w.offer_id = n.id
          where (n.valid_from, n.valid_to) is distinct from (w.k_valid_from, w.k_valid_to)));
       return null;
     end', refresh, live, key_column));
  execute format('create trigger %I after update on offers referencing new table as new_offers
    for each statement execute function %I()', live || '_offers', live || '_offers');

  execute format(
    'create function %I() returns trigger language plpgsql as %L', live || '_owner', format(
    'begin
       insert into %1$I (%2$I) select n.id from new_rows n on conflict do nothing;
       return null;
     end', live, key_column));
  execute format('create trigger %I after insert on %s referencing new table as new_rows
    for each statement execute function %I()', live || '_owner_insert', owner, live || '_owner');

  execute format('select %I(array(select id from %s))', refresh, owner);
end $$;

-- 041's tables, functions and triggers, made again by the new helper under the same names.
drop trigger card_live_links_insert on offer_cards;
drop trigger card_live_links_update on offer_cards;
drop trigger card_live_links_delete on offer_cards;
drop trigger card_live_offers on offers;
drop function card_live_links();
drop function card_live_offers();
drop function card_live_refresh(integer[]);
drop table card_live;
select live_witness('card', 'offer_cards', 'card_id');

drop trigger outlet_live_links_insert on offer_outlets;
drop trigger outlet_live_links_update on offer_outlets;
drop trigger outlet_live_links_delete on offer_outlets;
drop trigger outlet_live_offers on offers;
drop function outlet_live_links();
drop function outlet_live_offers();
drop function outlet_live_refresh(integer[]);
drop table outlet_live;
select live_witness('outlet', 'offer_outlets', 'outlet_id');
