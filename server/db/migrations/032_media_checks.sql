-- Catalogue health, queue 5 and what surrounds the queues (contract/healthQueues.ts):
--
-- media_checks: what the background checker (server/services/mediaChecks.ts) last found of each
-- image and link a record holds: one row per record and field, the value it checked (`target`:
-- a row whose record now holds another value is stale, and the queue leaves it out), when, and
-- what it found (`state`: ok, broken, or skipped when robots.txt asks not to be fetched; the
-- HTTP status when there was one; the reason in words).
create table media_checks (
  id          serial primary key,
  resource    text not null,
  record_id   integer not null,
  field       text not null,
  kind        text not null check (kind in ('file', 'link')),
  target      text not null,
  state       text not null check (state in ('ok', 'broken', 'skipped')),
  status      integer,
  reason      text not null default '',
  checked_at  timestamptz not null default now(),
  unique (resource, record_id, field)
);
-- The queue reads the broken ones by id; the checker finds what is due by its age.
create index media_checks_broken on media_checks (id) where state = 'broken';
create index media_checks_checked on media_checks (checked_at);

-- The queues' settings (contract/settings.ts): how many days ahead "ending soon" looks (queue 1),
-- and what a complete offer and outlet hold (queue 6).
alter table settings
  add column health_ending_days integer not null default 7 check (health_ending_days between 1 and 365),
  add column health_offer_image boolean not null default true,
  add column health_offer_terms boolean not null default true,
  add column health_outlet_area boolean not null default true,
  add column health_outlet_location boolean not null default true;

-- Each entity's health score, one row per day (Dubai's day), written by the background loop
-- (server/services/healthScores.ts): how many rows it had and how many of them some queue holds.
create table health_scores (
  entity     text not null,
  day        date not null,
  total      integer not null check (total >= 0),
  in_queues  integer not null check (in_queues >= 0),
  at         timestamptz not null default now(),
  primary key (entity, day)
);
