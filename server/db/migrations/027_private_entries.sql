-- What is private stays private where a write is written down (server/services/privateRows.ts).
--
-- `private_to`: the one account an audit entry or a change event is for, when its record is a
-- saved view its owner has not shared (contract/savedView.ts). Everyone else's audit log lists
-- no such entry (its name and search were in it) and everyone else's live stream gets no such
-- event. Null: for every staff member, as before.
--
-- `detail`: what an entry that changed no record tells instead, an export's search, filters and
-- sort (contract/export.ts), for the new kind `export`.
alter table audit_log add column private_to integer;
alter table audit_log add column detail jsonb;
alter table audit_log drop constraint audit_log_kind_check;
alter table audit_log add constraint audit_log_kind_check
  check (kind in ('create', 'update', 'delete', 'none', 'mass', 'export'));
alter table change_events add column private_to integer;

-- Entries written before: a saved view's entry is its owner's when the view was private before
-- or after the call (the rule of server/services/privateRows.ts); one that kept no rows, its
-- actor's (only the owner writes a view).
update audit_log a set private_to = coalesce(
    (select coalesce((c -> 'after' ->> 'owner_id')::int, (c -> 'before' ->> 'owner_id')::int)
       from jsonb_array_elements(a.changes) c
      where c ->> 'tbl' = 'saved_views' and c ->> 'key' = a.record_id::text
      limit 1),
    a.actor_id)
 where a.tbl = 'saved_views'
   and (a.changes is null
        or exists (select 1 from jsonb_array_elements(a.changes) c
                    where c ->> 'tbl' = 'saved_views' and c ->> 'key' = a.record_id::text
                      and ((jsonb_typeof(c -> 'before') = 'object' and (c -> 'before' ->> 'shared')::boolean is not true)
                        or (jsonb_typeof(c -> 'after') = 'object' and (c -> 'after' ->> 'shared')::boolean is not true))));

-- Events of the last day: a view private now is its owner's; a deleted one's events name no
-- more than its id, and are pruned within a day.
update change_events e set private_to = v.owner_id
  from saved_views v
 where e.resource = 'savedView' and v.id = e.ids[1] and not v.shared;
