// Whether an audit entry can be reverted, and in what order its rows go back: one decision,
// the same for the revert (server/services/auditRevert.ts, which then writes) and for the log's
// list (its `revertible`, so a Revert button is shown exactly when the revert would pass). It
// reads no database itself: what it decides on is read beforehand, for a page at once
// (server/repositories/revertFacts.ts).
//
// A revert is a write through the operation it reverses, made by the reverting admin:
// - their role must hold that operation's permission (contract/roles.ts);
// - that operation's rules hold as they would by hand: a saved view is its owner's to change
//   (server/services/savedViews.ts), no one deletes their own account and the last active
//   admin stays (server/services/users.ts), a row must not name a record that is gone, be
//   deleted from under rows that may not lose it, take a unique key another row holds or
//   break a check (server/db/constraintErrors.ts's sentences, as the database would refuse);
// - history decides, field by field: a later entry that changed a field this entry changed
//   refuses it (409, naming the fields and who changed them), even back to the same value;
//   later changes to other fields stay as they are, and only this entry's fields go back. A
//   created record's revert (a delete) is refused once a later entry changed it at all. What
//   changed with no entry (the notification job's sending) is told by comparing the fields
//   with what the entry left.
import { tableWord } from '@contract/audit';
import type { User } from '@contract/auth';
import { operations } from '@contract/operations';
import { mayRun, refusalFor } from '@contract/roles';
import { brokenCheck, duplicate, keyColumn, missingReference, stillUsed } from '../db/constraintErrors';
import { HttpError, asHttp, fieldLabel } from '../errors';
import { changedFields, type StoredChange, type StoredEntry } from '../repositories/auditLog';
import type { ForeignKey, RowRules } from '../repositories/foreignKeys';
import { brokenKey, heldKey, rowKey, valueKey, type LaterChange, type WouldBe } from '../repositories/revertFacts';
import { ownerOnly } from './savedViews';
import { NAME_COLUMNS } from './undo';
import { isActiveAdmin, lastAdminRefusal, userRules, type CrudCall } from './users';

type Row = Record<string, unknown>;

/** What the revert does to one row the entry changed. */
export interface Step {
  change: StoredChange;
  /** reinsert: the entry deleted it; remove: the entry made it; setBack: the entry changed `fields`. */
  how: 'reinsert' | 'remove' | 'setBack';
  fields: string[];
  id: number | null;
}

/** What a decision reads: the rows' later history, the rows and records as they are now. */
export interface Facts {
  /** Later entries' changes to this entry's rows, oldest first. */
  later: readonly LaterChange[];
  /** Rows as they are now, by rowKey; a row gone is absent. */
  now: ReadonlyMap<string, Row>;
  /** The keys out of each table (what its rows name) and the restricting keys into it. */
  keysFrom: ReadonlyMap<string, readonly ForeignKey[]>;
  restrictedBy: ReadonlyMap<string, readonly ForeignKey[]>;
  /** Values rows hold now (heldKeys): the records rows name, the rows (not this revert's) using a removed one. */
  held: ReadonlySet<string>;
  /** Each table's unique keys and checks, and those the rows as the revert would leave them break. */
  rules: ReadonlyMap<string, RowRules>;
  broken: ReadonlySet<string>;
  activeAdmins: number;
  /** Account names by id (a saved view's owner). */
  names: ReadonlyMap<number, string>;
}

const OPERATIONS = new Map(operations.map((op) => [op.id, op]));

/** The steps of an entry's revert, in the entry's order. `columns`: each table's columns now. */
export function stepsOf(entry: StoredEntry, columns: ReadonlyMap<string, readonly string[]>): Step[] {
  return (entry.changes ?? []).map((change) => {
    const id = /^\d+$/.test(change.key) ? Number(change.key) : null;
    if (!change.before) return { change, how: 'remove', fields: [], id };
    if (!change.after) return { change, how: 'reinsert', fields: [], id };
    const cols = columns.get(change.tbl) ?? [];
    // A password is kept as a fingerprint only (migration 019 audit_image): it stays as it is.
    const fields = changedFields(change.before, change.after).filter((f) => cols.includes(f) && f !== 'password_hash');
    return { change, how: 'setBack', fields, id };
  });
}

/** The rows in the order they are written: parents put back before their links, links removed before their parents. */
export function inOrder(steps: readonly Step[], keysFrom: Facts['keysFrom']): Step[] {
  const tables = new Set(steps.map((s) => s.change.tbl));
  const depths = new Map<string, number>();
  const depth = (t: string, seen: ReadonlySet<string> = new Set()): number => {
    const known = depths.get(t);
    if (known !== undefined) return known;
    const parents = (keysFrom.get(t) ?? [])
      .map((k) => k.parent)
      .filter((p) => tables.has(p) && p !== t && !seen.has(p));
    const d = parents.length ? 1 + Math.max(...parents.map((p) => depth(p, new Set([...seen, t])))) : 0;
    depths.set(t, d);
    return d;
  };
  const of = (how: Step['how']) => steps.filter((s) => s.how === how);
  // In an ordered list, first places first: each put back at its place moves those after it.
  const first = [...tables];
  const place = (s: Step) => Number(s.change.before?.position ?? 0);
  return [
    ...of('reinsert').sort(
      (a, b) =>
        depth(a.change.tbl) - depth(b.change.tbl) ||
        first.indexOf(a.change.tbl) - first.indexOf(b.change.tbl) ||
        place(a) - place(b),
    ),
    // Last change first, as the entry wrote them.
    ...of('setBack').reverse(),
    ...of('remove').sort((a, b) => depth(b.change.tbl) - depth(a.change.tbl)),
  ];
}

/** The accounts call the revert stands for, as the users' rules name calls; null: it writes no account. */
export function accountsCall(steps: readonly Step[]): { call: CrudCall; body: Row } | null {
  const accounts = steps.filter((s) => s.change.tbl === 'users');
  const removed = accounts.filter((s) => s.how === 'remove');
  const changed = accounts.filter((s) => s.how === 'setBack');
  if (removed.length) return { call: removed.length === 1 ? 'remove' : 'bulkRemove', body: {} };
  if (changed.length === 1) return { call: 'update', body: pick(changed[0].change.before!, changed[0].fields) };
  if (changed.length) return { call: 'updateEach', body: {} };
  return accounts.length ? { call: 'add', body: {} } : null;
}

const pick = (row: Row, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, row[f]]));

/**
 * The records the steps name that must exist for them to be written (a reinserted row's keys,
 * a key set back), less those the same revert puts back: as valueKey parts.
 */
export function referencesNeeded(steps: readonly Step[], keysFrom: Facts['keysFrom']) {
  const needed: { tbl: string; col: string; value: unknown; field: string }[] = [];
  const back = new Set(
    steps
      .filter((s) => s.how === 'reinsert')
      .flatMap((s) => Object.entries(s.change.before!).map(([c, v]) => valueKey(s.change.tbl, c, v))),
  );
  for (const s of steps) {
    if (s.how === 'remove') continue;
    for (const k of keysFrom.get(s.change.tbl) ?? []) {
      if (s.how === 'setBack' && !s.fields.includes(k.col)) continue;
      const value = s.change.before![k.col];
      if (value === null || value === undefined || back.has(valueKey(k.parent, k.refcol, value))) continue;
      needed.push({ tbl: k.parent, col: k.refcol, value, field: k.col });
    }
  }
  return needed;
}

/** The rows the revert writes, as it would leave them: a deleted one as it was, a changed one with its fields set back. */
export function wouldBe(of: number, steps: readonly Step[], now: Facts['now']): WouldBe[] {
  const rows: WouldBe[] = [];
  for (const s of steps) {
    const { tbl, key } = s.change;
    const current = now.get(rowKey(tbl, key));
    if (s.how === 'reinsert') rows.push({ of, tbl, key, id: s.id, image: s.change.before! });
    else if (s.how === 'setBack' && s.fields.length && current)
      rows.push({ of, tbl, key, id: s.id, image: { ...current, ...pick(s.change.before!, s.fields) } });
  }
  return rows;
}

/** The rows a removed record is used by that would refuse its delete, as valueKey parts (the revert's own removals aside). */
export function usesRefusing(steps: readonly Step[], restrictedBy: Facts['restrictedBy']) {
  const uses: { tbl: string; col: string; value: unknown; besides: number[]; of: Step }[] = [];
  for (const s of steps.filter((x) => x.how === 'remove')) {
    for (const k of restrictedBy.get(s.change.tbl) ?? []) {
      const value = s.change.after![k.refcol];
      if (value === null || value === undefined) continue;
      const besides = steps.filter((x) => x.how === 'remove' && x.change.tbl === k.child && x.id !== null);
      uses.push({ tbl: k.child, col: k.col, value, besides: besides.map((x) => x.id!), of: s });
    }
  }
  return uses;
}

/**
 * Throws the refusal the revert of `entry` by `actor` meets, the first of: nothing kept, the
 * permission, an account that cannot come back, a saved view's owner, nothing to set back,
 * a row changed since, the accounts' rules, a record gone or still used, a unique key or a
 * check. Returns nothing: the revert may go ahead.
 */
export function decide(entry: StoredEntry, steps: readonly Step[], facts: Facts, actor: User): void {
  const now = (s: Step) => facts.now.get(rowKey(s.change.tbl, s.change.key));
  mayRevert(entry, steps, now, facts, actor);
  const stale = steps
    .map((s) =>
      staleness(
        s,
        now(s),
        facts.later.filter((l) => l.tbl === s.change.tbl && l.key === s.change.key),
      ),
    )
    .filter((x): x is string => x !== null);
  if (stale.length) {
    const text = `${stale.join('; ')}. Nothing was reverted.`;
    throw new HttpError(409, text, { id: [text] });
  }
  accountsRules(steps, now, facts, actor);
  databaseRules(entry.id, steps, facts);
}

type Now = (s: Step) => Row | undefined;

/** What no history changes: something kept to set back, and the one asking may make this write. */
function mayRevert(entry: StoredEntry, steps: readonly Step[], now: Now, facts: Facts, actor: User) {
  const refuse = (status: number, text: string) => new HttpError(status, text, { id: [text] });
  if (!steps.length)
    throw refuse(
      422,
      entry.kind === 'none'
        ? 'This entry changed no record: there is nothing to revert.'
        : `This entry changed ${entry.count.toLocaleString('en')} records, too many to keep: it cannot be reverted here.`,
    );
  const op = OPERATIONS.get(entry.operation) ?? { access: 'admin' as const, method: 'POST' as const };
  if (!mayRun(actor.role, op)) throw new HttpError(403, refusalFor(actor.role, op));
  if (steps.some((s) => s.change.tbl === 'users' && s.how === 'reinsert'))
    throw refuse(422, 'A deleted account cannot come back: its password is not kept. Nothing was reverted.');
  for (const s of steps.filter((x) => x.change.tbl === 'saved_views')) {
    const view = now(s) ?? s.change.before ?? s.change.after!;
    const owner = Number(view.owner_id);
    const name = facts.names.get(owner) ?? `Account #${owner}`;
    ownerOnly({ mine: owner === actor.id, shared: view.shared === true, owner_name: name });
  }
  if (steps.every((s) => s.how === 'setBack' && !s.fields.length)) {
    const password = steps.some((s) => s.change.before!.password_hash !== s.change.after!.password_hash);
    throw refuse(422, `This entry changed nothing a revert can set back${password ? ': a password is not kept' : ''}.`);
  }
}

/** The accounts' rules (server/services/users.ts), on the accounts as the revert would leave them. */
function accountsRules(steps: readonly Step[], now: Now, facts: Facts, actor: User) {
  const accounts = steps.filter((s) => s.change.tbl === 'users');
  for (const s of accounts.filter((x) => x.how === 'remove')) userRules.before?.('remove', s.id, {}, actor.id);
  const call = accountsCall(steps);
  if (!call || call.call === 'add') return;
  const after = (s: Step) => (s.how === 'remove' ? null : { ...now(s), ...pick(s.change.before!, s.fields) });
  const left =
    facts.activeAdmins -
    accounts.filter((s) => isActiveAdmin(now(s))).length +
    accounts.filter((s) => isActiveAdmin(after(s))).length;
  if (facts.activeAdmins > 0 && left === 0) throw lastAdminRefusal(call.call, call.body);
}

/** The database's own rules, foreseen: the refusal it would give the write, before any is made. */
function databaseRules(entryId: number, steps: readonly Step[], facts: Facts) {
  for (const r of referencesNeeded(steps, facts.keysFrom))
    if (!facts.held.has(heldKey([], r.tbl, r.col, r.value))) throw asHttp(missingReference(r.field));
  for (const u of usesRefusing(steps, facts.restrictedBy))
    if (facts.held.has(heldKey(u.besides, u.tbl, u.col, u.value)))
      throw asHttp(stillUsed(tableWord(u.of.change.tbl).toLowerCase(), u.tbl));
  for (const w of wouldBe(entryId, steps, facts.now)) {
    const { uniques, checks } = facts.rules.get(w.tbl) ?? { uniques: [], checks: [] };
    const breaks = (rule: string) => facts.broken.has(brokenKey(entryId, w.tbl, w.key, rule));
    // The key's field as the database's refusal names it (its detail lists the same expressions).
    for (const u of uniques.filter((x) => breaks(x.name)))
      throw asHttp(duplicate(tableWord(w.tbl).toLowerCase(), keyColumn(`Key (${u.exprs.join(', ')})=(`) ?? 'name'));
    for (const c of checks.filter((x) => breaks(x.name))) throw asHttp(brokenCheck(c.name));
  }
}

/** Why one row cannot go back (a sentence naming it, what changed since and by whom), or null. */
function staleness(s: Step, now: Row | undefined, later: readonly LaterChange[]): string | null {
  const name = named(s.change, now);
  if (s.how === 'reinsert') {
    if (now) return `${name} exists again${by(later)}`;
    return later.length ? `${name} has been restored and deleted again since${by(later)}` : null;
  }
  if (!now) return `${name} has been deleted since${by(later.filter((l) => l.how === 'delete'))}`;
  const remade = later.filter((l) => l.how !== 'update');
  if (remade.length) return `${name} has been deleted and brought back since${by(remade)}`;
  // The fields this revert answers for: a created record's, all of them.
  const mine = (f: string) => s.how === 'remove' || s.fields.includes(f);
  const clashing = later.filter((l) => l.fields === null || l.fields.some(mine));
  const fields = new Set(clashing.flatMap((l) => (l.fields ?? []).filter(mine)));
  // Changed with no entry of the log (a background job): told by the values the entry left.
  for (const f of s.how === 'remove' ? changedFields(s.change.after!, now) : s.fields)
    if (JSON.stringify(now[f] ?? null) !== JSON.stringify(s.change.after![f] ?? null)) fields.add(f);
  const words = [...fields].map(fieldLabel);
  if (clashing.some((l) => l.fields === null)) words.push('fields too many to keep');
  return words.length ? `${name} has changed since: ${words.join(', ')}${by(clashing)}` : null;
}

/** ' (by Sara Admin, Omar)': who made the later changes, or nothing when no entry did. */
function by(later: readonly LaterChange[]): string {
  const who = [...new Set(later.map((l) => l.actor ?? 'the system'))];
  return who.length ? ` (by ${who.join(', ')})` : '';
}

/** How a row reads in a refusal: its record ('Bank “Emirates NBD”'), or its table's link. */
function named(c: StoredChange, now: Row | undefined): string {
  if (!/^\d+$/.test(c.key)) return `A link in ${c.tbl.replace(/_/g, ' ')}`;
  const image = now ?? c.after ?? c.before ?? {};
  const col = NAME_COLUMNS.find((k) => typeof image[k] === 'string' && image[k]);
  return col ? `${tableWord(c.tbl)} “${String(image[col])}”` : `${tableWord(c.tbl)} ${c.key}`;
}
