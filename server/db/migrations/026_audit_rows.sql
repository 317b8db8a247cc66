-- Which rows each audit entry changed, and which of their fields: one row per entry and row,
-- written with the entry (server/services/audit.ts writeEntry). A revert is decided by the
-- history of each field (server/services/revertPlan.ts): the entries after one that changed
-- the same row are found through this table's index, not by reading every later entry's
-- `changes`, so the log's list can say of a whole page whether each entry can be reverted.
create table audit_rows (
  entry_id  bigint not null references audit_log(id) on delete cascade,
  tbl       text not null,
  -- The row as audit_log.changes names it: its id, or a link's whole row.
  key       text not null,
  how       text not null check (how in ('create', 'update', 'delete')),
  -- An update's changed fields, less those every write moves (server/repositories/auditLog.ts
  -- NOT_COMPARED); null for an update whose rows were too many to keep: any of its fields.
  fields    text[],
  primary key (entry_id, tbl, key)
);
create index audit_rows_row_idx on audit_rows (tbl, key, entry_id);

-- The entries written before this table: from the rows they kept, else from their ids.
insert into audit_rows (entry_id, tbl, key, how, fields)
select e.id, c ->> 'tbl', c ->> 'key',
  case when jsonb_typeof(c -> 'before') is distinct from 'object' then 'create'
       when jsonb_typeof(c -> 'after') is distinct from 'object' then 'delete'
       else 'update' end,
  case when jsonb_typeof(c -> 'before') = 'object' and jsonb_typeof(c -> 'after') = 'object' then
    array(select k from jsonb_object_keys((c -> 'before') || (c -> 'after')) k
          where k <> all (array['updated_at', 'version', 'search_text'])
            and (c -> 'before' -> k) is distinct from (c -> 'after' -> k)
          order by k)
  end
from audit_log e cross join lateral jsonb_array_elements(e.changes) c
where e.changes is not null
on conflict do nothing;

insert into audit_rows (entry_id, tbl, key, how, fields)
select e.id, t.key, i.value,
  case when (t.value ->> 'changed')::int = 0 and (t.value ->> 'removed')::int = 0 then 'create'
       when (t.value ->> 'changed')::int = 0 and (t.value ->> 'added')::int = 0 then 'delete'
       else 'update' end,
  null
from audit_log e
cross join lateral jsonb_each(e.tables) t
cross join lateral jsonb_array_elements_text(t.value -> 'ids') i
where e.changes is null
on conflict do nothing;
