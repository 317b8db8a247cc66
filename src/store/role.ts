// What the signed-in role may run, asked in one place by everything that shows an action (the
// command registry, so the palette, keys, cheat sheet and buttons; the sidebar; the route
// table). The rule itself is contract/roles.ts's `mayRun`, the one the server enforces.
import { holds, isStaff, mayRun, PERMISSIONS, refusalFor, ROLE_LABELS, type Permission } from '@contract/roles';
import type { AnyOp } from '@contract/operation';
import { session } from './session';

/** What an operation tells the rule: who may call it, and whether it writes. */
export type OpRule = Pick<AnyOp, 'access' | 'permission' | 'method' | 'readOnly'>;

/**
 * What an action or a screen needs: the operation it writes with, or a permission named
 * directly (a command that writes through several calls, a form). Neither: a read, which every
 * staff role may.
 */
export interface Needs {
  op?: OpRule;
  permission?: Permission;
}

/** The signed-in account's role; null when no one is signed in. */
const currentRole = (): string | null => session.userDetails?.role ?? null;

/** A permission as an admin write that names it: `mayRun`'s words for "needs this permission". */
const asOp = (permission: Permission): OpRule => ({ access: 'admin', method: 'POST', permission });

/**
 * Whether `role` may run what `needs` names. No role (nobody signed in: the sign-in pages, which
 * list no action, and the spine's own tests) hides nothing: the signed-in frame always has one,
 * and the server refuses a write whatever the browser shows.
 */
export function allows(needs: Needs | undefined, role: string | null = currentRole()): boolean {
  if (!needs || role === null) return true;
  if (needs.op && !mayRun(role, needs.op)) return false;
  if (needs.permission && !holds(role, needs.permission)) return false;
  return true;
}

/** The sentence a refused role reads ("A viewer may not change offers."), as the server's 403 says it. */
export function refusal(needs: Needs | undefined, role: string | null = currentRole()): string {
  const op = needs?.op && !mayRun(role, needs.op) ? needs.op : needs?.permission ? asOp(needs.permission) : undefined;
  return refusalFor(role, op ?? { access: 'admin', method: 'POST' });
}

/** The role as a screen shows it ('Viewer'); an account of no known role reads as its value. */
export const roleLabel = (role: string | null | undefined): string =>
  isStaff(role) || role === 'user' ? ROLE_LABELS[role].one : (role ?? '');

/** `<name>.write` when the contract knows that permission: what a resource's forms need. */
export const writePermission = (resource: string): Permission | undefined => {
  const p = `${resource}.write`;
  return p in PERMISSIONS ? (p as Permission) : undefined;
};
