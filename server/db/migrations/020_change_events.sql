-- What changed, for the live stream GET /admin/v1/events (server/services/events.ts): one row
-- per committed write call, written in that call's transaction (server/http/handle.ts), so a
-- row exists exactly when its change does. The id is what a stream sends as `id:` and a
-- reconnect names in Last-Event-ID: the rows after it are what it missed. (`events`, migration
-- 012, is the consumer app's engagement.)
create table change_events (
  id         bigserial primary key,
  at         timestamptz not null default now(),
  operation  text not null,
  resource   text,
  touches    text[] not null default '{}',
  ids        bigint[] not null default '{}',
  version    integer,
  actor_id   integer,
  actor_name text
);
create index change_events_at on change_events (at);

-- Old rows are pruned; a stream resuming from an id at or below `upto` missed rows that are
-- gone, and is told to reload instead.
create table change_events_pruned (
  one  boolean primary key default true check (one),
  upto bigint not null default 0
);
insert into change_events_pruned default values;
