// Accounts and sessions made directly in the database, as the server would make them
// (server/services/auth.ts: 32 random bytes, SHA-256 stored, 3 days), so a test can hold a
// token of any kind (an app user's, an expired one, a disabled account's) without going
// through a sign-in call whose rules may differ (the admin app may refuse app users).
import crypto from 'node:crypto';
import type { Tx } from '../../server/db/connection';

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

const SESSION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export interface Account {
  id: number;
  email: string;
}

/** Inserts an account (no password: it signs in by code only). */
export async function insertUser(
  db: Tx,
  {
    role = 'user',
    status = 'active',
    email = `u-${crypto.randomBytes(5).toString('hex')}@test.example`,
    name = 'Test account',
  } = {},
): Promise<Account> {
  const row = (
    await db.query<{ id: number }>(
      'insert into users (name, email, role, status) values ($1, $2, $3, $4) returning id',
      [name, email, role, status],
    )
  ).rows[0];
  return { id: row.id, email };
}

/**
 * Inserts a session for `userId` and returns its bearer token. `now` is the server's clock
 * (TestServer.clock); `expiresIn` may be negative (an expired session).
 */
export async function insertSession(
  db: Tx,
  userId: number,
  {
    now = Date.now(),
    expiresIn = SESSION_TTL_MS,
    revoked = false,
    token = crypto.randomBytes(32).toString('base64url'),
  } = {},
): Promise<string> {
  await db.query('insert into sessions (user_id, token_hash, expires_at, revoked_at) values ($1, $2, $3, $4)', [
    userId,
    sha256(token),
    new Date(now + expiresIn),
    revoked ? new Date(now) : null,
  ]);
  return token;
}

export const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });
