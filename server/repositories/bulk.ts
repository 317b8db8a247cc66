// Many rows of one resource in a few statements: for batched writers (a CSV import), whose
// rows must cost microseconds, not the milliseconds of one `create` each. The rows are the
// same as `create` would write: the contract's fields, checked by the same schema first,
// into the same table, under the same constraints; an offer's links go into its link tables.
// Search text is computed once for the rows at the end (the triggers stand aside while the
// batch writes: server/db/migrations/005_write_batches.sql).
import type { ResourceContract } from '../../contract/resource';
import type { Tx } from '../db/connection';

/** The search text function of the tables a batch may fill. */
const SEARCH_TEXT: Record<string, string> = { offers: 'offer_search_text', cards: 'card_search_text', outlets: 'outlet_search_text' };

/** Link fields: body field → link table and column (an offer's cards and outlets). */
const LINKS: Record<string, Record<string, { table: string; column: string }>> = {
  offers: { card_ids: { table: 'offer_cards', column: 'card_id' }, outlet_ids: { table: 'offer_outlets', column: 'outlet_id' } },
};

/**
 * Inserts `records` (already validated) as rows of `batchId`. Returns their ids in order.
 * Throws the database's error for the first rule a row breaks (the caller names the row).
 */
export async function insertMany(tx: Tx, resource: ResourceContract, records: readonly Record<string, unknown>[], batchId: number): Promise<number[]> {
  const { table } = resource.storage;
  const links = LINKS[table] ?? {};
  const fields = [...new Set([...Object.keys(resource.create.properties), ...Object.keys(resource.files ?? {})])].filter((f) => !(f in links));
  const ids = (await tx.query<{ id: number }>(`select nextval(pg_get_serial_sequence('${table}', 'id'))::int as id from generate_series(1, $1)`, [records.length])).rows.map((r) => r.id);
  const rows = records.map((r, i) => ({ ...pick(r, fields), id: ids[i], batch_id: batchId }));
  // jsonb_populate_recordset types each value by the table's own column types. A field a
  // record leaves out takes the column's default, as on a single insert: rows are inserted
  // in groups that name the same columns (usually one group).
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) {
    const key = ['id', 'batch_id', ...fields].filter((c) => c in r).join(', ');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [columns, group] of groups) {
    await tx.query(`insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, $1::jsonb)`, [JSON.stringify(group)]);
  }
  return finish(tx, table, links, records, ids);
}

async function finish(tx: Tx, table: string, links: (typeof LINKS)[string], records: readonly Record<string, unknown>[], ids: number[]) {
  for (const [field, link] of Object.entries(links)) {
    const pairs = records.flatMap((r, i) => ((r[field] as number[] | undefined) ?? []).map((target) => [ids[i], target]));
    if (!pairs.length) continue;
    await tx.query(`insert into ${link.table} (${table.replace(/s$/, '')}_id, ${link.column}) select p[1], p[2] from jsonb_to_recordset($1::jsonb) as x(p int[])`, [
      JSON.stringify(pairs.map((p) => ({ p }))),
    ]);
  }
  const fn = SEARCH_TEXT[table];
  if (fn) await tx.query(`update ${table} t set search_text = ${fn}(t) where id = any($1::int[])`, [ids]);
  return ids;
}

const pick = (r: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.filter((f) => r[f] !== undefined).map((f) => [f, r[f]]));
