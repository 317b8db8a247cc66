-- The audit log (server/services/audit.ts): every write call leaves one entry, written by
-- registerOperation (server/http/handle.ts) in the call's own transaction, so no write commits
-- without it and a refused call leaves none.
--
-- What a call changed is captured by the database, not by the handlers: statement-level
-- triggers with transition tables copy the rows a statement wrote into `audit_staging`, one
-- insert per statement (not per row: a CSV import of thousands of rows costs a few statements
-- more). They do so only while the transaction has `app.audit` set (`set local`, per call): the
-- background jobs (search backlog, notification job, purges) and migrations write unseen.
-- Before the call commits, its staged rows are folded into its entry and deleted, so the
-- staging table never holds a committed row.

create table audit_log (
  id          bigserial primary key,
  at          timestamptz not null default now(),
  actor_id    integer,
  -- Who, as they were named then: an account deleted since still reads by its name.
  actor_name  text,
  operation   text not null,
  -- The record (its resource's name, its table, id and label) when the call changed one;
  -- null for a mass write, which names its ids per table in `tables`.
  resource    text,
  tbl         text,
  record_id   integer,
  label       text,
  kind        text not null check (kind in ('create', 'update', 'delete', 'none', 'mass')),
  count       integer not null default 0,
  -- { table: { added, changed, removed, ids } } over every table the call changed.
  tables      jsonb not null default '{}',
  -- The rows the call changed, each { tbl, key, before, after } (whole rows as audit_image
  -- keeps them), in the order written; what a revert sets back. Null when the
  -- call changed too many rows to keep them here.
  changes     jsonb,
  request_id  text
);
create index audit_log_at_idx on audit_log (at desc, id desc);
create index audit_log_record_idx on audit_log (resource, record_id, id desc);
create index audit_log_actor_idx on audit_log (actor_id, id desc);
create index audit_log_operation_idx on audit_log (operation, id desc);

create table audit_staging (
  seq      bigserial primary key,
  call     text not null,
  tbl      text not null,
  is_old   boolean not null,
  row      jsonb not null
);
create index audit_staging_call_idx on audit_staging (call, seq);

-- A row as the log keeps it: no search text (derived), and a password hash only as a short
-- fingerprint, which tells that it changed and nothing of it.
create or replace function audit_image(r jsonb) returns jsonb language sql immutable as $$
  select case when r ? 'password_hash'
    then jsonb_set(r - 'search_text', '{password_hash}', to_jsonb(left(md5(coalesce(r ->> 'password_hash', '')), 8)))
    else r - 'search_text' end
$$;

-- A statement writing more rows than an entry keeps whole (server/services/audit.ts
-- MAX_KEPT_ROWS) stages each row's key alone, marked '~' (an import of thousands costs little);
-- of an update so big, only the rows that changed apart from their search text.
create or replace function audit_capture() returns trigger language plpgsql as $$
declare
  call text := coalesce(current_setting('app.audit', true), '');
  big boolean;
begin
  if call = '' then
    return null;
  end if;
  -- Only the transition tables of the firing event exist; each branch names only those.
  if TG_OP = 'INSERT' then
    big := (select count(*) from audit_new) > 200;
    insert into audit_staging (call, tbl, is_old, row)
      select call, TG_TABLE_NAME, false, audit_staged(to_jsonb(n), big) from audit_new n;
  elsif TG_OP = 'DELETE' then
    big := (select count(*) from audit_old) > 200;
    insert into audit_staging (call, tbl, is_old, row)
      select call, TG_TABLE_NAME, true, audit_staged(to_jsonb(o), big) from audit_old o;
  else
    big := (select count(*) from audit_new) > 200;
    if big then
      insert into audit_staging (call, tbl, is_old, row)
        select call, TG_TABLE_NAME, x.is_old, audit_staged(x.r, true)
        from (select to_jsonb(o) as o, to_jsonb(n) as n from audit_old o join audit_new n on to_jsonb(o) -> 'id' = to_jsonb(n) -> 'id') p
        cross join lateral (values (true, p.o), (false, p.n)) x(is_old, r)
        where (p.o - 'search_text') is distinct from (p.n - 'search_text');
    else
      insert into audit_staging (call, tbl, is_old, row)
        select call, TG_TABLE_NAME, true, audit_image(to_jsonb(o)) from audit_old o;
      insert into audit_staging (call, tbl, is_old, row)
        select call, TG_TABLE_NAME, false, audit_image(to_jsonb(n)) from audit_new n;
    end if;
  end if;
  return null;
end $$;

create or replace function audit_staged(r jsonb, big boolean) returns jsonb language sql immutable as $$
  select case when big and r ? 'id' then jsonb_build_object('id', r -> 'id', '~', true) else audit_image(r) end
$$;

-- Every table whose rows are the product's records. Not: sign-in bookkeeping (sessions,
-- one-time codes, sign-in limits: secrets and counters), the undo's and the batches' own
-- rows, the app's engagement events, and the log itself. A new table is audited by adding it
-- here in its own migration.
do $$
declare
  t text;
begin
  foreach t in array array[
    'users', 'banks', 'dubai_cities', 'categories', 'networks', 'cards', 'outlets', 'outlet_radius', 'offers',
    'offer_cards', 'offer_outlets', 'write_batches', 'crawl_sources', 'crawl_cards', 'crawl_outlets', 'crawl_offers',
    'crawl_decisions', 'crawl_transfers', 'homepage_lists', 'hero_banners', 'dont_miss_out', 'welcome_boxes',
    'selected_offers', 'cms_pages', 'cms_page_versions', 'contact_messages', 'contact_replies', 'feedback',
    'user_cards', 'notifications', 'notification_pieces', 'settings'
  ] loop
    execute format('create trigger audit_insert after insert on %I referencing new table as audit_new for each statement execute function audit_capture()', t);
    execute format('create trigger audit_update after update on %I referencing old table as audit_old new table as audit_new for each statement execute function audit_capture()', t);
    execute format('create trigger audit_delete after delete on %I referencing old table as audit_old for each statement execute function audit_capture()', t);
  end loop;
end $$;

-- How long entries are kept (the settings' `audit_retention_days`): older ones are pruned by
-- the background loop (server/services/audit.ts pruneAudit).
alter table settings add column audit_retention_days integer not null default 400
  check (audit_retention_days between 30 and 3650);
