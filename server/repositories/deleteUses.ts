// How many rows use some records of a table, per foreign key into it, in one statement: what
// a delete of those records would reach (server/services/deleteUses.ts puts it in words).
import type { Tx } from '../db/connection';
import type { ForeignKey } from './foreignKeys';

/** One key to count through: `distinct`: count the distinct values of this column instead of rows (a link table's other side). */
export interface UseCount {
  fk: ForeignKey;
  distinct?: string;
  /** Also count per record asked about (the most used first). */
  perRecord?: boolean;
}

export interface Counted {
  /** How many of the ids exist. */
  found: number;
  /** Per key, in the order given: the count, and per record when asked. */
  counts: { n: number; records: { id: number; n: number }[] }[];
}

/** Records named per refusing key, at most. */
export const RECORDS_NAMED = 20;

/**
 * Counts, for the rows of `table` with ids `ids`, the rows using them through each key of
 * `uses`: one statement, one round trip, each part through the key's column (indexed on the
 * tables that are large).
 */
export async function countUses(tx: Tx, table: string, ids: readonly number[], uses: readonly UseCount[]): Promise<Counted> {
  const parts = [`(select -1 as i, null::int as id, count(*)::int as n from ${table} where id = any($1::int[]))`];
  uses.forEach(({ fk, distinct, perRecord }, i) => {
    // A key to the parent's id is matched on the ids themselves; to another column, through the parent's rows.
    const byId = fk.refcol === 'id';
    const from = byId ? `from ${fk.child} c where c.${fk.col} = any($1::int[])` : `from ${fk.child} c join ${table} p on p.${fk.refcol} = c.${fk.col} where p.id = any($1::int[])`;
    parts.push(`(select ${i} as i, null::int as id, count(${distinct ? `distinct c.${distinct}` : '*'})::int as n ${from})`);
    if (perRecord) {
      const record = byId ? `c.${fk.col}` : 'p.id';
      parts.push(`(select ${i} as i, ${record}::int as id, count(*)::int as n ${from} group by ${record} order by 3 desc, 2 limit ${RECORDS_NAMED})`);
    }
  });
  const rows = (await tx.query<{ i: number; id: number | null; n: number }>(parts.join(' union all '), [ids])).rows;
  const counts = uses.map(() => ({ n: 0, records: [] as { id: number; n: number }[] }));
  let found = 0;
  for (const r of rows) {
    if (r.i === -1) found = r.n;
    else if (r.id === null) counts[r.i].n = r.n;
    else counts[r.i].records.push({ id: r.id, n: r.n });
  }
  for (const c of counts) c.records.sort((a, b) => b.n - a.n || a.id - b.id);
  return { found, counts };
}
