-- An undo of a record's link sets (server/services/undo.ts `linksKept`): a health fix links an
-- unreachable offer to a card or outlet through the offer's own update (version checked), and
-- its undo sets the offer's links back as they were, only while the offer's version is still
-- the one the link left. `how` 'links': `rows` holds, per record, its version after the write
-- and each link table's ids before it.
-- 'remove' is 031_health_duplicates.sql's (a merge's added link rows), kept.
alter table undo_rows drop constraint undo_rows_how_check;
alter table undo_rows add constraint undo_rows_how_check check (how in ('insert', 'update', 'remove', 'links'));
