// The names an audit entry's ids stand for (contract/audit.ts `names`): History reads
// "Category: Dining", not "Category 1". The foreign keys are the database's own
// (server/repositories/foreignKeys.ts), so no table is listed by hand. A create's or delete's link rows (an
// offer's cards and outlets) are told as the record's `card_ids` and `outlet_ids`, so its entry
// lists them too. Names are read as they are now: a renamed category shows its new name.
import type { AuditEntry } from '@contract/audit';
import type { Tx } from '../db/connection';
import { NAME_COLUMNS } from './undo';
import type { StoredEntry } from '../repositories/auditLog';
import { columnsOf, referencesFrom } from '../repositories/foreignKeys';

type Fields = Record<string, unknown> | null;
type Named = Pick<AuditEntry, 'before' | 'after' | 'names'>;

/** Tables whose rows no one names: a batch is the import's bookkeeping. */
const UNNAMED = new Set(['write_batches']);

const idOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** A link row's other keys as the record's list fields: offer_cards (offer_id, card_id) → card_ids. */
async function linksOf(tx: Tx, entry: StoredEntry): Promise<Record<string, number[]>> {
  const lists: Record<string, number[]> = {};
  if (!entry.tbl || entry.record_id === null || (entry.kind !== 'create' && entry.kind !== 'delete')) return lists;
  for (const c of entry.changes ?? []) {
    const row = c.after ?? c.before;
    // Rows of their own (with ids) are records, not links.
    if (c.tbl === entry.tbl || !row || /^\d+$/.test(c.key)) continue;
    const keys = await referencesFrom(tx, c.tbl);
    if (!keys.some((k) => k.parent === entry.tbl && row[k.col] === entry.record_id)) continue;
    for (const k of keys) {
      const id = idOf(row[k.col]);
      if (k.parent === entry.tbl || UNNAMED.has(k.parent) || id === null || !k.col.endsWith('_id')) continue;
      (lists[`${k.col}s`] ??= []).push(id);
    }
  }
  return lists;
}

/** Per entry, its before and after with its links added, and the names of the ids they hold. */
export async function namedEntries(tx: Tx, entries: readonly StoredEntry[]): Promise<Named[]> {
  const wanted = new Map<string, Set<number>>();
  const want = (table: string, id: number) => {
    let ids = wanted.get(table);
    if (!ids) wanted.set(table, (ids = new Set()));
    ids.add(id);
  };
  const plans: { before: Fields; after: Fields; fields: Map<string, string> }[] = [];
  for (const e of entries) {
    let { before, after } = e;
    const fields = new Map<string, string>(); // field → the table its ids are of
    if (e.tbl && (before || after)) {
      const links = await linksOf(tx, e);
      if (Object.keys(links).length) {
        if (e.kind === 'create') after = { ...links, ...after };
        else before = { ...links, ...before };
      }
      const keys = await referencesFrom(tx, e.tbl);
      for (const k of keys) if (!UNNAMED.has(k.parent)) fields.set(k.col, k.parent);
      for (const c of e.changes ?? []) {
        if (c.tbl === e.tbl || /^\d+$/.test(c.key)) continue;
        for (const k of await referencesFrom(tx, c.tbl))
          if (`${k.col}s` in links && !UNNAMED.has(k.parent)) fields.set(`${k.col}s`, k.parent);
      }
      for (const [field, table] of fields)
        for (const side of [before, after]) {
          const v = side?.[field];
          for (const id of (Array.isArray(v) ? v : [v]).map(idOf)) if (id !== null) want(table, id);
        }
    }
    plans.push({ before, after, fields });
  }
  const names = new Map<string, Map<number, string>>();
  for (const [table, ids] of wanted) names.set(table, await namesIn(tx, table, [...ids]));
  return plans.map(({ before, after, fields }) => {
    const out: Record<string, Record<string, string>> = {};
    for (const [field, table] of fields) {
      const of = names.get(table);
      for (const side of [before, after]) {
        const v = side?.[field];
        for (const id of (Array.isArray(v) ? v : [v]).map(idOf)) {
          const name = id === null ? undefined : of?.get(id);
          if (name !== undefined) (out[field] ??= {})[String(id)] = name;
        }
      }
    }
    return { before, after, names: out };
  });
}

/** The names of some rows of a table, by its name column (an outlet: its merchant and branch). */
async function namesIn(tx: Tx, table: string, ids: number[]): Promise<Map<number, string>> {
  const cols = await columnsOf(tx, table);
  const col = NAME_COLUMNS.find((c) => cols.includes(c));
  if (!col || !cols.includes('id')) return new Map();
  const name =
    col === 'merchant_name' && cols.includes('branch')
      ? `merchant_name || coalesce(' — ' || nullif(branch, ''), '')`
      : `${col}::text`;
  // `table` and `col` are the catalog's own names (server/repositories/foreignKeys.ts), never a caller's text.
  const rows = (
    await tx.query<{ id: number; name: string | null }>(
      `select id, ${name} as name from "${table}" where id = any($1::int[])`,
      [ids],
    )
  ).rows;
  return new Map(rows.filter((r) => r.name !== null).map((r) => [Number(r.id), r.name!]));
}
