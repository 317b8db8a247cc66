// Reverting an audit entry (contract/audit.ts revertAudit), and the log's answer to "can it be
// reverted?" for a page of entries: both read the same facts (server/repositories/revertFacts.ts)
// and ask the same decision (server/services/revertPlan.ts), so `revertible` is what the revert
// answers. The revert then writes every row back in the call's own transaction, which the
// audit log records as any write: a deleted row comes back with its id before the links that
// name it (an offer, then its cards, outlets and homepage places), changed fields are set back
// (their version moving on, so an edit open elsewhere is stale), and a created row goes after
// its links. It runs under the accounts' rule when it writes accounts (server/services/users.ts),
// which counts the active admins again on what the revert left.
import { revertAudit, tableWord } from '@contract/audit';
import type { User } from '@contract/auth';
import { mayRun } from '@contract/roles';
import type { Tx } from '../db/connection';
import { refusalOf } from '../db/constraintErrors';
import { HttpError } from '../errors';
import { getEntry, type StoredChange, type StoredEntry } from '../repositories/auditLog';
import {
  columnsOf,
  primaryKeyOf,
  referencesFrom,
  referencesTo,
  rowRulesOf,
  type ForeignKey,
  type RowRules,
} from '../repositories/foreignKeys';
import { lockList, type ListTable } from '../repositories/homepagePositions';
import {
  accountNames,
  existingValues,
  laterChanges,
  restricting,
  rowsNow,
  rulesBroken,
} from '../repositories/revertFacts';
import { endSessionsAfter } from '../repositories/users';
import {
  accountsCall,
  decide,
  inOrder,
  referencesNeeded,
  stepsOf,
  usesRefusing,
  wouldBe,
  type Facts,
  type Step,
} from './revertPlan';
import { activeAdmins, guardedBy, userRules } from './users';

type Row = Record<string, unknown>;

/** Reverts entry `id` as `actor`, or throws the refusal naming why not. Returns the entry. */
export async function revertEntry(tx: Tx, id: number, actor: User): Promise<StoredEntry> {
  // Locked: a second revert of it waits, then finds this one in the rows' history.
  const entry = await getEntry(tx, id, true);
  if (!entry) throw new HttpError(404, 'No such audit entry.', { id: ['No such audit entry.'] });
  const steps = (await stepsFor(tx, [entry])).get(entry.id) ?? [];
  const revert = async () => {
    await lockLists(tx, steps);
    const facts = (await factsFor(tx, new Map([[entry.id, steps]]), true)).get(entry.id)!;
    decide(entry, steps, facts, actor);
    for (const step of inOrder(steps, facts.keysFrom)) await write(tx, step);
  };
  const accounts = accountsCall(steps);
  await (accounts ? guardedBy(userRules)(tx, accounts.call, accounts.body, revert) : revert());
  return entry;
}

/** Per entry, whether `actor`'s revert of it would be accepted now: a few queries for the whole page. */
export async function revertibleOf(tx: Tx, entries: readonly StoredEntry[], actor: User): Promise<boolean[]> {
  if (!mayRun(actor.role, revertAudit)) return entries.map(() => false);
  const stepsBy = await stepsFor(
    tx,
    entries.filter((e) => e.changes?.length),
  );
  const facts = await factsFor(tx, stepsBy, false);
  return entries.map((e) => {
    const steps = stepsBy.get(e.id);
    if (!steps) return false;
    try {
      decide(e, steps, facts.get(e.id)!, actor);
      return true;
    } catch (err) {
      if (err instanceof HttpError) return false;
      throw err;
    }
  });
}

async function stepsFor(tx: Tx, entries: readonly StoredEntry[]): Promise<Map<number, Step[]>> {
  const columns = new Map<string, string[]>();
  for (const t of new Set(entries.flatMap((e) => (e.changes ?? []).map((c) => c.tbl))))
    columns.set(t, await columnsOf(tx, t));
  return new Map(entries.map((e) => [e.id, stepsOf(e, columns)]));
}

/** The facts each entry's decision reads, read once for all of them. */
async function factsFor(tx: Tx, stepsBy: ReadonlyMap<number, Step[]>, lock: boolean): Promise<Map<number, Facts>> {
  const all = [...stepsBy.values()].flat();
  const keysFrom = new Map<string, ForeignKey[]>();
  const restrictedBy = new Map<string, ForeignKey[]>();
  const rules = new Map<string, RowRules>();
  for (const t of new Set(all.map((s) => s.change.tbl))) {
    keysFrom.set(t, await referencesFrom(tx, t));
    restrictedBy.set(t, restricting(await referencesTo(tx, t)));
    rules.set(t, await rowRulesOf(tx, t));
  }
  const now = await rowsNow(
    tx,
    all.map((s) => s.change),
    lock,
  );
  const later = await laterChanges(tx, [...stepsBy.keys()]);
  // One question for both: the records rows name, and the rows that use records removed.
  const held = await existingValues(
    tx,
    grouped(
      [...stepsBy.values()].flatMap((steps) => [
        ...referencesNeeded(steps, keysFrom).map((r) => ({ ...r, besides: [] })),
        ...usesRefusing(steps, restrictedBy),
      ]),
    ),
  );
  const broken = await rulesBroken(
    tx,
    [...stepsBy].flatMap(([id, steps]) => wouldBe(id, steps, now)),
  );
  const admins = all.some((s) => s.change.tbl === 'users') ? await activeAdmins(tx) : 0;
  const owners = all
    .filter((s) => s.change.tbl === 'saved_views')
    .map((s) => Number((s.change.before ?? s.change.after)!.owner_id));
  const names = await accountNames(tx, [...new Set(owners)]);
  return new Map(
    [...stepsBy.keys()].map((id) => [
      id,
      {
        later: later.filter((l) => l.of === id),
        now,
        keysFrom,
        restrictedBy,
        held,
        rules,
        broken,
        activeAdmins: admins,
        names,
      },
    ]),
  );
}

/** Values asked of one column, gathered into one question per table, column and rows set aside. */
function grouped(asked: readonly { tbl: string; col: string; value: unknown; besides: readonly number[] }[]) {
  const groups = new Map<string, { tbl: string; col: string; values: unknown[]; besides: readonly number[] }>();
  for (const a of asked) {
    const key = `${a.tbl}.${a.col} ${a.besides.join(',')}`;
    const g = groups.get(key) ?? { tbl: a.tbl, col: a.col, values: [], besides: a.besides };
    g.values.push(a.value);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/**
 * The homepage lists the revert reorders, locked before any row: a list's writes take its lock
 * first (server/repositories/homepagePositions.ts), and an offer's delete takes the selected
 * offers' (migration 007), so the order is list, then rows, for every writer.
 */
async function lockLists(tx: Tx, steps: readonly Step[]): Promise<void> {
  const lists = new Set<string>();
  for (const s of steps) {
    if ((await columnsOf(tx, s.change.tbl)).includes('position')) lists.add(s.change.tbl);
    if (s.change.tbl === 'offers' && s.how === 'remove') lists.add('selected_offers');
  }
  for (const list of [...lists].sort()) await lockList(tx, list as ListTable);
}

/** Writes one step; a rule of the database it breaks is refused as a write of that record is. */
async function write(tx: Tx, s: Step): Promise<void> {
  try {
    if (s.how === 'reinsert') await reinsert(tx, s.change.tbl, s.change.before!);
    else if (s.how === 'remove') await remove(tx, s.change);
    else if (s.fields.length) await setBack(tx, s.change.tbl, s.id!, s.change.before!, s.fields);
  } catch (err) {
    throw refusalOf(err, tableWord(s.change.tbl).toLowerCase());
  }
}

/** Puts a deleted row back with its id; in an ordered list at its place, those after it moving down one. */
async function reinsert(tx: Tx, table: string, row: Row) {
  const all = await columnsOf(tx, table);
  const cols = all.filter((c) => c in row);
  if (all.includes('position'))
    await tx.query(`update ${table} set position = position + 1 where position >= $1`, [row.position]);
  // The triggers compute its search text again (and an offer's bank rows from its cards).
  await tx.query(
    `insert into ${table} (${cols.join(', ')}) select ${cols.map((c) => `r.${c}`).join(', ')} from jsonb_populate_record(null::${table}, $1::jsonb) r`,
    [JSON.stringify(row)],
  );
}

async function remove(tx: Tx, c: StoredChange) {
  if (/^\d+$/.test(c.key)) {
    await tx.query(`delete from ${c.tbl} where id = $1::int`, [c.key]);
    return;
  }
  const pk = await primaryKeyOf(tx, c.tbl);
  const on = pk.length ? pk.map((k) => `t.${k} = x.${k}`).join(' and ') : 'audit_image(to_jsonb(t)) = $1::jsonb';
  await tx.query(`delete from ${c.tbl} t using jsonb_populate_record(null::${c.tbl}, $1::jsonb) x where ${on}`, [
    c.key,
  ]);
}

/** Sets back `fields`; the version moves on, so an edit open elsewhere is stale. */
async function setBack(tx: Tx, table: string, id: number, before: Row, fields: readonly string[]) {
  const cols = await columnsOf(tx, table);
  const sets = fields.map((c) => `${c} = r.${c}`);
  if (cols.includes('version')) sets.push('version = t.version + 1');
  if (cols.includes('updated_at')) sets.push('updated_at = now()');
  await tx.query(
    `update ${table} t set ${sets.join(', ')} from jsonb_populate_record(null::${table}, $1::jsonb) r where t.id = $2`,
    [JSON.stringify(before), id],
  );
  // An account disabled again ends its sessions, as disabling it by hand does.
  if (table === 'users') await endSessionsAfter(tx, id, Object.fromEntries(fields.map((f) => [f, before[f]])));
}
