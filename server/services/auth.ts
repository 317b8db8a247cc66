// Sessions and one-time codes. Tokens and codes are random, stored only as SHA-256
// hashes, short-lived and revocable; every rule of the foundation issue lives here.
import crypto from 'node:crypto';
import type { Db } from '../db/connection';
import { normalise } from '../repositories/crudRepository';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_MS, OTP_TTL_MS, SESSION_TTL_MS, type User } from '../../contract/auth';
import { HttpError, badField } from '../plugins/errors';
import type { Mailer } from './mail';
import { hashPassword, verifyPassword } from './passwords';

export type OtpPurpose = 'login' | 'reset';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export function createAuth(db: Db, mailer: Mailer, now: () => number = Date.now) {
  const findByEmail = async (email: string) =>
    (await db.query<Record<string, unknown>>('select * from users where lower(email) = lower($1)', [email])).rows[0];

  async function issueSession(userId: number) {
    const token = crypto.randomBytes(32).toString('base64url');
    const expires = new Date(now() + SESSION_TTL_MS);
    await db.query('insert into sessions (user_id, token_hash, expires_at) values ($1, $2, $3)', [userId, sha256(token), expires]);
    const user = normalise<User>((await db.query('select * from users where id = $1', [userId])).rows[0])!;
    return { token, user_id: userId, user, expires_at: expires.toISOString() };
  }

  function assertActive(row: Record<string, unknown>) {
    if (row.status !== 'active') throw new HttpError(403, 'This account is disabled.');
  }

  return {
    hashPassword,

    async login(email: string, password: string) {
      const row = await findByEmail(email);
      const ok = await verifyPassword(row?.password_hash as string | undefined, password);
      if (!row || !ok) throw new HttpError(401, 'Invalid email or password.');
      assertActive(row);
      return issueSession(row.id as number);
    },

    /** The user behind a bearer token, or null when missing, unknown, revoked or expired. */
    async authenticate(token: string | undefined) {
      if (!token) return null;
      const row = (
        await db.query<Record<string, unknown>>(
          `select u.*, s.id as session_id from sessions s join users u on u.id = s.user_id
           where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and u.status = 'active'`,
          [sha256(token), new Date(now())],
        )
      ).rows[0];
      if (!row) return null;
      const sessionId = row.session_id as number;
      delete row.session_id;
      return { user: normalise<User>(row)!, sessionId };
    },

    async logout(sessionId: number) {
      await db.query('update sessions set revoked_at = now() where id = $1', [sessionId]);
    },

    /**
     * Sends a 6-digit code. Answers identically whether or not the e-mail exists; the
     * 60-second resend limit is kept per e-mail either way, so it leaks nothing either.
     */
    async sendCode(email: string, purpose: OtpPurpose) {
      const last = (
        await db.query<{ created_at: Date }>(
          'select created_at from otp_codes where lower(email) = lower($1) order by created_at desc limit 1',
          [email],
        )
      ).rows[0];
      const wait = last ? new Date(last.created_at).getTime() + OTP_RESEND_MS - now() : 0;
      if (wait > 0) {
        const s = Math.ceil(wait / 1000);
        throw new HttpError(429, `Please wait ${s} seconds before asking for another code.`, { email: [`Please wait ${s} seconds before asking for another code.`] });
      }
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      // Issuing a new code retires the old ones, so only the latest mail works.
      await db.transaction(async (tx) => {
        await tx.query('update otp_codes set used_at = now() where lower(email) = lower($1) and used_at is null', [email]);
        await tx.query('insert into otp_codes (email, purpose, code_hash, expires_at, created_at) values ($1, $2, $3, $4, $5)', [
          email.toLowerCase(),
          purpose,
          sha256(`${email.toLowerCase()}:${code}`),
          new Date(now() + OTP_TTL_MS),
          new Date(now()),
        ]);
      });
      const user = await findByEmail(email);
      if (!user || user.status !== 'active') return;
      const minutes = OTP_TTL_MS / 60_000;
      await mailer.send(
        purpose === 'reset'
          ? {
              to: user.email as string,
              subject: 'Your password reset code',
              text: `Hello ${user.name},\n\nYour password reset code is ${code}.\nIt expires in ${minutes} minutes and works once.\n\nIf you did not ask for it, ignore this mail.`,
            }
          : {
              to: user.email as string,
              subject: 'Your sign-in code',
              text: `Hello ${user.name},\n\nYour sign-in code is ${code}.\nIt expires in ${minutes} minutes and works once.`,
            },
      );
    },

    /** Checks a code: single use, 10 minutes, dead after 5 wrong tries. Returns a session. */
    async verifyCode(email: string, code: string) {
      const invalid = () => badField('otp', 'The code is invalid or has expired.');
      const row = (
        await db.query<{ id: number; code_hash: string; attempts: number; expires_at: Date; used_at: Date | null }>(
          'select * from otp_codes where lower(email) = lower($1) order by created_at desc limit 1',
          [email],
        )
      ).rows[0];
      if (!row || row.used_at || new Date(row.expires_at).getTime() <= now() || row.attempts >= OTP_MAX_ATTEMPTS) throw invalid();
      const expected = Buffer.from(row.code_hash, 'hex');
      const got = Buffer.from(sha256(`${email.toLowerCase()}:${code}`), 'hex');
      if (!crypto.timingSafeEqual(expected, got)) {
        const attempts = row.attempts + 1;
        await db.query('update otp_codes set attempts = $2 where id = $1', [row.id, attempts]);
        if (attempts >= OTP_MAX_ATTEMPTS) throw badField('otp', 'Too many wrong codes. Ask for a new one.');
        throw invalid();
      }
      // Single use even under a race: only the request that flips used_at wins.
      const claimed = await db.query('update otp_codes set used_at = now() where id = $1 and used_at is null returning id', [row.id]);
      if (!claimed.rows.length) throw invalid();
      const user = await findByEmail(email);
      if (!user) throw invalid();
      assertActive(user);
      return issueSession(user.id as number);
    },

    /** Sets a new password and revokes every session of the user (sign in again). */
    async changePassword(userId: number, password: string) {
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, hash]);
        await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
      });
    },

    /** The first admin: created when no admin exists. Returns the password when it made one up. */
    async ensureAdmin(email: string | undefined, password: string | undefined) {
      const n = (await db.query<{ n: number }>("select count(*)::int as n from users where role = 'admin'")).rows[0].n;
      if (Number(n) > 0) return null;
      const theEmail = email ?? 'admin@example.com';
      const thePassword = password ?? crypto.randomBytes(12).toString('base64url');
      await db.query(
        `insert into users (name, email, role, status, password_hash) values ($1, $2, 'admin', 'active', $3)
         on conflict (lower(email)) do update set role = 'admin', status = 'active', password_hash = excluded.password_hash`,
        ['Administrator', theEmail, await hashPassword(thePassword)],
      );
      return { email: theEmail, password: thePassword, generated: !password };
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
