-- Undo of deletes and bulk changes (server/services/undo.ts). A write that can be undone
-- keeps, in the same transaction, the rows as they were: an undo puts them back in one
-- transaction, or refuses with nothing changed. An entry lives UNDO_SECONDS
-- (contract/bulk.ts); then it is purged, and the uploads of the rows it kept are removed
-- (a delete keeps its rows' files until its undo is no longer possible).
create table undo_log (
  token       text primary key,
  user_id     integer references users(id) on delete cascade,
  resource    text not null,
  kind        text not null check (kind in ('delete', 'update')),
  count       integer not null,
  files       text[] not null default '{}',
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null
);
create index undo_log_expires_idx on undo_log (expires_at);

-- The kept rows, in the order an undo applies them: a deleted table's rows before the rows
-- that cascaded from them. `how`: 'insert' (deleted rows, put back whole) or 'update' (rows
-- a write changed: `cols` set back, only where the row is still as the write left it: its
-- `guard` column still null (a link the delete cleared), or with no guard its version the
-- write's).
create table undo_rows (
  token   text not null references undo_log(token) on delete cascade,
  seq     integer not null,
  tbl     text not null,
  how     text not null check (how in ('insert', 'update')),
  cols    text[],
  guard   text,
  rows    jsonb not null,
  primary key (token, seq)
);
