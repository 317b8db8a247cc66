// Reverting an audit entry (contract/audit.ts revertAudit): every row the entry's call changed is
// set back as it was before, last change first (a created record's links go before it, a deleted
// record comes back before its links), in the revert call's own transaction, which the audit log
// records as any write. Only where each row is still as that call left it: otherwise a 409
// names the record and the fields changed since, and nothing is written.
import type { Tx } from '../db/connection';
import { HttpError } from '../errors';
import { fieldLabel } from '../errors';
import { NOT_COMPARED, type StoredChange, type StoredEntry } from '../repositories/auditLog';
import { columnsOf } from '../repositories/foreignKeys';
import { describeRow } from './undo';

type Row = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `now` that differ from `then`, less those every write moves. */
const differing = (then: Row, now: Row) =>
  Object.keys({ ...then, ...now }).filter((k) => !NOT_COMPARED.includes(k) && !same(then[k], now[k]));

/** The row a change names as it is now (locked until the revert ends), or null when gone. */
async function current(tx: Tx, c: StoredChange): Promise<Row | null> {
  const image = 'audit_image(to_jsonb(t))';
  const sql = /^\d+$/.test(c.key)
    ? `select ${image} as row from ${c.tbl} t where id = $1::int for update`
    : `select ${image} as row from ${c.tbl} t where ${image} = $1::jsonb for update`;
  return (await tx.query<{ row: Row }>(sql, [c.key])).rows[0]?.row ?? null;
}

/** How a row reads in a refusal: its record ('Bank “Emirates NBD”'), or its table's link. */
async function named(tx: Tx, c: StoredChange): Promise<string> {
  if (/^\d+$/.test(c.key)) return describeRow(tx, c.tbl, Number(c.key));
  return `A link in ${c.tbl.replace(/_/g, ' ')}`;
}

export async function revertEntry(tx: Tx, entry: StoredEntry): Promise<void> {
  const changes = entry.changes;
  if (!changes?.length) {
    const text =
      entry.kind === 'none'
        ? 'This entry changed no record: there is nothing to revert.'
        : `This entry changed ${entry.count.toLocaleString('en')} records, too many to keep: it cannot be reverted here.`;
    throw new HttpError(422, text, { id: [text] });
  }
  // Every row first: any changed since refuses the whole revert, naming what changed.
  const stale: string[] = [];
  for (const c of changes) {
    const now = await current(tx, c);
    if (!c.after && now) stale.push(`${await named(tx, c)} exists again`);
    else if (c.after && !now) stale.push(`${await named(tx, c)} has been deleted since`);
    else if (c.after && now) {
      const fields = differing(c.after, now);
      if (fields.length) stale.push(`${await named(tx, c)} has changed since: ${fields.map(fieldLabel).join(', ')}`);
    }
    if (c.tbl === 'users' && !c.after && c.before)
      stale.push('A deleted account cannot come back: its password is not kept');
  }
  if (stale.length) {
    const text = `${stale.join('; ')}. Nothing was reverted.`;
    throw new HttpError(409, text, { id: [text] });
  }
  for (const c of [...changes].reverse()) {
    if (!c.before) await remove(tx, c);
    else if (!c.after) await reinsert(tx, c.tbl, c.before);
    else await setBack(tx, c.tbl, Number(c.key), c.before, c.after);
  }
}

async function remove(tx: Tx, c: StoredChange) {
  if (/^\d+$/.test(c.key)) await tx.query(`delete from ${c.tbl} where id = $1::int`, [c.key]);
  else await tx.query(`delete from ${c.tbl} t where audit_image(to_jsonb(t)) = $1::jsonb`, [c.key]);
}

/** Puts a deleted row back with its id; the triggers compute its search text again. */
async function reinsert(tx: Tx, table: string, row: Row) {
  const cols = (await columnsOf(tx, table)).filter((c) => c in row);
  await tx.query(
    `insert into ${table} (${cols.join(', ')}) select ${cols.map((c) => `r.${c}`).join(', ')} from jsonb_populate_record(null::${table}, $1::jsonb) r`,
    [JSON.stringify(row)],
  );
}

/** Sets back the fields the change moved; the version moves on (an edit open elsewhere is stale). */
async function setBack(tx: Tx, table: string, id: number, before: Row, after: Row) {
  const cols = await columnsOf(tx, table);
  // A password is kept as a fingerprint only (migration 019 audit_image): it stays as it is.
  const fields = differing(before, after).filter((c) => cols.includes(c) && c !== 'password_hash');
  if (!fields.length) return;
  const sets = fields.map((c) => `${c} = r.${c}`);
  if (cols.includes('version')) sets.push('version = t.version + 1');
  if (cols.includes('updated_at')) sets.push('updated_at = now()');
  await tx.query(
    `update ${table} t set ${sets.join(', ')} from jsonb_populate_record(null::${table}, $1::jsonb) r where t.id = $2`,
    [JSON.stringify(before), id],
  );
}
