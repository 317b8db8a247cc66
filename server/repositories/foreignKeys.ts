// What the database's catalog says about its tables: the foreign keys into a table and out of
// it, the columns a row is written with, its keys and checks. A delete's undo (server/services/undo.ts) and the
// question before a delete (server/services/deleteUses.ts) follow these keys, so no table is
// listed by hand. The schema does not change while the server runs: each answer is read once.
import type { Tx } from '../db/connection';

export interface ForeignKey {
  /** The table holding the key. */
  child: string;
  col: string;
  /** The table it points to, and the column there. */
  parent: string;
  refcol: string;
  /** pg_constraint.confdeltype: c cascade, n set null, a/r refuse. */
  action: string;
}

const KEYS = `select c.conrelid::regclass::text as child, a.attname as col, c.confrelid::regclass::text as parent, fa.attname as refcol, c.confdeltype::text as action
  from pg_constraint c
  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
  where c.contype = 'f' and cardinality(c.conkey) = 1`;

const cached = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
  let hit = cache.get(key);
  if (!hit) {
    hit = read();
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
};

const into = new Map<string, Promise<ForeignKey[]>>();
const outOf = new Map<string, Promise<ForeignKey[]>>();
const columns = new Map<string, Promise<string[]>>();
const keys = new Map<string, Promise<string[]>>();
const rules = new Map<string, Promise<RowRules>>();

/** The single-column foreign keys pointing at `table`, by referencing table and column. */
export const referencesTo = (tx: Tx, table: string): Promise<ForeignKey[]> =>
  cached(into, table, () =>
    tx.query<ForeignKey>(`${KEYS} and c.confrelid = $1::regclass order by 1, 2`, [table]).then((r) => r.rows),
  );

/** The single-column foreign keys of `table` itself (what its rows point at). */
export const referencesFrom = (tx: Tx, table: string): Promise<ForeignKey[]> =>
  cached(outOf, table, () =>
    tx.query<ForeignKey>(`${KEYS} and c.conrelid = $1::regclass order by 2`, [table]).then((r) => r.rows),
  );

/** The columns a row is written with: generated ones are computed, never written. */
export const columnsOf = (tx: Tx, table: string): Promise<string[]> =>
  cached(columns, table, () =>
    tx
      .query<{ name: string }>(
        "select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum",
        [table],
      )
      .then((r) => r.rows.map((c) => c.name)),
  );

/** The columns of `table`'s primary key, in the key's order (a link table's: both its ends). */
export const primaryKeyOf = (tx: Tx, table: string): Promise<string[]> =>
  cached(keys, table, () =>
    tx
      .query<{ name: string }>(
        `select a.attname as name from pg_index i
         cross join lateral unnest(i.indkey::int2[]) with ordinality k(attnum, n)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
         where i.indrelid = $1::regclass and i.indisprimary order by k.n`,
        [table],
      )
      .then((r) => r.rows.map((c) => c.name)),
  );

/**
 * What a row of `table` must meet besides its foreign keys: its unique keys checked at once
 * (each key's expressions, as its index lists them, and a partial one's predicate; the primary
 * key and deferred ones aside) and its check constraints' expressions.
 */
export interface RowRules {
  uniques: { name: string; exprs: string[]; predicate: string | null }[];
  checks: { name: string; expr: string }[];
}

export const rowRulesOf = (tx: Tx, table: string): Promise<RowRules> =>
  cached(rules, table, async () => ({
    uniques: (
      await tx.query<{ name: string; exprs: string[]; predicate: string | null }>(
        `select ic.relname as name,
           array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts::int) k order by k) as exprs,
           pg_get_expr(i.indpred, i.indrelid, true) as predicate
         from pg_index i join pg_class ic on ic.oid = i.indexrelid
         where i.indrelid = $1::regclass and i.indisunique and not i.indisprimary and i.indimmediate
         order by 1`,
        [table],
      )
    ).rows,
    checks: (
      await tx.query<{ name: string; expr: string }>(
        `select conname as name, pg_get_expr(conbin, conrelid, true) as expr from pg_constraint
         where conrelid = $1::regclass and contype = 'c' order by 1`,
        [table],
      )
    ).rows,
  }));
