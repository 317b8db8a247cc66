// One CRUD repository factory. A resource's contract (contract/resource.ts) says enough to
// derive the whole repository: the table it writes and the view it reads (`storage`), the
// columns a write may set (its create and update fields and files), the sort keys and their
// SQL (text sorts case-insensitively), and the filters (`bank=3` → `bank_id = 3` when the
// entity has bank_id). Per-entity code is only for the exceptions (CrudOptions).
// Every function takes the call's Tx first: a repository never reaches the pool itself.
import type { TSchema } from '@sinclair/typebox';
import type { Pagination, TotalIs } from '@contract/envelope';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from '@contract/envelope';
import type { ResourceContract } from '@contract/resource';
import type { Tx } from '../db/connection';
import { StaleVersionError } from '../errors';
import { searchMatch } from './searchMatch';

/** Adds a query parameter and returns its placeholder ('$3'). */
export type Param = (value: unknown) => string;

export interface CrudOptions {
  /** WHERE clauses for filters that are not a plain column match (null: no clause). */
  filters?: Record<string, (value: unknown, p: Param) => string | null>;
  /** Body fields that are no column: the hooks handle them (an offer's card_ids, a user's password). */
  virtual?: readonly string[];
  /** Columns the hooks may set besides the contract's fields (password_hash). */
  columns?: readonly string[];
  /** In the same transaction, before a create (id null) or update; may adjust `data`. */
  beforeWrite?: (tx: Tx, id: number | null, data: Record<string, unknown>) => Promise<void>;
  /** In the same transaction, after a create or update (links, sessions to end). */
  afterWrite?: (tx: Tx, id: number, data: Record<string, unknown>) => Promise<void>;
  /** A narrower table a list reads its page through, when its filters allow (see Narrow); null: none. */
  narrow?: (params: ListParams, p: Param) => Narrow | null;
  /** Never find a few counted rows first (the plan before it, for tests/helpers/offerListBefore.ts to compare with). */
  walkSortIndex?: boolean;
  /** A searched list's rows read in its sort's order before finding its matches instead; WALK_ROWS unset (tests make it small). */
  walkRows?: number;
  /**
   * A view of the source's rows with the table's columns alone, none of the source's joins: the
   * page's ids are read there, named as the source (so every clause written for the source
   * reads it), then the page's rows from the source. PostgreSQL plans no index-only scan
   * through a view with joins, even joins it removes (migration 040_offers_listed.sql).
   */
  rows?: string;
}

/**
 * A table joined to the list's source that answers some of its filters and holds copies of
 * its sort keys, with indexes that end in each key and the row's id: the page is read in
 * the sort's order from those indexes, the filters checked in them (an offer's bank rows,
 * migration 023_offer_bank_links.sql). The answer is the same as without it.
 */
export interface Narrow {
  /** `join … k on k.offer_id = <source>.id and …`. */
  join: string;
  /**
   * The table read without the source, when it answers every filter given and there is no
   * search: its `from` and the clause that keeps to the rows the join would keep (the source
   * view's own condition included). The count and the page's ids then never read the source.
   */
  alone?: { from: string; where: string };
  /** The filters it answers, by name: its clause (null: the join alone says it) replaces the source's. */
  where: Record<string, string | null>;
  /** Sort key → the copy to order by; `id` → the joined row's id. A sort missing here does not narrow. */
  sorts: Record<string, string>;
}

export interface ListParams {
  query?: string;
  page?: number;
  per_page?: number;
  sort?: string;
  /** contract/envelope.ts ListCount: 'true' (default), 'false', 'only'. */
  count?: string;
  [filter: string]: unknown;
}

export interface CrudRepository<T> {
  list(tx: Tx, p: ListParams): Promise<{ data: T[]; pagination: Pagination }>;
  get(tx: Tx, id: number): Promise<T | null>;
  create(tx: Tx, data: Record<string, unknown>): Promise<T>;
  /** Returns null when missing; throws StaleVersionError when `version` is given and stale. */
  update(tx: Tx, id: number, data: Record<string, unknown>): Promise<T | null>;
  remove(tx: Tx, id: number): Promise<T | null>;
  count(tx: Tx): Promise<number>;
  /** The ids the list's search and filters match, in id order, at most `limit` (a bulk call's `where`). */
  matchingIds(tx: Tx, p: ListParams, limit: number): Promise<number[]>;
}

export function crudRepository<T>(resource: ResourceContract, o: CrudOptions = {}): CrudRepository<T> {
  const { table } = resource.storage;
  const source = resource.storage.view ?? table;
  const writable = writableColumns(resource, o);
  const sorts = sortExpressions(resource);
  // An ordered list (contract/resource.ts `ordered`) has one order: its positions.
  const defaultSort = resource.ordered ? 'position' : (resource.defaultSort ?? resource.sortable?.[0] ?? 'id');
  const filterSql = filterClauses(resource, o);
  const walkRows = o.walkRows ?? WALK_ROWS;
  const rowsFrom = o.rows ? `${o.rows} ${source}` : source;
  const pick = (data: Record<string, unknown>) =>
    Object.entries(data).filter(([k, v]) => writable.has(k) && v !== undefined);

  /**
   * The WHERE of a list's search and filters, and its parameters (more may be added through
   * `p`); with `sortKey`, through the narrower table (CrudOptions.narrow) when it serves it.
   */
  function matching(params: ListParams, sortKey?: string, once = false) {
    const values: unknown[] = [];
    const p: Param = (v) => {
      values.push(v);
      return `$${values.length}`;
    };
    const search = searchMatch(
      table,
      searchTerms(params.query).map((term) => p(`%${escapeLike(term)}%`)),
      { once },
    );
    const where: string[] = search ? [search] : [];
    const mark = values.length;
    let narrow = sortKey === undefined ? null : (o.narrow?.(params, p) ?? null);
    if (narrow && !(sortKey! in narrow.sorts && 'id' in narrow.sorts)) {
      narrow = null;
      values.length = mark;
    }
    const answered = narrow ? new Set(Object.keys(narrow.where)) : undefined;
    const rest = filterSql(params, p, answered);
    // Nothing left for the source to say: the narrower table alone (Narrow.alone).
    const alone = narrow?.alone && !search && rest.length === 0 ? narrow.alone : null;
    where.push(...rest);
    if (alone) where.push(alone.where);
    if (narrow) where.push(...Object.values(narrow.where).filter((w): w is string => !!w));
    return {
      values,
      p,
      whereSql: where.length ? `where ${where.join(' and ')}` : '',
      filtered: where.length > 0 || !!narrow,
      from: alone ? alone.from : narrow ? `${rowsFrom} ${narrow.join}` : rowsFrom,
      narrow,
      alone: !!alone,
      searched: !!search,
    };
  }

  const get = async (tx: Tx, id: number) =>
    normalise<T>((await tx.query(`select * from ${source} where id = $1`, [id])).rows[0]);

  return {
    async list(tx, params) {
      const page = params.page ?? DEFAULT_PAGE;
      const perPage = params.per_page ?? DEFAULT_PER_PAGE;
      const sort = resource.ordered ? defaultSort : (params.sort ?? defaultSort);
      const { key, expr, dir, nullable } = sortOf(sorts, resource, sort);
      const { values, p, whereSql, filtered, from, narrow, alone, searched } = matching(params, key);
      // Through the narrower table: ordered by its copies, which equal the source's values.
      const [orderExpr, orderId] = narrow ? [narrow.sorts[key], narrow.sorts.id] : [expr, 'id'];
      // The next page after a row already shown (infinite scroll): seek past that row through
      // the sort's index instead of counting off every row before it. A key that may be null
      // has no order to seek by, and a row deleted meanwhile has no place: those take OFFSET.
      const countIs = params.count ?? 'true';
      const seek =
        countIs !== 'only' &&
        params.after !== undefined &&
        !nullable &&
        (await tx.query(`select 1 from ${source} where id = $1`, [params.after])).rows.length > 0;
      // A page after the first is not counted again: the first page's count stands (the
      // browser keeps it); this one says only what it knows, that there are at least this many.
      // Counted in the narrower table's order too, when joined: the planner would rather merge
      // its rows with every offer in id order (16,000 read for a bank's 1,001 at a million
      // offers). Alone, it picks the index that matches the filters best.
      const counted =
        seek || countIs === 'false'
          ? null
          : await countCapped(
              tx,
              from,
              table,
              whereSql,
              values,
              filtered,
              narrow && !alone ? `order by ${orderExpr} ${dir}, ${orderId} ${dir}` : '',
            );
      // The count alone (the screens ask it after the page): no row read.
      if (countIs === 'only' && counted) {
        const full = Math.min(perPage, counted.total);
        return {
          data: [],
          pagination: paginate(counted.total, 1, perPage, full, counted.total_is, counted.total > perPage),
        };
      }
      const cond = seek
        ? `(${orderExpr}, ${orderId}) ${dir === 'desc' ? '<' : '>'} (select ${expr}, id from ${source} where id = ${p(params.after)})`
        : null;
      const where = cond ? (whereSql ? `${whereSql} and ${cond}` : `where ${cond}`) : whereSql;
      // The page's ids first, through the indexes, then the view's columns (names, arrays of
      // links) for those 50 rows only: the rows skipped never compute them.
      // Few matches, as just counted: found first (`offset 0` keeps the planner from walking
      // the sort's index for them), then sorted. Walking the index, the planner expects its
      // filters' rows to be spread evenly and stops at the page's end, but two search words
      // rarer together than apart ("free weekend": no match) make it read every row (2.5 s
      // at a million offers, against a few ms through the trigram index).
      const few =
        !narrow && !o.walkSortIndex && filtered && counted?.total_is === 'exact' && counted.total <= FILTERED_COUNT_CAP;
      const offset = seek ? 0 : (page - 1) * perPage;
      // Not searched, from the start (page 1, or after a row): the plan depends on no value (a
      // filter's index, the sort's order), so the statement is prepared and, after a few runs,
      // planned once (Tx.query's `prepare`, issue 37), its limit written in: a limit given as a
      // parameter is planned as a tenth of the rows, and the plan kept is then a worse one.
      // Searches keep a plan per call (issue 23: generic plans hurt them).
      const prepare = !searched && !few && offset === 0 && Number.isInteger(perPage);
      // One row past the page: whether another follows (`has_more`) without counting.
      const limit = prepare ? `limit ${perPage + 1}` : `limit ${p(perPage + 1)} offset ${p(offset)}`;
      const pageOf = async (ids: string, given = values, prepared = prepare) =>
        (
          await tx.query(
            `with page as materialized (select id, row_number() over () as n from (${ids}) ids)
             select v.* from ${source} v join page using (id) order by page.n`,
            given,
            { prepare: prepared },
          )
        ).rows;
      const foundThenSorted = () =>
        pageOf(
          `select m.id from (select ${source}.id, ${expr} as sort_key from ${from} ${where} offset 0) m order by sort_key ${dir}, id ${dir} ${limit}`,
        );
      // Searched, more matches than counted: the sort's first WALK_ROWS rows are read and
      // matched, which finds the page when the matches are spread through the sort's order;
      // when they are not (a sort by title, the titles of "dining" offers far from its start)
      // walking the index to the page's end read 16,000–150,000 rows (1.2–1.9 s at a million
      // offers), and finding every match then sorting them costs less (75–650 ms).
      const probe = !few && !narrow && !seek && !o.walkSortIndex && searched && offset + perPage <= walkRows;
      const walk = (hit: string, pageLimit: string) =>
        `select id from (select ${source}.id, (${hit.slice('where '.length)}) as hit from ${rowsFrom} order by ${expr} ${dir}, id ${dir} limit ${walkRows}) w where hit ${pageLimit}`;
      // The walk's plan is the sort's index whatever the words (they are only matched, in the
      // rows it reads): from the start, it is prepared like an unsearched page, planned once
      // (planning was 1.2 of its 2 ms in PostgreSQL at 302,000 offers, issue 37), its words
      // unaccented once per run (searchMatch's `once`).
      const walkOnce = probe && offset === 0 && Number.isInteger(perPage) ? matching(params, key, true) : null;
      let rows = walkOnce
        ? await pageOf(walk(walkOnce.whereSql, `limit ${perPage + 1}`), walkOnce.values, true)
        : probe
          ? await pageOf(walk(whereSql, limit))
          : null;
      if (probe && rows!.length <= perPage) {
        // Every match of the walked rows was taken, short of the page. Some: they are spread,
        // thinly, and walking on reaches the page's end within a few walks ("cashback dining"
        // newest first: 48 of 50 in 3,000 rows; finding all 22,000 matches took 715 ms).
        // None: they lie elsewhere in the order, and are found then sorted.
        const hits = rows!.length ? offset + rows!.length : 0;
        rows = hits && (offset + perPage) / hits <= WALK_ON ? null : await foundThenSorted();
      }
      rows ??= few
        ? await foundThenSorted()
        : await pageOf(
            `select ${narrow ? `${orderId} as id` : `${source}.id`} from ${from} ${where} order by ${orderExpr} ${dir}, ${orderId} ${dir} ${limit}`,
          );
      const hasMore = rows.length > perPage;
      if (hasMore) rows = rows.slice(0, perPage);
      // Not counted: what the pages so far show, and more when the row past this one was there.
      const total = counted ?? {
        total: (page - 1) * perPage + rows.length,
        total_is: hasMore ? ('at_least' as const) : ('exact' as const),
      };
      return {
        data: rows.map((r) => normalise<T>(r)!),
        pagination: paginate(total.total, page, perPage, rows.length, total.total_is, hasMore),
      };
    },
    get,
    async create(tx, data) {
      await o.beforeWrite?.(tx, null, data);
      const cols = pick(data);
      const sql = cols.length
        ? `insert into ${table} (${cols.map(([k]) => k).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`
        : `insert into ${table} default values returning id`;
      const id = (
        await tx.query<{ id: number }>(
          sql,
          cols.map(([, v]) => v),
        )
      ).rows[0].id;
      await o.afterWrite?.(tx, id, data);
      return (await get(tx, id))!;
    },
    async update(tx, id, data) {
      await o.beforeWrite?.(tx, id, data);
      const cols = pick(data);
      const params: unknown[] = cols.map(([, v]) => v);
      params.push(id);
      let guard = '';
      if (typeof data.version === 'number') {
        params.push(data.version);
        guard = ` and version = $${params.length}`;
      }
      const sets = [...cols.map(([k], i) => `${k} = $${i + 1}`), 'version = version + 1', 'updated_at = now()'];
      const row = (
        await tx.query(
          `update ${table} set ${sets.join(', ')} where id = $${cols.length + 1}${guard} returning id`,
          params,
        )
      ).rows[0];
      if (!row) {
        const current = await get(tx, id);
        if (current && guard) throw new StaleVersionError(current);
        return null;
      }
      await o.afterWrite?.(tx, id, data);
      return get(tx, id);
    },
    async remove(tx, id) {
      const before = await get(tx, id);
      if (!before) return null;
      const gone = (await tx.query(`delete from ${table} where id = $1 returning id`, [id])).rows[0];
      return gone ? before : null;
    },
    async matchingIds(tx, params, limit) {
      const { values, p, whereSql } = matching(params);
      return (
        await tx.query<{ id: number }>(`select id from ${source} ${whereSql} order by id limit ${p(limit)}`, values)
      ).rows.map((r) => r.id);
    },
    async count(tx) {
      return Number((await tx.query<{ n: number }>(`select count(*)::int as n from ${source}`)).rows[0].n);
    },
  };
}

/** The contract's create and update fields and files, less `version` and the virtual ones, plus the hooks' columns. */
function writableColumns(r: ResourceContract, o: CrudOptions): Set<string> {
  const fields = [
    ...Object.keys(r.create.properties),
    ...Object.keys(r.update.properties),
    ...Object.keys(r.files ?? {}),
  ];
  const skip = new Set(['version', ...(o.virtual ?? [])]);
  return new Set([...fields.filter((f) => !skip.has(f)), ...(o.columns ?? [])]);
}

/** Sort key → SQL: text without a format sorts case-insensitively; numbers and dates as they are. */
function sortExpressions(r: ResourceContract): Record<string, string> {
  const out: Record<string, string> = r.ordered ? { id: 'id', position: 'position' } : { id: 'id' };
  for (const key of r.sortable ?? []) out[key] = isPlainText(r.entity.properties[key]) ? `lower(${key})` : key;
  return out;
}

function filterClauses(r: ResourceContract, o: CrudOptions) {
  const keys = Object.keys(r.filters?.properties ?? {}).filter((k) => k !== 'query');
  const entity = r.entity.properties;
  return (params: Record<string, unknown>, p: Param, skip?: ReadonlySet<string>): string[] =>
    keys.flatMap((key) => {
      const v = params[key];
      if (v === undefined || v === null || v === '' || skip?.has(key)) return [];
      const custom = o.filters?.[key];
      if (custom) return custom(v, p) ?? [];
      const column = `${key}_id` in entity ? `${key}_id` : key;
      return [`${column} = ${p(v)}`];
    });
}

function isPlainText(schema: TSchema | undefined): boolean {
  if (!schema) return false;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as TSchema[]).some(isPlainText);
  return schema.type === 'string' && !schema.format;
}

/**
 * "Card  VISA plat" → ['card', 'visa', 'plat']: every word must match somewhere. A NUL (`?query=%00`)
 * separates words too: no stored text holds one, and PostgreSQL refuses it in a parameter.
 */
export function searchTerms(query: string | undefined): string[] {
  return (query ?? '')
    .toLowerCase()
    .split(/[\s\0]+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** The sort's SQL, direction, and whether its key may be null (then no seeking by it). */
function sortOf(sorts: Record<string, string>, r: ResourceContract, sort: string) {
  const key = sort.replace(/^-/, '');
  const known = key in sorts;
  const schema = r.entity.properties[key];
  const nullable =
    known &&
    key !== 'id' &&
    key !== 'position' &&
    (!schema || (Array.isArray(schema.anyOf) && (schema.anyOf as TSchema[]).some((s) => s.type === 'null')));
  return {
    key: known ? key : 'id',
    expr: known ? sorts[key] : 'id',
    dir: sort.startsWith('-') && known ? 'desc' : 'asc',
    nullable,
  };
}

/** Lists count exactly up to this many rows; past it they say "about 1.0M" (or, filtered, "1,000+"). */
export const COUNT_CAP = 10_000;
/**
 * A searched or filtered list counts exactly up to this many. Its rows are found by a filter
 * that no index serves in count order (a search term reads a trigram index, then rows), so
 * each row counted costs a row read: 10,000 of them took 300–500 ms at a million offers, on
 * PGlite's single thread, against 100 ms for 1,000. "Select all matching" counts exactly
 * (contract/bulk.ts count) when it matters.
 */
export const FILTERED_COUNT_CAP = 1_000;
/**
 * How many rows of a searched list, in its sort's order, are read for its page before the
 * matches are found through the search's index instead (CrudRepository.list). 3,000 took
 * 20–60 ms at a million offers; spread matches fill a page of 50 within them from about 2 %.
 */
export const WALK_ROWS = 3_000;
/** A searched list walks on past WALK_ROWS when the page needs at most this many times the matches found in them. */
const WALK_ON = 4;

/**
 * How many rows a list matches, without counting a million: exactly up to its cap; past it,
 * with no search or filter, the table's size as the planner knows it (about); else at least.
 */
async function countCapped(
  tx: Tx,
  source: string,
  table: string,
  whereSql: string,
  values: unknown[],
  filtered: boolean,
  order = '',
): Promise<{ total: number; total_is: TotalIs }> {
  // Far past the cap by the planner's own figure: no need to count even 10,000 rows.
  const estimate = async () =>
    Number(
      (await tx.query<{ n: number }>('select reltuples::bigint as n from pg_class where oid = $1::regclass', [table]))
        .rows[0]?.n ?? -1,
    );
  if (!filtered) {
    const e = await estimate();
    if (e > COUNT_CAP * 2) return { total: Math.round(e), total_is: 'about' };
  }
  const cap = filtered ? FILTERED_COUNT_CAP : COUNT_CAP;
  const n = Number(
    (
      await tx.query<{ n: number }>(
        `select count(*)::int as n from (select 1 from ${source} ${whereSql} ${order} limit ${cap + 1}) x`,
        values,
      )
    ).rows[0].n,
  );
  if (n <= cap) return { total: n, total_is: 'exact' };
  if (!filtered) {
    const e = await estimate();
    if (e > COUNT_CAP) return { total: Math.round(e), total_is: 'about' };
  }
  return { total: cap, total_is: 'at_least' };
}

export function paginate(
  total: number,
  page: number,
  perPage: number,
  got: number,
  totalIs: TotalIs = 'exact',
  /** Known from a row read past the page (a list's own); then in the answer too. */
  hasMore?: boolean,
): Pagination {
  // Not an exact total: there is a next page as long as this one was full (or, known, when
  // a row past it was read).
  const lastPage =
    totalIs === 'exact'
      ? Math.max(1, Math.ceil(total / perPage))
      : (hasMore ?? got === perPage)
        ? Math.max(page + 1, Math.ceil(total / perPage))
        : page;
  const from = got ? (page - 1) * perPage + 1 : 0;
  const out: Pagination = {
    page,
    per_page: perPage,
    current_page: page,
    total,
    first_page: 1,
    last_page: lastPage,
    from,
    to: got ? from + got - 1 : 0,
  };
  if (totalIs !== 'exact') out.total_is = totalIs;
  if (hasMore !== undefined) out.has_more = hasMore;
  return out;
}

/** Dates leave as ISO strings; secrets and internal columns never leave. */
export function normalise<T>(row: Record<string, unknown> | undefined): T | null {
  if (!row) return null;
  // A loop over the keys, no array of pairs per row: the top function of a list call's own
  // code in a CPU profile of the offers list under load (bench/listProfile.ts).
  const out: Record<string, unknown> = {};
  for (const k in row) {
    if (k === 'password_hash' || k === 'search_text') continue;
    const v = row[k];
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out as T;
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
