// What the database's catalog says about its tables: the foreign keys into a table and out of
// it, and the columns a row is written with. A delete's undo (server/services/undo.ts) and the
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
