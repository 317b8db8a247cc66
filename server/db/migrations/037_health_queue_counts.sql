-- Each health queue's count, one row per queue and day (Dubai's day), kept by the background loop
-- with the day's health scores (server/services/healthQueueCounts.ts): the dashboard shows each
-- queue's trend beside its count ("+3 since yesterday"). Rewritten by each round of the day;
-- rows older than 90 days go. Not audited (migration 019's list): the checker's own figures.
create table health_queue_counts (
  queue  text not null,
  day    date not null,
  count  integer not null check (count >= 0),
  at     timestamptz not null default now(),
  primary key (queue, day)
);
