// Undoable writes (server/db/migrations/013_undo.sql): a delete or a bulk change keeps, in
// its own transaction, the rows as they were, under a token its answer carries; an undo
// with that token puts them back in one transaction, or refuses with nothing changed.
//
// What a delete takes with it is read from the database's own foreign keys, so no table
// has to be listed here: rows that cascade are kept and put back after their parent. Rows a
// delete only changes (a link set to null, and whatever the row's triggers change with it: a
// banner whose target goes loses its link type too) are kept as the columns it changed, before
// and after; the undo sets back those columns alone, so an edit made since stays and no version
// goes back, and refuses (409, naming the record) when one of them has changed again since. A
// caller's own changes made along with a delete (a rollback's refs) are kept the same way. A
// table with a `position` (a homepage list) takes its rows back at their places, the rows after
// them moving down one. A bulk change is undone only where no record has changed since (its
// version), each version going up by one.
import { randomBytes } from 'node:crypto';
import { tableWord } from '@contract/audit';
import { UNDO_SECONDS } from '@contract/bulk';
import type { Tx } from '../db/connection';
import { HttpError } from '../errors';
import { columnsOf, referencesTo } from '../repositories/foreignKeys';

/**
 * Tables a delete's cascade reaches that an undo does not bring back: sign-ins end with their
 * account; an offer's list row (migration 029_offer_list_rows.sql) is remade by its links'
 * triggers as they are put back (put back itself after them, it would be there twice), and so are
 * its reach row (migration 034_health_speed.sql) and its missing-essentials row (migration
 * 038_health_kept.sql) and a card's or an outlet's live offer (migrations 041_live_witness.sql and
 * 044_live_witness_every_row.sql).
 */
const NOT_KEPT = new Set([
  'sessions',
  'undo_log',
  'undo_rows',
  'offer_list_rows',
  'offer_reach',
  'offer_gaps',
  'card_live',
  'outlet_live',
]);

/** How deep a cascade is followed (offers → selected offers is 1). */
const MAX_DEPTH = 4;

export interface Kept {
  token: string;
  count: number;
}

/** Rows a caller changes along with a delete, to be set back by its undo: `cols` of them kept as `watch` reads them, before `write` runs. */
interface AlongWithDelete {
  watch: readonly { table: string; ids: readonly number[]; cols: readonly string[] }[];
  write: () => Promise<unknown>;
}

/**
 * Deletes the rows of `table` with ids `ids`, keeping them (and what their delete changes
 * elsewhere) for an undo by `userId`. `files`: the table's upload columns, whose files the
 * storage clean-up (./storageCleanup.ts) keeps while the undo is possible. `along`: changes
 * of the caller's that the undo sets back too, made before the delete. A delete a rule
 * refuses (a restricting reference) throws the database's error, and nothing is kept.
 */
export async function deleteKept(
  tx: Tx,
  o: {
    resource: string;
    table: string;
    ids: readonly number[];
    userId: number | null;
    files?: readonly string[];
    along?: AlongWithDelete;
  },
): Promise<Kept> {
  const token = randomBytes(16).toString('base64url');
  await tx.query(
    `insert into undo_log (token, user_id, resource, kind, count, expires_at) values ($1, $2, $3, 'delete', 0, now() + make_interval(secs => $4))`,
    [token, o.userId, o.resource, UNDO_SECONDS],
  );
  let seq = 0;
  const watched: { seq: number; table: string; cols: readonly string[] }[] = [];
  /**
   * Rows the write will change but not delete: their columns (`cols`, else all but those never
   * compared) kept now, reduced to what changed once it is done. `guard` names the link column (a caller's rows: 'id'); set, it marks a part whose
   * undo sets back changed columns, not a bulk change's.
   */
  const watch = async (table: string, where: string, params: unknown[], guard: string, cols?: readonly string[]) => {
    const at = seq++;
    const compared = cols ?? (await columnsOf(tx, table)).filter((c) => !NOT_COMPARED.has(c));
    const kept = await tx.query(
      `insert into undo_rows (token, seq, tbl, how, guard, rows) select $${params.length + 1}, $${params.length + 2}, $${params.length + 3}, 'update', $${params.length + 4}, jsonb_agg(${rowObject(compared)})
       from ${table} t where ${where} having count(*) > 0 returning seq`,
      [...params, token, at, table, guard],
    );
    if (kept.rows.length) watched.push({ seq: at, table, cols: compared });
  };
  for (const w of o.along?.watch ?? []) await watch(w.table, 'id = any($1::int[])', [w.ids], 'id', w.cols);
  await o.along?.write();
  const keep = async (table: string, where: string, depth: number): Promise<void> => {
    await tx.query(
      `insert into undo_rows (token, seq, tbl, how, rows) select $2, $3, $4, 'insert', jsonb_agg(to_jsonb(t)) from ${table} t where ${where} having count(*) > 0`,
      [o.ids, token, seq++, table],
    );
    if (depth >= MAX_DEPTH) return;
    for (const fk of await referencesTo(tx, table)) {
      if (NOT_KEPT.has(fk.child)) continue;
      const childWhere = `${fk.col} in (select ${fk.refcol} from ${table} where ${where})`;
      if (fk.action === 'c') await keep(fk.child, childWhere, depth + 1);
      else if (fk.action === 'n' && (await columnsOf(tx, fk.child)).includes('id'))
        await watch(fk.child, childWhere, [o.ids], fk.col);
    }
  };
  await keep(o.table, 'id = any($1::int[])', 0);
  const files = [];
  for (const col of o.files ?? []) {
    files.push(
      ...(
        await tx.query<{ f: string }>(
          `select ${col} as f from ${o.table} where id = any($1::int[]) and ${col} is not null`,
          [o.ids],
        )
      ).rows.map((r) => r.f),
    );
  }
  const count = (await tx.query(`delete from ${o.table} where id = any($1::int[]) returning id`, [o.ids])).rows.length;
  for (const w of watched) await keepChanges(tx, token, w.seq, w.table, w.cols);
  await tx.query('update undo_log set count = $2, files = $3 where token = $1', [token, count, files]);
  return { token, count };
}

/** Columns a change is not told by: kept by triggers or by every write, never set back. */
const NOT_COMPARED = new Set(['id', 'search_text', 'updated_at', 'created_at', 'version']);

/** A row of `t` as { id, and the columns `cols` } (the rest of a wide row is never compared). */
const rowObject = (cols: readonly string[]) =>
  `jsonb_build_object('id', t.id${cols.map((c) => `, '${c}', t.${c}`).join('')})`;

/**
 * Reduces a watched part (its rows' columns, as they were) to what the write changed: per row
 * its id and the changed columns `before` and `after`; `cols` the union. A row left as it was
 * or gone is dropped.
 */
async function keepChanges(tx: Tx, token: string, seq: number, table: string, cols: readonly string[]): Promise<void> {
  await tx.query(
    `with kept as (select x from undo_rows u cross join lateral jsonb_array_elements(u.rows) x where u.token = $1 and u.seq = $2),
     -- Each row as it is now, made once (not once per column: ten times the work at 10,000 rows).
     pair as (select t.id, kept.x as was, ${rowObject(cols)} as now from kept join ${table} t on t.id = (kept.x ->> 'id')::int),
     changed as (
       select pair.id, jsonb_object_agg(b.key, b.value) as before, jsonb_object_agg(b.key, pair.now -> b.key) as after
       from pair cross join lateral jsonb_each(pair.was) b
       where b.key <> 'id' and pair.now -> b.key is distinct from b.value
       group by pair.id)
     update undo_rows set
       rows = coalesce((select jsonb_agg(jsonb_build_object('id', id, 'before', before, 'after', after) order by id) from changed), '[]'),
       cols = array(select distinct k from changed cross join lateral jsonb_object_keys(changed.before) k order by 1)
     where token = $1 and seq = $2`,
    [token, seq],
  );
  await tx.query("delete from undo_rows where token = $1 and seq = $2 and rows = '[]'::jsonb", [token, seq]);
}

/**
 * Sets `set` on the rows of `table` with ids `ids` (each row's version goes up by one),
 * keeping the columns as they were for an undo by `userId`.
 */
export async function updateKept(
  tx: Tx,
  o: {
    resource: string;
    table: string;
    ids: readonly number[];
    userId: number | null;
    set: Readonly<Record<string, unknown>>;
  },
): Promise<Kept> {
  const token = randomBytes(16).toString('base64url');
  const cols = Object.keys(o.set);
  await tx.query(
    `insert into undo_log (token, user_id, resource, kind, count, expires_at) values ($1, $2, $3, 'update', 0, now() + make_interval(secs => $4))`,
    [token, o.userId, o.resource, UNDO_SECONDS],
  );
  await tx.query(
    `insert into undo_rows (token, seq, tbl, how, cols, rows)
     select $2, 0, $3, 'update', $4, coalesce(jsonb_agg(jsonb_build_object('id', id, 'version', version${cols.map((c) => `, '${c}', ${c}`).join('')})), '[]')
     from ${o.table} where id = any($1::int[])`,
    [o.ids, token, o.table, cols],
  );
  const values: unknown[] = [o.ids];
  const sets = cols.map((c) => {
    values.push(o.set[c]);
    return `${c} = $${values.length}`;
  });
  const count = (
    await tx.query(
      `update ${o.table} set ${sets.join(', ')}, version = version + 1, updated_at = now() where id = any($1::int[]) returning id`,
      values,
    )
  ).rows.length;
  await tx.query('update undo_log set count = $2 where token = $1', [token, count]);
  return { token, count };
}

/**
 * Puts back what the write of `token` changed, if `userId` made it for `resource` and it has
 * not run out. Refuses (409, nothing changed) when a record changed since or a name it had
 * is taken now. Returns how many records it put back.
 */
/**
 * Writes each row's own values through `write` (the resource's update, with the version the
 * row was read at: a stale one throws and nothing stays written), keeping the columns set as
 * they were, so the undo of this token sets them back as one step, as a bulk change's.
 */
export async function updateEachKept(
  tx: Tx,
  o: {
    resource: string;
    table: string;
    rows: readonly { id: number; version: number; set: Readonly<Record<string, unknown>> }[];
    userId: number | null;
    write: (id: number, data: Record<string, unknown>) => Promise<unknown>;
  },
): Promise<Kept> {
  const token = randomBytes(16).toString('base64url');
  const cols = [...new Set(o.rows.flatMap((r) => Object.keys(r.set)))];
  const ids = o.rows.map((r) => r.id);
  await tx.query(
    `insert into undo_log (token, user_id, resource, kind, count, expires_at) values ($1, $2, $3, 'update', $4, now() + make_interval(secs => $5))`,
    [token, o.userId, o.resource, ids.length, UNDO_SECONDS],
  );
  // Kept as read now; a row whose version is not the one sent fails its write below.
  await tx.query(
    `insert into undo_rows (token, seq, tbl, how, cols, rows)
     select $2, 0, $3, 'update', $4, coalesce(jsonb_agg(jsonb_build_object('id', id, 'version', version${cols.map((c) => `, '${c}', ${c}`).join('')})), '[]')
     from ${o.table} where id = any($1::int[])`,
    [ids, token, o.table, cols],
  );
  for (const row of o.rows) await o.write(row.id, { ...row.set, version: row.version });
  return { token, count: ids.length };
}

/** A link table of a record: `key` names the record, `col` the other end (offer_cards: offer_id, card_id). */
export interface LinkTable {
  table: string;
  key: string;
  col: string;
}

/**
 * Runs `write` (the resource's own update of record `id`, version checked, its hooks relinking)
 * and keeps the record's links in `links` as they were, so the undo of this token sets them
 * back as one step, only while the record's version is still the one the write left.
 */
export async function linksKept(
  tx: Tx,
  o: {
    resource: string;
    table: string;
    id: number;
    links: readonly LinkTable[];
    userId: number | null;
    write: () => Promise<unknown>;
  },
): Promise<Kept> {
  const before = [];
  for (const l of o.links) {
    const ids = (
      await tx.query<{ id: number }>(`select ${l.col} as id from ${l.table} where ${l.key} = $1 order by 1`, [o.id])
    ).rows.map((r) => r.id);
    before.push({ ...l, ids });
  }
  await o.write();
  const version = (await tx.query<{ version: number }>(`select version from ${o.table} where id = $1`, [o.id])).rows[0]
    ?.version;
  const token = randomBytes(16).toString('base64url');
  await tx.query(
    `insert into undo_log (token, user_id, resource, kind, count, expires_at) values ($1, $2, $3, 'update', 1, now() + make_interval(secs => $4))`,
    [token, o.userId, o.resource, UNDO_SECONDS],
  );
  await tx.query(`insert into undo_rows (token, seq, tbl, how, rows) values ($1, 0, $2, 'links', $3::jsonb)`, [
    token,
    o.table,
    JSON.stringify([{ id: o.id, version, links: before }]),
  ]);
  return { token, count: 1 };
}

/** Sets back the link sets `linksKept` kept; refuses (naming the record) when it changed or went since. */
async function setBackLinks(tx: Tx, token: string, part: Part): Promise<void> {
  const kept = (
    await tx.query<{ rows: { id: number; version: number; links: (LinkTable & { ids: number[] })[] }[] }>(
      'select rows from undo_rows where token = $1 and seq = $2',
      [token, part.seq],
    )
  ).rows[0].rows;
  for (const row of kept) {
    const now = (
      await tx.query<{ version: number }>(`select version from ${part.tbl} where id = $1 for update`, [row.id])
    ).rows[0];
    if (!now || now.version !== row.version) {
      const text = now
        ? `${await describeRow(tx, part.tbl, row.id)} has changed since, so nothing was undone.`
        : `${tableWord(part.tbl)} ${row.id} has been deleted since, so nothing was undone.`;
      throw new HttpError(409, text, { token: [text] });
    }
    for (const l of row.links) {
      await tx.query(`delete from ${l.table} where ${l.key} = $1`, [row.id]);
      if (l.ids.length)
        await tx.query(`insert into ${l.table} (${l.key}, ${l.col}) select $1, unnest($2::int[])`, [row.id, l.ids]);
    }
    await tx.query(`update ${part.tbl} set version = version + 1, updated_at = now() where id = $1`, [row.id]);
  }
}

/**
 * Inserts `rows` into `table` (a link table's rows; those already there are left), keeping the
 * ones added for an undo by `userId` that deletes them again: a merge moving links onto the
 * record it keeps (server/services/health.ts).
 */
export async function insertKept(
  tx: Tx,
  o: { resource: string; table: string; rows: readonly Record<string, unknown>[]; userId: number | null },
): Promise<Kept> {
  const token = randomBytes(16).toString('base64url');
  const cols = Object.keys(o.rows[0] ?? {});
  await tx.query(
    `insert into undo_log (token, user_id, resource, kind, count, expires_at) values ($1, $2, $3, 'update', 0, now() + make_interval(secs => $4))`,
    [token, o.userId, o.resource, UNDO_SECONDS],
  );
  const added = cols.length
    ? (
        await tx.query<Record<string, unknown>>(
          `insert into ${o.table} (${cols.join(', ')}) select ${cols.join(', ')} from jsonb_populate_recordset(null::${o.table}, $1::jsonb)
           on conflict do nothing returning ${cols.join(', ')}`,
          [JSON.stringify(o.rows)],
        )
      ).rows
    : [];
  await tx.query(
    `insert into undo_rows (token, seq, tbl, how, cols, rows) values ($1, 0, $2, 'remove', $3, $4::jsonb)`,
    [token, o.table, cols, JSON.stringify(added)],
  );
  await tx.query('update undo_log set count = $2 where token = $1', [token, added.length]);
  return { token, count: added.length };
}

export async function undoKept(tx: Tx, token: string, resource: string, userId: number | null): Promise<number> {
  // `for update`: of two undos of one write, the second waits and then finds nothing.
  const entry = (
    await tx.query<{ kind: string; count: number }>(
      'select kind, count from undo_log where token = $1 and resource = $2 and user_id is not distinct from $3 and expires_at > now() for update',
      [token, resource, userId],
    )
  ).rows[0];
  // Gone, someone else's or run out: the same answer, nothing to tell apart.
  if (!entry) throw new HttpError(404, 'This can no longer be undone.', { token: ['This can no longer be undone.'] });
  const parts = (
    await tx.query<{ seq: number; tbl: string; how: string; cols: string[] | null; guard: string | null; n: number }>(
      'select seq, tbl, how, cols, guard, jsonb_array_length(rows)::int as n from undo_rows where token = $1 order by seq',
      [token],
    )
  ).rows;
  // Deleted rows first (parents before children), then the changed columns, then the rows a
  // write added (removed).
  // Offers are put back as an onboarding writes them, with their links: the triggers
  // stand aside and the search backlog indexes them once this has committed (server/services/
  // searchBacklog.ts; offer.undo touches offers, so it runs). Computing their text per row and
  // again per link was most of an undo of 10,000.
  const offersBack = parts.some((p) => p.how === 'insert' && p.tbl === 'offers');
  for (const part of parts.filter((p) => p.how === 'insert')) {
    const backlog = offersBack && BACKLOG.has(part.tbl);
    if (backlog) await tx.query("set local app.search_text = 'deferred'");
    await reinsert(tx, token, part.seq, part.tbl);
    if (backlog) await tx.query("set local app.search_text = ''");
  }
  for (const part of parts.filter((p) => p.how === 'update')) {
    if (part.guard) await setBackChanges(tx, token, part);
    else await setBackBulk(tx, token, part);
  }
  for (const part of parts.filter((p) => p.how === 'links')) await setBackLinks(tx, token, part);
  for (const part of parts.filter((p) => p.how === 'remove')) {
    // `=` where the column cannot be null: `is not distinct from` is no index condition, and
    // undoing a merge's two links scanned every offer's links (317 ms at a million offers).
    const notNull = new Set(
      (
        await tx.query<{ col: string }>(
          'select attname as col from pg_attribute where attrelid = $1::regclass and attnum > 0 and attnotnull',
          [part.tbl],
        )
      ).rows.map((r) => r.col),
    );
    const match = (part.cols ?? [])
      .map((c) => (notNull.has(c) ? `t.${c} = r.${c}` : `t.${c} is not distinct from r.${c}`))
      .join(' and ');
    if (match)
      await tx.query(
        `delete from ${part.tbl} t using undo_rows u cross join lateral jsonb_populate_recordset(null::${part.tbl}, u.rows) r
         where u.token = $1 and u.seq = $2 and ${match}`,
        [token, part.seq],
      );
  }
  await tx.query('delete from undo_log where token = $1', [token]);
  return entry.count;
}

interface Part {
  seq: number;
  tbl: string;
  cols: string[] | null;
  n: number;
}

/**
 * Sets back the columns a delete (or its caller) changed on rows it kept, where each row still
 * has the values the write left; a row changed again since refuses the undo, naming it. Only
 * those columns are written: no version moves, and edits of other columns stay.
 */
async function setBackChanges(tx: Tx, token: string, part: Part): Promise<void> {
  const cols = part.cols ?? [];
  if (!cols.length) return;
  const kept =
    '(select x from undo_rows u cross join lateral jsonb_array_elements(u.rows) x where u.token = $1 and u.seq = $2) k';
  // Locked, so none changes between this look and the write.
  const rows = (
    await tx.query<{ id: number; changed: boolean }>(
      `select t.id, exists (select 1 from jsonb_each(k.x -> 'after') a where ${rowObject(cols)} -> a.key is distinct from a.value) as changed
       from ${kept} join ${part.tbl} t on t.id = (k.x ->> 'id')::int order by t.id for update of t`,
      [token, part.seq],
    )
  ).rows;
  const changed = rows.find((r) => r.changed);
  if (changed) {
    const text = `${await describeRow(tx, part.tbl, changed.id)} has changed its link since, so nothing was undone.`;
    throw new HttpError(409, text, { token: [text] });
  }
  const sets = cols.map(
    (c) =>
      `${c} = case when (k.x -> 'before') ? '${c}' then (jsonb_populate_record(null::${part.tbl}, k.x -> 'before')).${c} else t.${c} end`,
  );
  await tx.query(`update ${part.tbl} t set ${sets.join(', ')} from ${kept} where t.id = (k.x ->> 'id')::int`, [
    token,
    part.seq,
  ]);
}

/** Sets back what a bulk change set, each version up by one; refuses (naming them) when a record changed or went since. */
async function setBackBulk(tx: Tx, token: string, part: Part): Promise<void> {
  const kept = `(select r.* from undo_rows u cross join lateral jsonb_populate_recordset(null::${part.tbl}, u.rows) r where u.token = $1 and u.seq = $2) r`;
  // First the records changed since (their version is not the change's) and those gone: any
  // refuses the undo. Locked, so none changes between this look and the write.
  const found = (
    await tx.query<{ id: number; same: boolean }>(
      `select t.id, t.version = r.version + 1 as same from ${kept} join ${part.tbl} t on t.id = r.id order by t.id for update of t`,
      [token, part.seq],
    )
  ).rows;
  const stale = found.filter((r) => !r.same);
  const gone = part.n - found.length;
  if (stale.length || gone) {
    const named = stale.length
      ? `${await describeRow(tx, part.tbl, stale[0].id)}${stale.length > 1 ? ` and ${stale.length - 1} more` : ''} ${stale.length === 1 ? 'has' : 'have'} changed since`
      : '';
    const deleted = gone ? `${gone.toLocaleString('en')} ${gone === 1 ? 'has' : 'have'} been deleted since` : '';
    const text = `${[named, deleted].filter(Boolean).join('; ')}, so nothing was undone.`;
    throw new HttpError(409, text, { token: [text] });
  }
  const sets = part.cols!.map((c) => `${c} = r.${c}`);
  await tx.query(
    `update ${part.tbl} t set ${sets.join(', ')}, version = t.version + 1, updated_at = now() from ${kept} where t.id = r.id`,
    [token, part.seq],
  );
}

/** Tables whose records read better by another word than their table's. */
/** The column that names a record, the first of these a table has. */
export const NAME_COLUMNS = ['title', 'name', 'merchant_name', 'label', 'email', 'type'];

/** 'Hero banner “Summer dining”' (or 'Hero banner 4' when it has no name). */
async function describeRow(tx: Tx, table: string, id: number): Promise<string> {
  const word = tableWord(table);
  const cols = await columnsOf(tx, table);
  const col = NAME_COLUMNS.find((c) => cols.includes(c));
  const name = col
    ? (await tx.query<{ name: string | null }>(`select ${col}::text as name from ${table} where id = $1`, [id])).rows[0]
        ?.name
    : null;
  return name ? `${word} “${name}”` : `${word} ${id}`;
}

/** An offer and the links its search text reads: put back with the offer, the backlog indexes it. */
const BACKLOG = new Set(['offers', 'offer_cards', 'offer_outlets']);

/** Puts kept rows back with their ids; in a positioned list, at their places. An offer waits for the search backlog. */
async function reinsert(tx: Tx, token: string, seq: number, table: string) {
  const cols = await columnsOf(tx, table);
  const value = (c: string) => (table === 'offers' && c === 'search_text' ? 'null' : `r.${c}`);
  const from = `from undo_rows u cross join lateral jsonb_populate_recordset(null::${table}, u.rows) r where u.token = $1 and u.seq = $2`;
  if (cols.includes('position')) {
    const places = (await tx.query<{ position: number }>(`select r.position ${from} order by r.position`, [token, seq]))
      .rows;
    for (const { position } of places)
      await tx.query(`update ${table} set position = position + 1 where position >= $1`, [position]);
  }
  await tx.query(`insert into ${table} (${cols.join(', ')}) select ${cols.map(value).join(', ')} ${from}`, [
    token,
    seq,
  ]);
}

/**
 * Ends undo entries that ran out (at most `limit` at a time); returns how many. The files of
 * the rows they kept are no longer kept for them (server/services/storageCleanup.ts).
 */
export async function purgeExpired(tx: Tx, limit = 500): Promise<number> {
  const gone = await tx.query(
    'delete from undo_log where token in (select token from undo_log where expires_at <= now() order by expires_at limit $1) returning token',
    [limit],
  );
  return gone.rows.length;
}
