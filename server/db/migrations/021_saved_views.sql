-- Saved views (contract/savedView.ts): a list's URL (screen, path, search) and its table's
-- prefs under a name, owned by the staff member who saved it and, when shared, listed to the
-- whole team. Before this they lived in each browser's local storage ('views:<user id>'); the
-- browser uploads those once (src/store/savedViews.ts).
create table saved_views (
  id          serial primary key,
  -- An account deleted takes its views with it: nobody else may change them.
  owner_id    integer not null references users(id) on delete cascade,
  view        text not null check (length(view) between 1 and 60),
  path        text not null check (length(path) between 1 and 200),
  search      text not null default '' check (length(search) <= 2000),
  prefs       jsonb not null default '{"shown": {}, "density": "dense"}',
  name        text not null check (length(btrim(name)) between 1 and 80),
  shared      boolean not null default false,
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
-- One name per owner and screen, whatever its case: a save of that name replaces it.
create unique index saved_views_owner_view_name on saved_views (owner_id, view, lower(name));
-- The team's list: the shared ones, read by everyone.
create index saved_views_shared on saved_views (id) where shared;

-- Audited like every record table (019_audit_log.sql).
create trigger audit_insert after insert on saved_views referencing new table as audit_new for each statement execute function audit_capture();
create trigger audit_update after update on saved_views referencing old table as audit_old new table as audit_new for each statement execute function audit_capture();
create trigger audit_delete after delete on saved_views referencing old table as audit_old for each statement execute function audit_capture();
