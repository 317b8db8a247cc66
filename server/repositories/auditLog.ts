// Reading the audit log (server/db/migrations/019_audit_log.sql): a page of entries, newest
// first, filtered by record, actor, operation and time; one entry by id. Nothing here writes an
// entry (server/services/audit.ts does, for every write call) and nothing changes one. Whether
// an entry can be reverted is the revert's own answer (server/services/auditRevert.ts).
import { UNLOGGED_OPERATIONS, type AuditEntry, type AuditQuery } from '@contract/audit';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, type Pagination } from '@contract/envelope';
import type { Tx } from '../db/connection';
import { paginate } from './crud';

/** Columns every write moves by itself: no change is told by them alone. */
export const NOT_COMPARED = ['updated_at', 'version', 'search_text'];

type Row = Record<string, unknown>;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose values differ between two images of a row, less those every write moves. */
export const changedFields = (before: Row, after: Row) =>
  Object.keys({ ...before, ...after }).filter((k) => !NOT_COMPARED.includes(k) && !same(before[k], after[k]));

export interface StoredChange {
  tbl: string;
  key: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** An entry with the rows it kept (what a revert sets back), less its answer to "can it be reverted?". */
export interface StoredEntry extends Omit<AuditEntry, 'revertible' | 'names'> {
  tbl: string | null;
  changes: StoredChange[] | null;
}

interface EntryRow extends Omit<StoredEntry, 'at' | 'id' | 'before' | 'after'> {
  id: string | number;
  at: Date | string;
  /** What an entry of no record tells (an export's filters: server/services/audit.ts writeExport). */
  detail: Record<string, unknown> | null;
}

/** An entry as the API shows it: an update's changed fields only, a create's or delete's whole record. */
function shown(row: EntryRow): StoredEntry {
  const main =
    row.changes?.find((c) => c.tbl === row.tbl && row.record_id !== null && c.key === String(row.record_id)) ?? null;
  let before = main?.before ?? null;
  let after = main?.after ?? null;
  if (before && after) {
    const keys = changedFields(before, after);
    before = Object.fromEntries(keys.map((k) => [k, before![k] ?? null]));
    after = Object.fromEntries(keys.map((k) => [k, after![k] ?? null]));
  }
  const { detail, ...rest } = row;
  return {
    ...rest,
    id: Number(row.id),
    at: row.at instanceof Date ? row.at.toISOString() : new Date(row.at).toISOString(),
    before,
    after: after ?? detail,
  };
}

/** The entry as the API answers it, with whether the caller's revert of it would be accepted now. */
export function publicEntry(
  entry: StoredEntry,
  revertible: boolean,
  named: Pick<AuditEntry, 'before' | 'after' | 'names'> = { before: entry.before, after: entry.after, names: {} },
): AuditEntry {
  const { tbl: _t, changes: _c, ...shownEntry } = entry;
  return { ...shownEntry, ...named, revertible };
}

const COLUMNS =
  'id, at, actor_id, actor_name, operation, kind, resource, tbl, record_id, label, count, tables, changes, detail';

/**
 * One entry; `lock` holds it to the transaction's end: two reverts of it run one after the
 * other, and a prune deleting it meanwhile waits, so the storage clean-up after the prune sees
 * the record pointing at the entry's files again and keeps them (server/services/storageCleanup.ts).
 */
export async function getEntry(tx: Tx, id: number, lock = false): Promise<StoredEntry | null> {
  const row = (
    await tx.query<EntryRow>(`select ${COLUMNS} from audit_log where id = $1${lock ? ' for update' : ''}`, [id])
  ).rows[0];
  return row ? shown(row) : null;
}

/**
 * A page of the entries `viewer` may read: an entry of a row private to someone else (their
 * saved view not shared: migration 027_private_entries.sql) is not in it, nor in its count.
 */
export async function listEntries(
  tx: Tx,
  q: AuditQuery,
  viewer: number,
): Promise<{ data: StoredEntry[]; pagination: Pagination }> {
  const page = q.page ?? DEFAULT_PAGE;
  const perPage = q.per_page ?? DEFAULT_PER_PAGE;
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.resource !== undefined) add('resource = ?', q.resource);
  if (q.record_id !== undefined) add('record_id = ?', q.record_id);
  if (q.actor !== undefined) add('actor_id = ?', q.actor);
  if (q.operation !== undefined) add('operation = ?', q.operation);
  if (q.from !== undefined) add('at >= ?::timestamptz', q.from);
  if (q.to !== undefined) add('at < ?::timestamptz', q.to);
  add('(private_to is null or private_to = ?)', viewer);
  // Claims logged before they were left out (contract/audit.ts UNLOGGED_OPERATIONS): no changes.
  add('operation <> all(?::text[])', UNLOGGED_OPERATIONS);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const total = Number(
    (await tx.query<{ n: string | number }>(`select count(*) as n from audit_log ${filter}`, params)).rows[0].n,
  );
  const rows = (
    await tx.query<EntryRow>(
      `select ${COLUMNS} from audit_log ${filter} order by id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, perPage, (page - 1) * perPage],
    )
  ).rows;
  return { data: rows.map(shown), pagination: paginate(total, page, perPage, rows.length) };
}
