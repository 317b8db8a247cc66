// The audit log's writing side (server/db/migrations/019_audit_log.sql). registerOperation
// (server/http/handle.ts) opens every write call with `beginAudit` (the database's triggers then
// stage each row the call writes) and ends it, in the same transaction, with `recordAudit`: the
// staged rows are folded into one entry (per record: the row as it was and as the call left
// it) and deleted. A call that fails rolls back its staged rows with the rest, so it leaves no
// entry; a refusal whose writes stand (`keepWrites`) drops them with `discardAudit`.
//
// The entry's record: the one row the call changed in its resource's table (else the one row it
// changed anywhere); a call changing many is one `mass` entry with per table its counts and ids.
import { randomBytes } from 'node:crypto';
import type { AnyOp } from '@contract/operation';
import type { AuditKind } from '@contract/audit';
import { homepageResources } from '@contract/homepage';
import { resources } from '@contract/resources';
import type { Tx } from '../db/connection';
import { changedFields } from '../repositories/auditLog';
import { privacyOf, type Privacy } from './privateRows';
import { NAME_COLUMNS } from './undo';

/** A call that changed more rows than this keeps their counts and ids, not the rows (no revert). */
export const MAX_KEPT_ROWS = 200;

/** Bookkeeping the triggers see (a batch marked done publishes a long call) but no entry names. */
const BOOKKEEPING = new Set(['write_batches']);

const byTable = new Map<string, string>(
  [...resources, ...homepageResources].map((r) => [r.storage.table, r.name] as const),
);
const tableOfResource = new Map<string, string>([
  ...[...resources, ...homepageResources].map((r) => [r.name, r.storage.table] as const),
  // Operations of a resource with no CRUD entry still have a main table: a page's save also
  // writes a version row, a notification its pieces; the entry names the page, the notification.
  ['cms', 'cms_pages'],
  ['notification', 'notifications'],
]);
/** The record type an entry names for a row of `table`: its resource, else the table. */
const resourceOfTable = (table: string) => byTable.get(table) ?? (table === 'settings' ? 'settings' : table);

/** One row the call changed: null `before` (it made the row) or `after` (it deleted it). */
export interface Change {
  tbl: string;
  /** The row's id as text, or the whole row's JSON for a table without ids (links). */
  key: string;
  id: number | null;
  existed: boolean;
  exists: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Marks the transaction as a call's: from here the triggers stage what it writes. */
export async function beginAudit(tx: Tx): Promise<string> {
  const call = randomBytes(9).toString('base64url');
  await tx.query("select set_config('app.audit', $1, true)", [call]);
  return call;
}

/** Stops staging and drops what was staged (a refusal whose counted writes stand). */
export async function discardAudit(tx: Tx, call: string): Promise<void> {
  await tx.query("select set_config('app.audit', '', true)");
  await tx.query('delete from audit_staging where call = $1', [call]);
}

/**
 * Takes the call's staged rows out (deleting them) as one change per row: the row before its
 * first write and after its last, rows left as they were dropped. Past MAX_KEPT_ROWS the rows'
 * images are not returned (`kept` false).
 */
async function takeChanges(tx: Tx, call: string): Promise<{ changes: Change[]; kept: boolean }> {
  await tx.query("select set_config('app.audit', '', true)");
  const rows = (
    await tx.query<{
      tbl: string;
      key: string;
      existed: boolean;
      exists: boolean;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      n: number;
    }>(
      `with gone as (delete from audit_staging where call = $1 returning seq, tbl, is_old, row),
       s as (select seq, tbl, is_old, row, coalesce(row ->> 'id', row::text) as key from gone),
       f as (select distinct on (tbl, key) tbl, key, seq as first_seq, case when is_old then row end as before
             from s order by tbl, key, seq),
       l as (select distinct on (tbl, key) tbl, key, case when not is_old then row end as after
             from s order by tbl, key, seq desc),
       c as (select f.tbl, f.key, f.first_seq, f.before, l.after from f join l using (tbl, key)),
       -- A key staged alone ('~': a big statement's row) always counts as changed.
       d as (select *, count(*) over ()::int as n from c
             where coalesce(before ? '~', false) or coalesce(after ? '~', false)
               or (before - $2::text[]) is distinct from (after - $2::text[]))
       select tbl, key, before is not null as existed, after is not null as exists,
         case when n <= $3 then before end as before, case when n <= $3 then after end as after, n
       from d order by first_seq`,
      // Any column but the derived search text tells a change: a save that moved only the
      // version is a write too (a bank's rename refreshing its cards' search text is not).
      [call, ['search_text'], MAX_KEPT_ROWS],
    )
  ).rows;
  return {
    kept: (rows[0]?.n ?? 0) <= MAX_KEPT_ROWS && !rows.some((r) => r.before?.['~'] || r.after?.['~']),
    changes: rows.map(({ n: _n, ...r }) => ({ ...r, id: /^\d+$/.test(r.key) ? Number(r.key) : null })),
  };
}

/** Who made the call and how it is told apart in the server's log. */
export interface AuditCall {
  op: AnyOp;
  actor: { id: number; name: string } | null;
  /** The id the call names in its path, if any (a record it meant, should it change none). */
  recordId: number | null;
  requestId: string;
}

/** An entry written: its id, and who its record's change event is for (server/services/privateRows.ts). */
export interface Written {
  id: number;
  privacy: Privacy;
}

/** Folds the call's staged rows into its one entry. Returns the entry (null: it changed nothing). */
export async function recordAudit(tx: Tx, call: string, who: AuditCall): Promise<Written | null> {
  const { changes, kept } = await takeChanges(tx, call);
  return writeEntry(tx, who, changes, kept);
}

/**
 * Writes the entry for `changes` (merged across a long call's units, or one call's). A call
 * that changed no record's row (a save that changed nothing, a sign-in) is no write to log:
 * no entry, null. An entry of a private row is its owner's alone (`private_to`).
 */
async function writeEntry(tx: Tx, who: AuditCall, all: Change[], kept: boolean): Promise<Written | null> {
  const changes = all.filter((c) => !BOOKKEEPING.has(c.tbl) && (c.existed || c.exists));
  if (!changes.length) return null;
  const records = changes.filter((c) => c.id !== null);
  const own = tableOfResource.get(who.op.resource ?? '');
  const mine = records.filter((c) => c.tbl === own);
  const main = mine.length ? mine : records;
  const one = main.length === 1 ? main[0] : null;
  const kind: AuditKind = one
    ? !one.existed
      ? 'create'
      : !one.exists
        ? 'delete'
        : 'update'
    : main.length
      ? 'mass'
      : 'none';
  const tables: Record<string, { added: number; changed: number; removed: number; ids: number[] }> = {};
  for (const c of changes) {
    const t = (tables[c.tbl] ??= { added: 0, changed: 0, removed: 0, ids: [] });
    if (!c.existed) t.added++;
    else if (!c.exists) t.removed++;
    else t.changed++;
    if (c.id !== null) t.ids.push(c.id);
  }
  const image = one && kept ? (one.after ?? one.before) : null;
  const nameCol = image ? NAME_COLUMNS.find((k) => typeof image[k] === 'string') : undefined;
  const resource = one
    ? resourceOfTable(one.tbl)
    : main.length
      ? resourceOfTable(main[0].tbl)
      : (who.op.resource ?? null);
  const privacy = privacyOf(one ?? null, who.actor?.id ?? null);
  const res = await tx.query<{ id: string }>(
    `insert into audit_log (actor_id, actor_name, operation, resource, tbl, record_id, label, kind, count, tables, changes, request_id, private_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      who.actor?.id ?? null,
      who.actor?.name ?? null,
      who.op.id,
      resource,
      one?.tbl ?? (main.length ? main[0].tbl : null),
      one?.id ?? (main.length ? null : who.recordId),
      nameCol ? String(image![nameCol]) : null,
      kind,
      main.length,
      JSON.stringify(tables),
      kept && changes.length
        ? JSON.stringify(changes.map(({ tbl, key, before, after }) => ({ tbl, key, before, after })))
        : null,
      who.requestId,
      privacy.entry,
    ],
  );
  const id = Number(res.rows[0].id);
  await writeRows(tx, id, changes, kept);
  return { id, privacy };
}

/**
 * The entry's rows in `audit_rows` (migration 026), what a revert's history reads: each with how
 * it changed and, kept whole, which fields. A call too big to keep its rows names those with
 * ids (its links' history is told by whether they exist: server/services/revertPlan.ts).
 */
async function writeRows(tx: Tx, entryId: number, changes: Change[], kept: boolean): Promise<void> {
  const rows = changes
    .filter((c) => kept || c.id !== null)
    .map((c) => ({
      tbl: c.tbl,
      key: c.key,
      how: !c.existed ? 'create' : !c.exists ? 'delete' : 'update',
      fields: kept && c.before && c.after ? changedFields(c.before, c.after) : null,
    }));
  await tx.query(
    `insert into audit_rows (entry_id, tbl, key, how, fields)
     select $1, r.tbl, r.key, r.how, r.fields from jsonb_to_recordset($2::jsonb) as r(tbl text, key text, how text, fields text[])`,
    [entryId, JSON.stringify(rows)],
  );
}

/** What an export says it exported (contract/export.ts): its search, filters and sort, or the ids. */
export interface Exported {
  resource: string;
  table: string;
  count: number;
  detail: Record<string, unknown>;
}

/**
 * The entry of an export of people's data: no row changed, so the call's own entry is none
 * (recordAudit finds nothing staged); this one says who exported how many rows of what.
 */
export async function writeExport(tx: Tx, who: AuditCall, e: Exported): Promise<number> {
  const res = await tx.query<{ id: string }>(
    `insert into audit_log (actor_id, actor_name, operation, resource, tbl, kind, count, detail, request_id)
     values ($1, $2, $3, $4, $5, 'export', $6, $7, $8) returning id`,
    [
      who.actor?.id ?? null,
      who.actor?.name ?? null,
      who.op.id,
      e.resource,
      e.table,
      e.count,
      JSON.stringify(e.detail),
      who.requestId,
    ],
  );
  return Number(res.rows[0].id);
}

/**
 * A long call's units (server/services/batches.ts): each stages and folds what it wrote; the
 * entry is written in the unit that publishes the batch (marks it done), so the rows and their
 * entry appear together. `finish` writes it after the call if no unit did.
 */
export function longAudit(who: AuditCall) {
  const merged = new Map<string, Change>();
  let kept = true;
  let written = false;
  return {
    async fold(tx: Tx, call: string) {
      const taken = await takeChanges(tx, call);
      kept &&= taken.kept;
      let published = false;
      for (const c of taken.changes) {
        const k = `${c.tbl} ${c.key}`;
        const was = merged.get(k);
        merged.set(k, was ? { ...c, existed: was.existed, before: was.before } : c);
        if (c.tbl === 'write_batches' && c.after?.state === 'done') published = true;
      }
      if (merged.size > MAX_KEPT_ROWS) kept = false;
      if (published && !written) {
        written = true;
        await writeEntry(tx, who, [...merged.values()], kept);
      }
    },
    async finish(tx: Tx) {
      if (!written) await writeEntry(tx, who, [...merged.values()], kept);
    },
    get written() {
      return written;
    },
  };
}

/** Deletes entries older than `days` (at most `limit` at a time); returns how many went. */
export async function pruneAudit(tx: Tx, days: number, limit = 5000): Promise<number> {
  return (
    await tx.query(
      `delete from audit_log where id in (select id from audit_log where at < now() - make_interval(days => $1) order by id limit $2) returning id`,
      [days, limit],
    )
  ).rows.length;
}
