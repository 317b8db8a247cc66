// Undoable writes (server/db/migrations/013_undo.sql): a delete or a bulk change keeps, in
// its own transaction, the rows as they were, under a token its answer carries; an undo
// with that token puts them back in one transaction, or refuses with nothing changed.
//
// What a delete takes with it is read from the database's own foreign keys, so no table
// has to be listed here: rows that cascade are kept and put back after their parent; links
// the delete set to null are kept and set back where nothing relinked them since. A table
// with a `position` (a homepage list) takes its rows back at their places, the rows after
// them moving down one.
import { randomBytes } from 'node:crypto';
import { UNDO_SECONDS } from '../../contract/bulk';
import type { Tx } from '../db/connection';
import { HttpError } from '../errors';
import { columnsOf, referencesTo } from '../repositories/foreignKeys';

/** Tables a delete's cascade reaches that an undo does not bring back: sign-ins end with their account. */
const NOT_KEPT = new Set(['sessions', 'undo_log', 'undo_rows']);

/** How deep a cascade is followed (offers → selected offers is 1). */
const MAX_DEPTH = 4;

export interface Kept {
  token: string;
  count: number;
}

/**
 * Deletes the rows of `table` with ids `ids`, keeping them (and what their delete changes
 * elsewhere) for an undo by `userId`. `files`: the table's upload columns, whose files stay
 * until the undo is no longer possible. A delete a rule refuses (a restricting reference)
 * throws the database's error, and nothing is kept.
 */
export async function deleteKept(tx: Tx, o: { resource: string; table: string; ids: readonly number[]; userId: number | null; files?: readonly string[] }): Promise<Kept> {
  const token = randomBytes(16).toString('base64url');
  await tx.query(`insert into undo_log (token, user_id, resource, kind, count, expires_at) values ($1, $2, $3, 'delete', 0, now() + make_interval(secs => $4))`, [token, o.userId, o.resource, UNDO_SECONDS]);
  let seq = 0;
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
      else if (fk.action === 'n' && (await columnsOf(tx, fk.child)).includes('id')) {
        const cols = (await columnsOf(tx, fk.child)).filter((c) => c !== 'id');
        await tx.query(
          `insert into undo_rows (token, seq, tbl, how, cols, guard, rows) select $2, $3, $4, 'update', $5, $6, jsonb_agg(to_jsonb(t)) from ${fk.child} t where ${childWhere} having count(*) > 0`,
          [o.ids, token, seq++, fk.child, cols, fk.col],
        );
      }
    }
  };
  await keep(o.table, 'id = any($1::int[])', 0);
  const files = [];
  for (const col of o.files ?? []) {
    files.push(...(await tx.query<{ f: string }>(`select ${col} as f from ${o.table} where id = any($1::int[]) and ${col} is not null`, [o.ids])).rows.map((r) => r.f));
  }
  const count = (await tx.query(`delete from ${o.table} where id = any($1::int[]) returning id`, [o.ids])).rows.length;
  await tx.query('update undo_log set count = $2, files = $3 where token = $1', [token, count, files]);
  return { token, count };
}

/**
 * Sets `set` on the rows of `table` with ids `ids` (each row's version goes up by one),
 * keeping the columns as they were for an undo by `userId`.
 */
export async function updateKept(tx: Tx, o: { resource: string; table: string; ids: readonly number[]; userId: number | null; set: Readonly<Record<string, unknown>> }): Promise<Kept> {
  const token = randomBytes(16).toString('base64url');
  const cols = Object.keys(o.set);
  await tx.query(`insert into undo_log (token, user_id, resource, kind, count, expires_at) values ($1, $2, $3, 'update', 0, now() + make_interval(secs => $4))`, [token, o.userId, o.resource, UNDO_SECONDS]);
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
  const count = (await tx.query(`update ${o.table} set ${sets.join(', ')}, version = version + 1, updated_at = now() where id = any($1::int[]) returning id`, values)).rows.length;
  await tx.query('update undo_log set count = $2 where token = $1', [token, count]);
  return { token, count };
}

/**
 * Puts back what the write of `token` changed, if `userId` made it for `resource` and it has
 * not run out. Refuses (409, nothing changed) when a record changed since or a name it had
 * is taken now. Returns how many records it put back.
 */
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
  const parts = (await tx.query<{ seq: number; tbl: string; how: string; cols: string[] | null; guard: string | null; n: number }>(
    'select seq, tbl, how, cols, guard, jsonb_array_length(rows)::int as n from undo_rows where token = $1 order by seq',
    [token],
  )).rows;
  // Deleted rows first (parents before children), then the links and the changed columns.
  for (const part of parts.filter((p) => p.how === 'insert')) await reinsert(tx, token, part.seq, part.tbl);
  for (const part of parts.filter((p) => p.how === 'update')) {
    const sets = part.cols!.map((c) => `${c} = r.${c}`);
    const guard = part.guard ? `t.${part.guard} is null` : 't.version = r.version + 1';
    const done = (
      await tx.query(
        `update ${part.tbl} t set ${sets.join(', ')}${part.guard ? '' : ', version = t.version + 1, updated_at = now()'}
         from undo_rows u cross join lateral jsonb_populate_recordset(null::${part.tbl}, u.rows) r
         where u.token = $1 and u.seq = $2 and t.id = r.id and ${guard} returning t.id`,
        [token, part.seq],
      )
    ).rows.length;
    if (!part.guard && done < part.n) {
      const changed = part.n - done;
      throw new HttpError(409, `${changed.toLocaleString('en')} of them ${changed === 1 ? 'has' : 'have'} changed or gone since, so nothing was undone.`);
    }
  }
  await tx.query('delete from undo_log where token = $1', [token]);
  return entry.count;
}

/** Puts kept rows back with their ids; in a positioned list, at their places. */
async function reinsert(tx: Tx, token: string, seq: number, table: string) {
  const cols = await columnsOf(tx, table);
  const from = `from undo_rows u cross join lateral jsonb_populate_recordset(null::${table}, u.rows) r where u.token = $1 and u.seq = $2`;
  if (cols.includes('position')) {
    const places = (await tx.query<{ position: number }>(`select r.position ${from} order by r.position`, [token, seq])).rows;
    for (const { position } of places) await tx.query(`update ${table} set position = position + 1 where position >= $1`, [position]);
  }
  await tx.query(`insert into ${table} (${cols.join(', ')}) select ${cols.map((c) => `r.${c}`).join(', ')} ${from}`, [token, seq]);
}

/**
 * Ends undo entries that ran out (at most `limit` at a time). Returns the files of the rows
 * they kept, for the caller to remove once this has committed.
 */
export async function purgeExpired(tx: Tx, limit = 500): Promise<string[]> {
  const gone = await tx.query<{ files: string[] }>(
    'delete from undo_log where token in (select token from undo_log where expires_at <= now() order by expires_at limit $1) returning files',
    [limit],
  );
  return gone.rows.flatMap((r) => r.files);
}
