-- Catalogue health queue "Likely duplicates" (contract/healthQueues.ts, server/services/health.ts):
-- offers of one merchant with near-identical titles, outlets with near-identical names in one
-- area, found by trigram similarity at least the settings' `health_duplicate_similarity`.
--
-- The threshold is a setting: 0.85 by default. At 0.6 the demo catalogue showed 82 pairs that
-- were not duplicates (same chain, different offers), so the default stays high.
alter table settings add column health_duplicate_similarity double precision not null default 0.85
  check (health_duplicate_similarity between 0.5 and 1.0);

-- The pairs are found through these (the `%` operator), one index probe per record, never a
-- cross join of the table with itself.
create index offers_title_trgm on offers using gin (lower(title) gin_trgm_ops);
create index outlets_name_trgm on outlets using gin (lower(merchant_name || coalesce(' ' || branch, '')) gin_trgm_ops);

-- Pairs an admin said are not duplicates: never shown again. A row per pair (lower id first),
-- made when first decided and then only set and cleared through the undoable bulk change
-- (server/services/undo.ts `updateKept`), so "Not a duplicate" has an undo like any fix. No
-- foreign keys: a verdict on a record deleted since is never read again.
create table health_duplicate_verdicts (
  id             serial primary key,
  entity         text not null check (entity in ('offer', 'outlet')),
  a_id           integer not null,
  b_id           integer not null,
  not_duplicate  boolean not null default false,
  version        integer not null default 1,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  constraint health_duplicate_verdicts_pair unique (entity, a_id, b_id),
  constraint health_duplicate_verdicts_order check (a_id < b_id)
);

-- Rows a write added (a merge's links moved onto the record kept): the undo deletes them.
alter table undo_rows drop constraint undo_rows_how_check;
alter table undo_rows add constraint undo_rows_how_check check (how in ('insert', 'update', 'remove'));

-- A verdict is an admin's decision: audited and write-marked as every table is (030_entity_helper.sql).
select catalogue_entity('health_duplicate_verdicts');
