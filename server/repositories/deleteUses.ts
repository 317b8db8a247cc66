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
const RECORDS_NAMED = 20;

/**
 * Counts, for the rows of `table` with ids `ids`, the rows using them through each key of
 * `uses`: one statement, one round trip, one row (a scalar subquery per count, each planned
 * on its key's column; bench/deleteUses.ts times it).
 */
export async function countUses(
  tx: Tx,
  table: string,
  ids: readonly number[],
  uses: readonly UseCount[],
): Promise<Counted> {
  const cols = [`(select count(*)::int from ${table} where id = any($1::int[])) as found`];
  uses.forEach(({ fk, distinct, perRecord }, i) => {
    // A key to the parent's id is matched on the ids themselves; to another column, through the parent's rows.
    const byId = fk.refcol === 'id';
    const from = byId
      ? `from ${fk.child} c where c.${fk.col} = any($1::int[])`
      : `from ${fk.child} c join ${table} p on p.${fk.refcol} = c.${fk.col} where p.id = any($1::int[])`;
    cols.push(`(select count(${distinct ? `distinct c.${distinct}` : '*'})::int ${from}) as n${i}`);
    if (perRecord) {
      const record = byId ? `c.${fk.col}` : 'p.id';
      cols.push(
        `(select coalesce(json_agg(json_build_array(r.id, r.n)), '[]') from (select ${record}::int as id, count(*)::int as n ${from} group by 1 order by 2 desc, 1 limit ${RECORDS_NAMED}) r) as r${i}`,
      );
    }
  });
  const row = (await tx.query<Record<string, unknown>>(`select ${cols.join(', ')}`, [ids])).rows[0];
  const pairs = (v: unknown): [number, number][] =>
    typeof v === 'string' ? JSON.parse(v) : ((v ?? []) as [number, number][]);
  return {
    found: Number(row.found),
    counts: uses.map((u, i) => ({
      n: Number(row[`n${i}`]),
      records: u.perRecord ? pairs(row[`r${i}`]).map(([id, n]) => ({ id: Number(id), n: Number(n) })) : [],
    })),
  };
}
