// What a revert of audit entries is decided on (server/services/revertPlan.ts), read for one
// entry (the revert itself, its rows locked) or for a page of the log (its `revertible`): a
// few queries whatever the number of entries, none per entry. Tables are named by the log's
// own rows (audit_log.changes), never by a caller.
import type { Tx } from '../db/connection';
import { columnsOf, primaryKeyOf, rowRulesOf, type ForeignKey } from './foreignKeys';

type Row = Record<string, unknown>;

/** How a row is named across the log and these maps: its table and its key (id, or a link's row). */
export const rowKey = (tbl: string, key: string) => `${tbl} ${key}`;

/** A value of a column, as the sets below hold it: 'cards.id=3'. */
export const valueKey = (tbl: string, col: string, value: unknown) => `${tbl}.${col}=${String(value)}`;

/** A later entry's change to a row an entry changed (migration 026_audit_rows.sql). */
export interface LaterChange {
  /** The entry whose row it is, and the later one that changed it. */
  of: number;
  entry: number;
  tbl: string;
  key: string;
  how: 'create' | 'update' | 'delete';
  /** The fields an update changed; null: not kept (a call too big), any of them. */
  fields: string[] | null;
  actor: string | null;
}

/** Per entry of `ids`, what later entries did to the rows it changed, oldest first. */
export async function laterChanges(tx: Tx, ids: readonly number[]): Promise<LaterChange[]> {
  if (!ids.length) return [];
  const { rows } = await tx.query<LaterChange & { of: string | number; entry: string | number }>(
    `select r.entry_id as of, l.entry_id as entry, l.tbl, l.key, l.how, l.fields, a.actor_name as actor
     from audit_rows r
     join audit_rows l on l.tbl = r.tbl and l.key = r.key and l.entry_id > r.entry_id
     join audit_log a on a.id = l.entry_id
     where r.entry_id = any($1::bigint[])
     order by r.entry_id, l.entry_id`,
    [ids],
  );
  return rows.map((r) => ({ ...r, of: Number(r.of), entry: Number(r.entry) }));
}

/**
 * The rows named by `wanted` as they are now (as the log images them), by rowKey; a row gone is
 * absent. A link (no id) is found by its table's primary key, so one made again with other
 * columns (its time) is found too. `lock`: held until the transaction ends (a revert's rows).
 */
export async function rowsNow(
  tx: Tx,
  wanted: readonly { tbl: string; key: string }[],
  lock: boolean,
): Promise<Map<string, Row>> {
  const byTable = new Map<string, string[]>();
  for (const w of wanted) byTable.set(w.tbl, [...(byTable.get(w.tbl) ?? []), w.key]);
  const image = 'audit_image(to_jsonb(t))';
  const parts: { sql: string; keys: string[] }[] = [];
  for (const [tbl, keys] of byTable) {
    const ids = keys.filter((k) => /^\d+$/.test(k));
    const links = keys.filter((k) => !/^\d+$/.test(k));
    if (ids.length)
      parts.push({
        sql: `select '${tbl}' as tbl, t.id::text as key, ${image} as row from ${tbl} t where t.id = any($1::int[])`,
        keys: ids,
      });
    if (links.length) {
      const pk = await primaryKeyOf(tx, tbl);
      const on = pk.length ? pk.map((c) => `t.${c} = x.${c}`).join(' and ') : `${image} = k.key::jsonb`;
      parts.push({
        sql: `select '${tbl}' as tbl, k.key, ${image} as row from unnest($1::text[]) k(key)
              cross join lateral jsonb_populate_record(null::${tbl}, k.key::jsonb) x join ${tbl} t on ${on}`,
        keys: links,
      });
    }
  }
  const found = new Map<string, Row>();
  const take = (rows: { tbl: string; key: string; row: Row }[]) => {
    for (const r of rows) found.set(rowKey(r.tbl, r.key), r.row);
  };
  if (lock) {
    // Locking reads cannot be one union: one per table and kind, a handful at most.
    for (const p of parts)
      take((await tx.query<{ tbl: string; key: string; row: Row }>(`${p.sql} for update of t`, [p.keys])).rows);
  } else if (parts.length) {
    const sql = parts.map((p, i) => p.sql.replace('$1', `$${i + 1}`)).join(' union all ');
    take(
      (
        await tx.query<{ tbl: string; key: string; row: Row }>(
          sql,
          parts.map((p) => p.keys),
        )
      ).rows,
    );
  }
  return found;
}

/** A value some row holds, rows `besides` aside: how existingValues answers. */
export const heldKey = (besides: readonly number[], tbl: string, col: string, value: unknown) =>
  `${besides.join(',')}|${valueKey(tbl, col, value)}`;

/** Of the values asked (a table's column and its values), those a row has now, the rows `besides` aside: a set of heldKeys. */
export async function existingValues(
  tx: Tx,
  wanted: readonly { tbl: string; col: string; values: readonly unknown[]; besides?: readonly number[] }[],
): Promise<Set<string>> {
  const asked = wanted.filter((w) => w.values.length);
  if (!asked.length) return new Set();
  // Typed by the table's own row type, so the column's index serves whatever its type.
  const params: unknown[] = [];
  const sql = asked
    .map((w) => {
      params.push(JSON.stringify(w.values.map((v) => ({ [w.col]: v }))));
      const values = `select (jsonb_populate_record(null::${w.tbl}, x)).${w.col} from jsonb_array_elements($${params.length}::jsonb) x`;
      if (w.besides?.length) params.push(w.besides);
      const besides = w.besides?.length ? ` and t.id <> all ($${params.length}::int[])` : '';
      const aside = `'${(w.besides ?? []).map(Number).join(',')}'`;
      return `select ${aside} as aside, '${w.tbl}' as tbl, '${w.col}' as col, t.${w.col}::text as v from ${w.tbl} t where t.${w.col} in (${values})${besides}`;
    })
    .join(' union ');
  const { rows } = await tx.query<{ aside: string; tbl: string; col: string; v: string }>(sql, params);
  return new Set(rows.map((r) => `${r.aside}|${valueKey(r.tbl, r.col, r.v)}`));
}

/** Entry `of`'s revert would leave row `key` of `tbl` breaking `rule`: how rulesBroken answers. */
export const brokenKey = (of: number, tbl: string, key: string, rule: string) => `${of} ${rowKey(tbl, key)} ${rule}`;

/** A row as the revert of entry `of` would leave it. */
export interface WouldBe {
  of: number;
  tbl: string;
  key: string;
  id: number | null;
  image: Row;
}

/**
 * Of the rows as reverts would write them, those a rule of their table refuses: a unique key
 * another row holds now, or a check. A set of brokenKeys; one query for all.
 */
export async function rulesBroken(tx: Tx, rows: readonly WouldBe[]): Promise<Set<string>> {
  const byTable = new Map<string, WouldBe[]>();
  for (const r of rows) byTable.set(r.tbl, [...(byTable.get(r.tbl) ?? []), r]);
  const arms: string[] = [];
  const params: unknown[] = [];
  for (const [tbl, list] of byTable) {
    const { uniques, checks } = await rowRulesOf(tx, tbl);
    if (!uniques.length && !checks.length) continue;
    params.push(JSON.stringify(list.map((r) => ({ of: r.of, key: r.key, id: r.id, img: r.image }))));
    const x = `jsonb_to_recordset($${params.length}::jsonb) x(of bigint, key text, id int, img jsonb)`;
    // The rules' expressions name columns bare: inside this subquery they read the would-be row.
    const row = `jsonb_populate_record(null::${tbl}, x.img)`;
    const other = (await columnsOf(tx, tbl)).includes('id') ? ` and ${tbl}.id is distinct from x.id` : '';
    for (const u of uniques) {
      const key = u.exprs.join(', ');
      const applies = u.predicate ? `(select ${u.predicate} from ${row}) and ` : '';
      const held = `select 1 from ${tbl} where (${key}) = (select ${key} from ${row})${u.predicate ? ` and (${u.predicate})` : ''}${other}`;
      arms.push(`select x.of, '${tbl}' as tbl, x.key, '${u.name}' as rule from ${x} where ${applies}exists (${held})`);
    }
    for (const c of checks)
      arms.push(
        `select x.of, '${tbl}' as tbl, x.key, '${c.name}' as rule from ${x} where not coalesce((select ${c.expr} from ${row}), true)`,
      );
  }
  if (!arms.length) return new Set();
  const { rows: found } = await tx.query<{ of: string; tbl: string; key: string; rule: string }>(
    arms.join(' union all '),
    params,
  );
  return new Set(found.map((r) => brokenKey(Number(r.of), r.tbl, r.key, r.rule)));
}

/** The restricting keys among `fks` (a delete they would refuse: `on delete restrict` or no action). */
export const restricting = (fks: readonly ForeignKey[]) => fks.filter((k) => k.action === 'a' || k.action === 'r');

/** Account names by id (a saved view's owner, as the refusal names them). */
export async function accountNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { rows } = await tx.query<{ id: number; name: string }>(
    'select id, name from users where id = any($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
