-- Queue 5, "Broken media and links" (server/services/health.ts `brokenMedia`): a check counts
-- as broken now while it still names the value its record holds (an edited one waits for its
-- next check; an undo that puts the value back puts the row back). Asked per broken row, that
-- was a lookup into the record's table each: 504 ms to count 22,756 of them at a million
-- offers (bench/health.ts). `holds` keeps the answer instead: the checker sets it as it keeps a
-- check (server/services/mediaChecks.ts `keep`), and the triggers below whenever a record is
-- written, so the queue is one partial index.
--
-- The checked fields are the contract's (mediaChecks.ts CHECKED_FIELDS); each table of them has
-- the three triggers, their arguments the resource, the rows that hold a link (SQL over the row
-- as `r`, '' for all) and the fields. tests/api/mediaChecksHolds.test.ts holds the two lists equal.
alter table media_checks add column holds boolean not null default false;

-- The statement setting `holds` of the checks of resource $1 whose records are in `source` (a
-- table, or a trigger's transition table), aliased `r`.
create function media_checks_holds_sql(source text, cond text, fields text[]) returns text
language sql immutable as $$
  select format(
    'update media_checks m set holds = x.holds
       from (select c.id, coalesce(c.target = (case c.field %s end) and (%s), false) as holds
               from %s r join media_checks c on c.resource = $1 and c.record_id = r.id) x
      where m.id = x.id and m.holds is distinct from x.holds',
    (select string_agg(format('when %L then r.%I', f, f), ' ') from unnest(fields) f),
    coalesce(nullif(cond, ''), 'true'),
    source)
$$;

-- Per statement: a record written holds its checks' values or not; a record gone holds none.
create function media_checks_follow() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    update media_checks m set holds = false
     where m.resource = tg_argv[0] and m.holds and m.record_id in (select r.id from old_rows r);
  else
    execute media_checks_holds_sql('new_rows', tg_argv[1], tg_argv[2:]) using tg_argv[0];
  end if;
  return null;
end $$;

do $$
declare
  t record;
  ev text;
begin
  for t in select * from (values
      ('users', 'user', '', array['avatar']),
      ('banks', 'bank', '', array['logo', 'website']),
      ('categories', 'category', '', array['icon']),
      ('outlets', 'outlet', '', array['image']),
      ('cards', 'card', '', array['image']),
      ('offers', 'offer', '', array['image']),
      ('hero_banners', 'heroBanner', '', array['image', 'url']),
      ('dont_miss_out', 'dontMissOut', '', array['image', 'url']),
      ('notifications', 'notification', 'r.link_type = ''url'' and r.status = ''scheduled''', array['url'])
    ) v(tbl, res, cond, fields)
  loop
    foreach ev in array array['insert', 'update', 'delete'] loop
      execute format(
        'create trigger media_checks_%s after %s on %I referencing %s table as %s
           for each statement execute function media_checks_follow(%L, %L, %s)',
        ev, ev, t.tbl,
        case ev when 'delete' then 'old' else 'new' end,
        case ev when 'delete' then 'old_rows' else 'new_rows' end,
        t.res, t.cond, (select string_agg(quote_literal(f), ', ') from unnest(t.fields) f));
    end loop;
    execute media_checks_holds_sql(quote_ident(t.tbl), t.cond, t.fields) using t.res;
  end loop;
end $$;

drop index media_checks_broken;
create index media_checks_broken on media_checks (id) where state = 'broken' and holds;
