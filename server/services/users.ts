// Rules about user accounts that no table constraint can hold:
// - an admin cannot delete their own account (the session they are using would go with it);
// - the last active admin cannot be demoted, disabled or deleted, by any call that writes
//   accounts (a change, a per-row change, a delete, a bulk delete, an undo). Checked on what
//   the write leaves, in its own transaction, so a call that promotes one admin and demotes
//   another in one go passes, and a refused one changes nothing. Demoting or disabling
//   yourself is allowed while another active admin remains: handing over is a normal act.
// A revert of the audit log is such a write too (server/services/revertPlan.ts): it asks
// these same rules, and says beforehand what they would answer.
import type { Tx } from '../db/connection';
import { HttpError } from '../errors';

/** The calls of a resource that write it (server/routes/crud.ts, server/routes/bulk.ts). */
export type CrudCall = 'add' | 'update' | 'remove' | 'bulkRemove' | 'bulkUpdate' | 'updateEach' | 'undo';

/** An account that counts as an active admin (as `activeAdmins` counts them). */
export const isActiveAdmin = (row: Record<string, unknown> | null | undefined) =>
  row?.role === 'admin' && row?.status === 'active';

/** A resource's rules about its writes (see RULES in server/routes/crud.ts). */
export interface CrudRule {
  /** Refuses one record's write before it runs; throws an HttpError. */
  before?(
    call: 'add' | 'update' | 'remove',
    id: number | null,
    body: Record<string, unknown>,
    actorId: number | null,
  ): void;
  /** Runs a write, refusing it (so its transaction rolls back) when what it leaves breaks a rule. */
  around?<T>(tx: Tx, call: CrudCall, body: Record<string, unknown>, write: () => Promise<T>): Promise<T>;
}

/** Runs a write through the rule's `around` when it has one. */
export const guardedBy =
  (rule: CrudRule | undefined) =>
  <T>(tx: Tx, call: CrudCall, body: Record<string, unknown>, write: () => Promise<T>): Promise<T> =>
    rule?.around ? rule.around(tx, call, body, write) : write();

/** Any constant: the key of the lock under which writes to accounts count the active admins. */
const ADMINS_LOCK = 21_0001;

/** How many accounts are active admins now. */
export const activeAdmins = async (tx: Tx) =>
  Number(
    (await tx.query<{ n: number }>("select count(*)::int as n from users where role = 'admin' and status = 'active'"))
      .rows[0].n,
  );

/** The field a refusal names, and its sentence, by the call that would have left no active admin. */
export function lastAdminRefusal(call: CrudCall, body: Record<string, unknown>): HttpError {
  const next = 'Make another account an active admin first.';
  const refuse = (field: string, what: string) => {
    const text = `The last active admin cannot be ${what}. ${next}`;
    return new HttpError(422, text, { [field]: [text] });
  };
  if (call === 'remove') return refuse('user_id', 'deleted');
  if (call === 'bulkRemove') return refuse('ids', 'deleted');
  if (call === 'updateEach' || call === 'bulkUpdate') return refuse('rows', 'demoted or disabled');
  if (call === 'undo') {
    const text = `Undoing this would leave no active admin. ${next}`;
    return new HttpError(422, text, { token: [text] });
  }
  if (body.role !== undefined && body.role !== 'admin') return refuse('role', 'demoted');
  return refuse('status', 'disabled');
}

export const userRules: CrudRule = {
  before(call, id, _body, actorId) {
    if (call === 'remove' && id !== null && id === actorId)
      throw new HttpError(422, 'You cannot delete your own account.', {
        user_id: ['You cannot delete your own account.'],
      });
  },
  async around(tx, call, body, write) {
    if (call === 'add') return write();
    // One writer of accounts at a time: two admins demoting each other at once cannot both
    // see the other still standing (the count after the lock reads what the first committed).
    await tx.query('select pg_advisory_xact_lock($1)', [ADMINS_LOCK]);
    const before = await activeAdmins(tx);
    const result = await write();
    if (before > 0 && (await activeAdmins(tx)) === 0) throw lastAdminRefusal(call, body);
    return result;
  },
};
