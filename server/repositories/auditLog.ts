// Reading the audit log (server/db/migrations/019_audit_log.sql): a page of entries, newest
// first, filtered by record, actor, operation and time; one entry by id. Nothing here writes an
// entry (server/services/audit.ts does, for every write call) and nothing changes one.
import type { AuditEntry, AuditQuery } from '../../contract/audit';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, type Pagination } from '../../contract/envelope';
import type { Tx } from '../db/connection';
import { paginate } from './crud';

/** Columns every write moves by itself: no change is told by them alone. */
export const NOT_COMPARED = ['updated_at', 'version', 'search_text'];

export interface StoredChange {
  tbl: string;
  key: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface StoredEntry extends AuditEntry {
  tbl: string | null;
  changes: StoredChange[] | null;
}

interface Row extends Omit<StoredEntry, 'at' | 'id' | 'before' | 'after' | 'revertible'> {
  id: string | number;
  at: Date | string;
  /** What an entry of no record tells (an export's filters: server/services/audit.ts writeExport). */
  detail: Record<string, unknown> | null;
}

/** An entry as the API shows it: an update's changed fields only, a create's or delete's whole record. */
function shown(row: Row): StoredEntry {
  const main =
    row.changes?.find((c) => c.tbl === row.tbl && row.record_id !== null && c.key === String(row.record_id)) ?? null;
  let before = main?.before ?? null;
  let after = main?.after ?? null;
  if (before && after) {
    const keys = Object.keys({ ...before, ...after }).filter(
      (k) => !NOT_COMPARED.includes(k) && JSON.stringify(before![k]) !== JSON.stringify(after![k]),
    );
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
    revertible: !!row.changes?.length,
  };
}

const COLUMNS =
  'id, at, actor_id, actor_name, operation, kind, resource, tbl, record_id, label, count, tables, changes, detail';

export async function getEntry(tx: Tx, id: number): Promise<StoredEntry | null> {
  const row = (await tx.query<Row>(`select ${COLUMNS} from audit_log where id = $1`, [id])).rows[0];
  return row ? shown(row) : null;
}

/**
 * A page of the entries `viewer` may read: an entry of a row private to someone else (their
 * saved view not shared: migration 026_private_entries.sql) is not in it, nor in its count.
 */
export async function listEntries(
  tx: Tx,
  q: AuditQuery,
  viewer: number,
): Promise<{ data: AuditEntry[]; pagination: Pagination }> {
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
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const total = Number(
    (await tx.query<{ n: string | number }>(`select count(*) as n from audit_log ${filter}`, params)).rows[0].n,
  );
  const rows = (
    await tx.query<Row>(
      `select ${COLUMNS} from audit_log ${filter} order by id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, perPage, (page - 1) * perPage],
    )
  ).rows;
  return {
    data: rows.map((r) => {
      const { tbl: _t, changes: _c, ...entry } = shown(r);
      return entry;
    }),
    pagination: paginate(total, page, perPage, rows.length),
  };
}
