// The signed-in staff account (an admin, editor, reviewer or viewer). The storage keys are the ones the product names (token, user_id,
// expiryTime, userDetails), so a session survives reloads and other tabs agree on it.
import { proxy } from 'valtio';
import { SESSION_ENDED, SESSION_TTL_MS, type Session, type SessionEndReason, type User } from '@contract/auth';
import { ApiError, onUnauthorized, setTokenSource } from '../api/client';
import { authApi } from '../api/auth';
import { go } from './navigate';
import { storage } from '@/lib/storage';
import { isStaff } from '@contract/roles';

const KEYS = { token: 'token', userId: 'user_id', expiry: 'expiryTime', user: 'userDetails' } as const;
/** Why the last session ended, for the sign-in page; in storage so the other tabs, following, read it too. */
const ENDED_KEY = 'sessionEnded';

function readUser(): User | null {
  try {
    return JSON.parse(storage.get(KEYS.user) ?? 'null') as User | null;
  } catch {
    return null;
  }
}

export const session = proxy({
  token: storage.get(KEYS.token),
  user_id: Number(storage.get(KEYS.userId)) || null,
  expiryTime: Number(storage.get(KEYS.expiry)) || null,
  userDetails: readUser(),
  /** On during sign-in calls; the app shows its full-screen loader. */
  loading: false,
  /** Why the session ended, as the sign-in page says it ("Your password was changed; sign in again."); null: signed out by choice, or never in. */
  endedWhy: null as string | null,
});

setTokenSource(() => session.token);

/** Signed in, not expired, and staff of any role (the consumer app's accounts have no business here). */
export const isSignedIn = (
  s: { token: string | null; expiryTime: number | null; userDetails: { role: string } | null } = session,
) => !!s.token && !!s.expiryTime && s.expiryTime > Date.now() && isStaff(s.userDetails?.role);

/** What an app user (not staff) is told at the admin sign-in, after a right password. */
const NOT_AN_ADMIN =
  'This account belongs to the Cards app, not to the admin app. Sign in with an administrator account.';

/**
 * Store a session the server handed out (login or verify_otp) to staff of any role (what each
 * may run: ./role.ts). Expiry: 3 days from now. A session of an app user is ended at once and refused with its own sentence (not "wrong
 * password": the password was right), so the admin app never shows them its menu.
 */
export async function signIn(s: Session): Promise<void> {
  if (!isStaff(s.user.role)) {
    await authApi.logout(s.token).catch(() => undefined);
    throw new ApiError(403, 'POST', {
      message: NOT_AN_ADMIN,
      errors: { email: [NOT_AN_ADMIN], message: [NOT_AN_ADMIN] },
    });
  }
  const expiry = Date.now() + SESSION_TTL_MS;
  session.endedWhy = null;
  storage.remove(ENDED_KEY);
  Object.assign(session, { token: s.token, user_id: s.user_id, expiryTime: expiry, userDetails: s.user });
  storage.set(KEYS.token, s.token);
  storage.set(KEYS.userId, String(s.user_id));
  storage.set(KEYS.expiry, String(expiry));
  storage.set(KEYS.user, JSON.stringify(s.user));
}

export function setUserDetails(user: User): void {
  session.userDetails = user;
  storage.set(KEYS.user, JSON.stringify(user));
}

/** Forget the session locally (token, user_id and expiryTime; userDetails too). */
export function clearSession(): void {
  Object.assign(session, { token: null, user_id: null, expiryTime: null, userDetails: null });
  for (const key of Object.values(KEYS)) storage.remove(key);
}

/**
 * The session ended without the person asking (a 401, a password changed here): forget it and
 * keep why, which the sign-in page says, here and in the tabs that follow.
 */
export function endSession(reason: SessionEndReason): void {
  const why = SESSION_ENDED[reason];
  storage.set(ENDED_KEY, why); // before the token goes: the other tabs read it on that change
  clearSession();
  session.endedWhy = why;
}

/** Sign out: tell the server (best effort: a dead network must not keep anyone signed in). */
export async function signOut(): Promise<void> {
  if (session.token) await authApi.logout().catch(() => undefined);
  clearSession();
  go('/login', { replace: true, force: true });
}

/** Run a sign-in call with the full-screen loader on. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  session.loading = true;
  try {
    return await work();
  } finally {
    session.loading = false;
  }
}

let started = false;
/** App start: an expired session is logged out; a 401 anywhere later does the same. */
export function startSession(): void {
  if (started) return;
  started = true;
  // An expired session, or one kept from before app users were refused: signed out.
  if (session.token && !isSignedIn()) clearSession();
  // A 401: the session is gone. The server's reason, or else the old sentence, is what the
  // sign-in page says (a password changed in another tab was a silent sign-out).
  onUnauthorized((reason) => {
    endSession(reason ?? 'expired');
    go('/login', { replace: true, force: true });
  });
  // Another tab signed in or out: follow it.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== KEYS.token) return;
      session.token = e.newValue;
      session.expiryTime = Number(storage.get(KEYS.expiry)) || null;
      session.user_id = Number(storage.get(KEYS.userId)) || null;
      session.userDetails = readUser();
      session.endedWhy = e.newValue ? null : storage.get(ENDED_KEY);
    });
  }
}
