-- "Empty outlets" (outlets with no live offer) read from a kept fact at a million offers
-- (issue 36: count ≤ 50 ms, first page ≤ 20 ms): probing every outlet's links to its first
-- live offer took 1.4 s for the count at 100,503 outlets on PostgreSQL (bench/health.ts).
-- "Empty cards" solved the same with 038_health_kept.sql's `card_live`; the same kept fact for
-- outlets is made here by one helper that makes both, so the two are one definition:
--
--   select live_witness('outlet', 'offer_outlets', 'outlet_id');
--
-- makes, for the entity whose table the link table's key column references:
--   * the table `<entity>_live`: one live offer of each row (its witness), the linked offer live
--     today that ends last, with copies of its dates (key column as the link table's, offer_id,
--     k_valid_from, k_valid_to), and its index on offer_id;
--   * `<entity>_live_refresh(ids integer[])`: the given rows' witnesses found again (none for a
--     row with no live offer);
--   * statement triggers on the link table (`<entity>_live_links_insert`, `_update`, `_delete`,
--     running `<entity>_live_links()`): links removed refresh the rows whose witness went; links
--     added refresh the rows with no witness live today that a live offer now names (an offer
--     deleted takes its links and witnesses with it);
--   * a statement trigger on offers (`<entity>_live_offers`, running `<entity>_live_offers()`):
--     a witness's dates changed refresh its row;
--   * every row's witness found.
-- A witness is never wrong, only out of date: a row whose witness is live today has a live
-- offer, so a queue probes the links only of the others, and the health loop refreshes the
-- rows whose witness has ended (server/services/health.ts `keepHealthScores`).
--
-- The trigger functions' bodies are written out here once per entity (static SQL, planned as
-- 038's were), not run through EXECUTE on each write. A second call for the same entity fails
-- rather than redefine them.
create function live_witness(entity text, links regclass, key_column text) returns void
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
       offer_id integer not null references offers(id) on delete cascade,
       k_valid_from date not null, k_valid_to date not null)',
    live, key_column, owner);
  execute format('create index %I on %I (offer_id)', live || '_offer_idx', live);

  execute format(
    'create function %I(ids integer[]) returns void language sql as %L', refresh, format(
    'delete from %1$I where %2$I = any(ids);
     insert into %1$I (%2$I, offer_id, k_valid_from, k_valid_to)
       select distinct on (l.%2$I) l.%2$I, o.id, o.valid_from, o.valid_to
         from %3$s l join offers o on o.id = l.offer_id
        where l.%2$I = any(ids) and o.valid_from <= catalogue_today() and o.valid_to >= catalogue_today()
        order by l.%2$I, o.valid_to desc, o.id', live, key_column, links));

  execute format(
    'create function %I() returns trigger language plpgsql as %L', live || '_links', format(
    'begin
       if TG_OP in (''DELETE'', ''UPDATE'') then
         perform %1$I(array(
           select distinct w.%3$I from old_links l join %2$I w on w.%3$I = l.%3$I and w.offer_id = l.offer_id));
       end if;
       if TG_OP in (''INSERT'', ''UPDATE'') then
         perform %1$I(array(
           select distinct l.%3$I from new_links l join offers o on o.id = l.offer_id
            where o.valid_from <= catalogue_today() and o.valid_to >= catalogue_today()
              and not exists (select 1 from %2$I w where w.%3$I = l.%3$I
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

  execute format('select %I(array(select id from %s))', refresh, owner);
end $$;

-- 038_health_kept.sql's card_live, written out by hand, made again by the helper under the
-- same names (the same table, functions and triggers), so cards and outlets share one
-- definition; its witnesses are found again as they were.
drop trigger card_live_links_insert on offer_cards;
drop trigger card_live_links_update on offer_cards;
drop trigger card_live_links_delete on offer_cards;
drop trigger card_live_offers on offers;
drop function card_live_links();
drop function card_live_offers();
drop function card_live_refresh(integer[]);
drop table card_live;
select live_witness('card', 'offer_cards', 'card_id');

select live_witness('outlet', 'offer_outlets', 'outlet_id');
