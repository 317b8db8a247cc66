-- "Likely duplicates" counted from health_pairs at a million offers (issue 36: count ≤ 50 ms).
-- Until now every read checked each kept pair's condition again (the two offers, their titles,
-- outlets and cards): 15 s to count 370,911 pairs on PostgreSQL (bench/health.ts). Now a pair
-- is checked again only when one of its records was written since it was found: the triggers of
-- 036_health_pairs.sql mark such a record `by_write`, and until the loop has found its pairs
-- again (server/services/healthPairs.ts) the read checks them in full, so a write that unmakes
-- a pair still takes it out of the queue at once. Every other pair is as the loop found it, but
-- for what changes without a write, read from copies kept on the pair: the earlier end date of
-- its two offers and their batches (a batch's state is read at read time). A mark of every
-- record by the loop itself (a changed setting, the first round) is not `by_write`: nothing
-- was written, and the setting is checked at read time.
alter table health_pairs add column k_valid_to date, add column k_batch_a integer, add column k_batch_b integer;
update health_pairs hp set k_valid_to = least(a.valid_to, b.valid_to), k_batch_a = a.batch_id, k_batch_b = b.batch_id
  from offers a, offers b
 where hp.kind = 'offer' and a.id = hp.a_id and b.id = hp.b_id;
-- The count reads the pairs in this index alone (an index-only scan, no row fetched).
create index health_pairs_rows on health_pairs (kind, b_id) include (a_id, similarity, k_valid_to, k_batch_a, k_batch_b);

alter table health_pairs_dirty add column by_write boolean not null default true;

create or replace function health_pairs_mark(k text, ids integer[]) returns void language sql as $$
  insert into health_pairs_dirty (kind, id, by_write)
    select distinct k, x, true from unnest(ids) x where x is not null
  on conflict (kind, id) do update set tx = excluded.tx, by_write = true
    where health_pairs_dirty.tx <> excluded.tx or not health_pairs_dirty.by_write;
$$;

-- The loop's own mark of every record: a record a write marked stays so.
create function health_pairs_mark_all(k text, ids integer[]) returns void language sql as $$
  insert into health_pairs_dirty (kind, id, by_write)
    select distinct k, x, false from unnest(ids) x where x is not null
  on conflict (kind, id) do nothing;
$$;

-- An offer's batch is now kept on its pairs, so a change of batch marks it too.
create or replace function offers_pairs_mark() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    perform health_pairs_mark('offer', array(select id from new_offers));
  elsif TG_OP = 'DELETE' then
    perform health_pairs_mark('offer', array(select id from old_offers));
  else
    perform health_pairs_mark('offer', array(
      select n.id from new_offers n join old_offers o on o.id = n.id
       where (n.title, n.discount, n.valid_from, n.valid_to, n.batch_id)
             is distinct from (o.title, o.discount, o.valid_from, o.valid_to, o.batch_id)));
  end if;
  return null;
end $$;
