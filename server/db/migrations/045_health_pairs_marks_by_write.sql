-- The marks writes made, in an index of their own. Every read of a pair queue hashes them
-- (server/services/health.ts `AS_FOUND`: a pair whose records no write touched since the loop
-- found it is trusted as found), and found them by scanning the primary key over every mark of
-- the kind. A round marks every record (by_write false) and then deletes each mark as it
-- recomputes it; PGlite has no autovacuum, so after the first round at 100,000 offers the key
-- still held 100,000 dead entries: 533 pages read twice per page and per count, 4 of a count's
-- 8 ms (bench/health.ts on PGlite). This index holds only the marks writes made: few, and
-- gone when the loop takes them.
create index health_pairs_dirty_by_write on health_pairs_dirty (kind, id) where by_write;
