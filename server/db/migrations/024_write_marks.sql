-- Which tables a transaction wrote, for the answer cache (server/db/tableWrites.ts): a list
-- whose tables nobody wrote stays current through a presence heartbeat or a write to banks.
--
-- A statement trigger on every table adds its table's name to the transaction-local setting
-- `app.wrote` (once per table); `Db.transaction` reads it right before COMMIT. Statement-level,
-- so an import of thousands of rows costs one call per statement, and triggers' own writes
-- (search text, audit rows) are listed like the call's.
--
-- `write_counts` is the count that processes sharing a PostgreSQL database read at each call
-- (`Db.sync`): bumped after each commit by the process that made it, before its call answers.
-- PGlite keeps its counts in memory (one process per folder) and leaves the table empty.
create table write_counts (
  tbl text primary key,
  n   bigint not null
);

create or replace function note_write() returns trigger language plpgsql as $$
declare
  wrote text := coalesce(current_setting('app.wrote', true), '');
begin
  if position(',' || TG_TABLE_NAME || ',' in ',' || wrote) = 0 then
    perform set_config('app.wrote', wrote || TG_TABLE_NAME || ',', true);
  end if;
  return null;
end $$;

-- Puts the trigger on every table that lacks it: run here, and by the migrations' runner
-- (server/db/migrate.ts) after any later migration, so a new table is never unseen.
create or replace function note_writes_everywhere() returns void language plpgsql as $$
declare
  t text;
begin
  for t in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname <> 'write_counts'
       and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'note_write')
  loop
    execute format(
      'create trigger note_write after insert or update or delete or truncate on %I for each statement execute function note_write()',
      t);
  end loop;
end $$;

select note_writes_everywhere();
