// One CRUD repository factory: every table gets list/get/create/update/remove from a short
// description; per-entity code is only for what differs (filters, joins, links, search text).
import type { Pagination } from '../../contract/envelope';
import type { Db, Queryable } from '../db/connection';

export interface CrudRepositoryOptions {
  /** Table written to. */
  table: string;
  /** Relation read from (a view with joined names); defaults to the table. */
  source?: string;
  /** Columns a create or update may write (everything else is ignored). */
  writable: string[];
  /** SQL expression searched by `query`, already lower-cased and unaccented (trigram-indexed). */
  searchExpr?: string;
  /** Sortable keys → SQL expressions; the first is the default (ascending). */
  sortable?: Record<string, string>;
  /** Filter values → WHERE clauses. `p(value)` adds a parameter and returns its placeholder. */
  filters?: (f: Record<string, unknown>, p: (v: unknown) => string) => string[];
  /** Runs in the same transaction before a create (id null) or update; may adjust `data`. */
  beforeWrite?: (id: number | null, data: Record<string, unknown>, q: Queryable) => Promise<void>;
  /** Runs in the same transaction after a create or update (links, search text). */
  afterWrite?: (id: number, data: Record<string, unknown>, q: Queryable) => Promise<void>;
}

export interface ListParams {
  query?: string;
  page: number;
  per_page: number;
  sort?: string;
  [filter: string]: unknown;
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
  const source = o.source ?? o.table;
  const sortable = o.sortable ?? { id: 'id' };
  const pick = (data: Record<string, unknown>) =>
    Object.entries(data).filter(([k, v]) => o.writable.includes(k) && v !== undefined);

  const get = async (id: number, q: Queryable = db) =>
    normalise<T>((await q.query(`select * from ${source} where id = $1`, [id])).rows[0]);

  /** Wraps writes that touch several tables in one transaction, unless already inside one. */
  const atomic = <R>(q: Queryable | undefined, fn: (q: Queryable) => Promise<R>) =>
    q ? fn(q) : o.afterWrite || o.beforeWrite ? db.transaction(fn) : fn(db);

  return {
    async list(params, q = db) {
      const { query, page, per_page, sort } = params;
      const values: unknown[] = [];
      const p = (v: unknown) => {
        values.push(v);
        return `$${values.length}`;
      };
      const where: string[] = [];
      if (o.searchExpr) for (const term of searchTerms(query)) where.push(`${o.searchExpr} like immutable_unaccent(${p(`%${escapeLike(term)}%`)})`);
      if (o.filters) where.push(...o.filters(params, p));
      const whereSql = where.length ? `where ${where.join(' and ')}` : '';
      const total = Number((await q.query<{ n: number }>(`select count(*)::int as n from ${source} ${whereSql}`, values)).rows[0].n);
      const order = orderBy(sortable, sort);
      const rows = (await q.query(`select * from ${source} ${whereSql} order by ${order} limit ${p(per_page)} offset ${p((page - 1) * per_page)}`, values)).rows;
      return { data: rows.map((r) => normalise<T>(r)!), pagination: paginate(total, page, per_page, rows.length) };
    },
    get,
    create: (data, q) =>
      atomic(q, async (q) => {
        await o.beforeWrite?.(null, data, q);
        const cols = pick(data);
        const sql = `insert into ${o.table} (${cols.map(([k]) => k).join(', ')})
          values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;
        const id = (await q.query<{ id: number }>(sql, cols.map(([, v]) => v))).rows[0].id;
        await o.afterWrite?.(id, data, q);
        return (await get(id, q))!;
      }),
    update: (id, data, q) =>
      atomic(q, async (q) => {
        await o.beforeWrite?.(id, data, q);
        const cols = pick(data);
        const params: unknown[] = cols.map(([, v]) => v);
        params.push(id);
        let guard = '';
        if (typeof data.version === 'number') {
          params.push(data.version);
          guard = ` and version = $${params.length}`;
        }
        const sets = [...cols.map(([k], i) => `${k} = $${i + 1}`), 'version = version + 1', 'updated_at = now()'];
        const sql = `update ${o.table} set ${sets.join(', ')} where id = $${cols.length + 1}${guard} returning id`;
        const row = (await q.query(sql, params)).rows[0];
        if (!row) {
          const current = await get(id, q);
          if (current && guard) throw new StaleVersionError(current);
          return null;
        }
        await o.afterWrite?.(id, data, q);
        return get(id, q);
      }),
    async remove(id, q = db) {
      const before = await get(id, q);
      if (!before) return null;
      const gone = (await q.query(`delete from ${o.table} where id = $1 returning id`, [id])).rows[0];
      return gone ? before : null;
    },
    async count(q = db) {
      return Number((await q.query<{ n: number }>(`select count(*)::int as n from ${o.table}`)).rows[0].n);
    },
  };
}

/** "Card  VISA plat" → ['card', 'visa', 'plat']: every word must match somewhere. */
export function searchTerms(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

function orderBy(sortable: Record<string, string>, sort: string | undefined): string {
  const keys = Object.keys(sortable);
  const key = sort?.replace(/^-/, '');
  const col = key && sortable[key] ? sortable[key] : sortable[keys[0]];
  const dir = sort?.startsWith('-') && key && sortable[key] ? 'desc' : 'asc';
  return `${col} ${dir}, id ${dir}`;
}

export function paginate(total: number, page: number, perPage: number, got: number): Pagination {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = got ? (page - 1) * perPage + 1 : 0;
  return { page, per_page: perPage, current_page: page, total, first_page: 1, last_page: lastPage, from, to: got ? from + got - 1 : 0 };
}

/** Dates leave as ISO strings; secrets and internal columns never leave. */
export function normalise<T>(row: Record<string, unknown> | undefined): T | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === 'password_hash' || k === 'search_text') continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out as T;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
