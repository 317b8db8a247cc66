-- What a new entity's table needs from the database, installed by one call in its migration
-- instead of written out by hand (and forgettable):
--
--   select catalogue_entity('merchant_brands', $$concat_ws(' ', r.name, r.website)$$);
--
-- installs on the table
--   * the audit triggers (audit_insert, audit_update, audit_delete: 019_audit_log.sql's
--     audit_capture), so its writes are in the log and in the live change events;
--   * the write mark (note_write, 024_write_marks.sql), so the answer cache sees its writes
--     (the migrations' runner would add it after the migration too; here it is there at once);
--   * given the words (an SQL expression over the row `r`), its search text as
--     017_search_text_per_table.sql writes it per table: a `search_text` column, the row's text
--     `<table>_search_text(r <table>)` (lower-cased, unaccented), the trigger function
--     `<table>_search_text()` and its BEFORE INSERT OR UPDATE trigger `<table>_search_text`, and
--     the trigram index `<table>_search_trgm`; the rows already there get their text.
--
-- The functions it makes are named for the table, created once (a second call for the same
-- words fails rather than redefine them): no migration redefines another's function. Tables
-- made before this helper keep what their own migrations wrote; tests/api/tableWalk.test.ts
-- checks every table named by a resource definition has all of it, whoever wrote it.
create function catalogue_entity(tbl regclass, search_words text default null) returns void
language plpgsql as $$
declare
  t text := (select relname from pg_class where oid = tbl);
begin
  if not exists (select 1 from pg_trigger where tgrelid = tbl and tgname = 'audit_insert') then
    execute format('create trigger audit_insert after insert on %s referencing new table as audit_new for each statement execute function audit_capture()', tbl);
  end if;
  if not exists (select 1 from pg_trigger where tgrelid = tbl and tgname = 'audit_update') then
    execute format('create trigger audit_update after update on %s referencing old table as audit_old new table as audit_new for each statement execute function audit_capture()', tbl);
  end if;
  if not exists (select 1 from pg_trigger where tgrelid = tbl and tgname = 'audit_delete') then
    execute format('create trigger audit_delete after delete on %s referencing old table as audit_old for each statement execute function audit_capture()', tbl);
  end if;
  if not exists (select 1 from pg_trigger where tgrelid = tbl and tgname = 'note_write') then
    execute format('create trigger note_write after insert or update or delete or truncate on %s for each statement execute function note_write()', tbl);
  end if;

  if search_words is null then
    return;
  end if;
  execute format('alter table %s add column if not exists search_text text not null default %L', tbl, '');
  -- STABLE, not IMMUTABLE: the words may look up names in other tables (003_search_text.sql).
  execute format(
    'create function %I(r %s) returns text language sql stable parallel safe as %L',
    t || '_search_text', tbl, format('select immutable_unaccent(lower(%s))', search_words));
  execute format(
    'create function %I() returns trigger language plpgsql as %L',
    t || '_search_text',
    format('begin NEW.search_text := %I(NEW); return NEW; end', t || '_search_text'));
  execute format(
    'create trigger %I before insert or update on %s for each row execute function %I()',
    t || '_search_text', tbl, t || '_search_text');
  execute format('create index if not exists %I on %s using gin (search_text gin_trgm_ops)', t || '_search_trgm', tbl);
  -- Rows written before the trigger: their text through it.
  execute format('update %s set search_text = search_text', tbl);
end $$;
