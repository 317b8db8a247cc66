// One CRUD repository factory: every catalogue table gets list/get/create/update/remove
// from a short description; per-entity code is only for what differs.
import type { Pagination } from '../../contract/envelope';
import type { Db, Queryable } from '../db/connection';

export interface CrudRepositoryOptions {
  table: string;
  /** Columns a create or update may write (everything else is ignored). */
  writable: string[];
  /** SQL expression searched by `query` (trigram-indexed in the migration). */
  searchExpr?: string;
  /** Default ORDER BY. */
  orderBy?: string;
}

export interface ListParams {
  query?: string;
  page: number;
  per_page: number;
}

export interface CrudRepository<T> {
  list(p: ListParams, db?: Queryable): Promise<{ data: T[]; pagination: Pagination }>;
  get(id: number, db?: Queryable): Promise<T | null>;
  create(data: Record<string, unknown>, db?: Queryable): Promise<T>;
  /** Returns null when missing; throws StaleVersionError when `version` is given and stale. */
  update(id: number, data: Record<string, unknown>, db?: Queryable): Promise<T | null>;
  remove(id: number, db?: Queryable): Promise<T | null>;
  count(db?: Queryable): Promise<number>;
}

export class StaleVersionError extends Error {
  constructor(public current: unknown) {
    super('This record was changed by someone else. Reload it and try again.');
  }
}

export function crudRepository<T>(db: Db, o: CrudRepositoryOptions): CrudRepository<T> {
  const orderBy = o.orderBy ?? 'id asc';
  const pick = (data: Record<string, unknown>) =>
    Object.entries(data).filter(([k, v]) => o.writable.includes(k) && v !== undefined);

  const get = async (id: number, q: Queryable = db) =>
    normalise<T>((await q.query(`select * from ${o.table} where id = $1`, [id])).rows[0]);

  return {
    async list({ query, page, per_page }, q = db) {
      const params: unknown[] = [];
      let where = '';
      const term = query?.trim();
      if (term && o.searchExpr) {
        params.push(`%${escapeLike(term.toLowerCase())}%`);
        where = `where ${o.searchExpr} like immutable_unaccent($${params.length})`;
      }
      const total = Number(
        (await q.query<{ n: number }>(`select count(*)::int as n from ${o.table} ${where}`, params)).rows[0].n,
      );
      params.push(per_page, (page - 1) * per_page);
      const rows = (
        await q.query(
          `select * from ${o.table} ${where} order by ${orderBy} limit $${params.length - 1} offset $${params.length}`,
          params,
        )
      ).rows;
      return { data: rows.map((r) => normalise<T>(r)!), pagination: paginate(total, page, per_page, rows.length) };
    },
    get,
    async create(data, q = db) {
      const cols = pick(data);
      const sql = `insert into ${o.table} (${cols.map(([k]) => k).join(', ')})
        values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning *`;
      return normalise<T>((await q.query(sql, cols.map(([, v]) => v))).rows[0])!;
    },
    async update(id, data, q = db) {
      const cols = pick(data);
      const params: unknown[] = cols.map(([, v]) => v);
      params.push(id);
      let guard = '';
      if (typeof data.version === 'number') {
        params.push(data.version);
        guard = ` and version = $${params.length}`;
      }
      const sets = [...cols.map(([k], i) => `${k} = $${i + 1}`), 'version = version + 1', 'updated_at = now()'];
      const sql = `update ${o.table} set ${sets.join(', ')} where id = $${cols.length + 1}${guard} returning *`;
      const row = (await q.query(sql, params)).rows[0];
      if (row) return normalise<T>(row);
      const current = await get(id, q);
      if (current && guard) throw new StaleVersionError(current);
      return null;
    },
    async remove(id, q = db) {
      return normalise<T>((await q.query(`delete from ${o.table} where id = $1 returning *`, [id])).rows[0]);
    },
    async count(q = db) {
      return Number((await q.query<{ n: number }>(`select count(*)::int as n from ${o.table}`)).rows[0].n);
    },
  };
}

export function paginate(total: number, page: number, perPage: number, got: number): Pagination {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = got ? (page - 1) * perPage + 1 : 0;
  return {
    page,
    per_page: perPage,
    current_page: page,
    total,
    first_page: 1,
    last_page: lastPage,
    from,
    to: got ? from + got - 1 : 0,
  };
}

/** Dates leave as ISO strings; secrets never leave. */
export function normalise<T>(row: Record<string, unknown> | undefined): T | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === 'password_hash') continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out as T;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
