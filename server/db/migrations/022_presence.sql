-- Presence (contract/presence.ts, server/services/presence.ts): who has which record open, as
-- each open view or form last announced it. A row lapses at `expires_at` unless renewed; every
-- read leaves lapsed rows out, so a process that dies mid-edit is forgotten in time. Kept in the
-- database, not in a process's memory, so servers sharing one PostgreSQL database see each
-- other's. Not audited (migration 019 lists the audited tables): an announcement is no change
-- to a record, so it leaves no audit entry and no change event.
create table presence (
  user_id    integer not null references users (id) on delete cascade,
  resource   text not null,
  record_id  integer not null,
  mode       text not null check (mode in ('viewing', 'editing')),
  expires_at timestamptz not null,
  primary key (user_id, resource, record_id)
);
create index presence_record on presence (resource, record_id);
