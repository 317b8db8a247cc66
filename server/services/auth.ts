// Sessions and one-time codes. Tokens and codes are random, stored only as SHA-256
// hashes, short-lived and revocable; every rule of the foundation issue lives here.
// Functions that are part of a call take its Tx; `authenticate` (run before a call's
// transaction opens) opens its own, and so does `ensureAdmin` unless given one (at start:
// the transaction that migrates, server/db/migrate.ts prepareDatabase).
import crypto from 'node:crypto';
import type { Db, Tx } from '../db/connection';
import type { Stamp } from '../db/tableWrites';
import { normalise } from '../repositories/crud';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MS,
  OTP_TTL_MS,
  SESSION_TTL_MS,
  type SessionEndReason,
  type User,
} from '@contract/auth';
import { HttpError, badField } from '../errors';
import type { Mail } from './mail';
import { hashPassword, verifyPassword } from '../security/passwords';
import { TooManyRequests, createSigninLimits } from './signinLimits';

type OtpPurpose = 'login' | 'reset';

/** A row of `users` as the sign-in reads it: the columns it looks at, and the rest for `normalise`. */
type UserRow = {
  id: number;
  email: string;
  name: string;
  status: string;
  password_hash: string | null;
} & Record<string, unknown>;

/** How a token is kept: only its hash is ever stored or used as a key. */
export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export function createAuth(db: Db, now: () => number = Date.now) {
  // A call's session is checked once per process and kept until a write to sessions or users
  // (a sign-out, a revocation, a password changed or reset, an account disabled or edited) or
  // its expiry, so a list call is its page's statement alone (issue 37). What was written is
  // `Db.unchanged`'s word: this process's commits, counted before their call answers, and on
  // PostgreSQL every other process's NOTIFY, heard before that process answers
  // (server/db/connection.ts, `Db.transaction`). This is the only copy: a cache around it (an
  // answer cache of server/http/answerCache.ts) would see a kept check read no table and keep
  // it past the next write, which is how a first try here read a saved profile and a reset
  // password back stale (e2e/xss.spec.ts, e2e/codes.spec.ts).
  const kept = keptSessions(db, now);
  // Failed sign-ins per account and per address, code requests per address (README.md, "Sign-in limits").
  const limits = createSigninLimits(now);
  const findByEmail = async (tx: Tx, email: string) =>
    (await tx.query<UserRow>('select * from users where lower(email) = lower($1)', [email])).rows[0];

  async function issueSession(tx: Tx, userId: number) {
    const token = crypto.randomBytes(32).toString('base64url');
    const expires = new Date(now() + SESSION_TTL_MS);
    await tx.query('insert into sessions (user_id, token_hash, expires_at) values ($1, $2, $3)', [
      userId,
      sha256(token),
      expires,
    ]);
    const user = normalise<User>((await tx.query('select * from users where id = $1', [userId])).rows[0])!;
    return { token, user_id: userId, user, expires_at: expires.toISOString() };
  }

  function assertActive(row: Pick<UserRow, 'status'>) {
    if (row.status !== 'active') throw new HttpError(403, 'This account is disabled.');
  }

  return {
    /** `ip`: the client's address, for the sign-in limits. */
    async login(tx: Tx, email: string, password: string, ip: string) {
      await limits.begin(tx, email, ip);
      // Paused: refused before the password is looked at, so the right one is refused too.
      await limits.assertOpen(tx, email);
      const row = await findByEmail(tx, email);
      const ok = await verifyPassword(row?.password_hash, password);
      if (!row || !ok) {
        await limits.failed(tx, email, ip);
        // The failure must count although the call fails: keepWrites lets the transaction commit.
        throw new HttpError(401, 'Invalid email or password.', {}, {}, { keepWrites: true });
      }
      assertActive(row);
      await limits.succeeded(tx, email);
      return issueSession(tx, row.id);
    },

    /** The user behind a bearer token, or null when missing, unknown, revoked or expired. */
    async authenticate(token: string | undefined) {
      if (!token) return null;
      const hash = sha256(token);
      const known = kept.get(hash);
      if (known) return known;
      // Taken before the read: a write during it makes the kept answer stale at once.
      const stamp = db.stamp();
      const row = await db.read(
        async (tx) =>
          (
            await tx.query<UserRow & { session_id: number; session_expires_at: Date | string }>(
              `select u.*, s.id as session_id, s.expires_at as session_expires_at
                 from sessions s join users u on u.id = s.user_id
               where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and u.status = 'active'`,
              [hash, new Date(now())],
              { prepare: true }, // one plan whatever the token: the hash's unique index
            )
          ).rows[0],
      );
      if (!row) return kept.forget(hash);
      const { session_id: sessionId, session_expires_at: expiresAt, ...user } = row;
      const found = { user: normalise<User>(user)!, sessionId };
      kept.keep(hash, stamp, new Date(expiresAt).getTime(), found);
      return found;
    },

    /** How the kept session checks are used (/metrics, server/http/metrics.ts). */
    stats: kept.stats,

    /**
     * Why a token `authenticate` refused no longer lets its holder in (the 401's `reason`).
     * A password change (changePassword, or an admin's through server/repositories/users.ts)
     * revokes the sessions in the transaction that stamps the account's updated_at, so the two
     * moments are equal; a sign-out's revocation is a moment of its own. (A later edit of the
     * account makes an old password change read as a sign-out: still a reason, a vaguer one.)
     */
    async whyEnded(token: string): Promise<SessionEndReason> {
      const row = await db.read(
        async (tx) =>
          (
            await tx.query<{ revoked: boolean; with_password: boolean; status: string }>(
              `select s.revoked_at is not null as revoked, s.revoked_at = u.updated_at as with_password, u.status
               from sessions s join users u on u.id = s.user_id where s.token_hash = $1`,
              [sha256(token)],
            )
          ).rows[0],
      );
      if (!row) return 'missing';
      if (row.status !== 'active') return 'account_disabled';
      if (row.revoked) return row.with_password ? 'password_changed' : 'signed_out';
      return 'expired';
    },

    async logout(tx: Tx, sessionId: number) {
      await tx.query('update sessions set revoked_at = now() where id = $1', [sessionId]);
    },

    /**
     * Makes a 6-digit code and returns the mail that carries it (null for an unknown or
     * disabled account, which is told nothing). Answers identically either way; the
     * 60-second resend limit is kept per e-mail either way, so it leaks nothing either.
     * Rows are stored for unknown e-mails too, so that verifying answers alike (a fifth wrong
     * code is "Too many wrong codes" either way); the per-address limit on code requests
     * bounds them, and expired codes are deleted as new ones are issued.
     */
    async issueCode(tx: Tx, email: string, purpose: OtpPurpose, ip: string): Promise<Mail | null> {
      await limits.codeRequest(tx, email, ip);
      const last = (
        await tx.query<{ created_at: Date }>(
          'select created_at from otp_codes where lower(email) = lower($1) order by created_at desc limit 1',
          [email],
        )
      ).rows[0];
      const wait = last ? new Date(last.created_at).getTime() + OTP_RESEND_MS - now() : 0;
      if (wait > 0) {
        const s = Math.ceil(wait / 1000);
        throw new TooManyRequests(s, `Please wait ${s} seconds before asking for another code.`);
      }
      // Expired codes say nothing any more (a hundred at a time; rows in use are skipped).
      await tx.query(
        'delete from otp_codes where id in (select id from otp_codes where expires_at <= $1 limit 100 for update skip locked)',
        [new Date(now())],
      );
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      // Issuing a new code retires the old ones, so only the latest mail works.
      await tx.query('update otp_codes set used_at = now() where lower(email) = lower($1) and used_at is null', [
        email,
      ]);
      await tx.query(
        'insert into otp_codes (email, purpose, code_hash, expires_at, created_at) values ($1, $2, $3, $4, $5)',
        [
          email.toLowerCase(),
          purpose,
          sha256(`${email.toLowerCase()}:${code}`),
          new Date(now() + OTP_TTL_MS),
          new Date(now()),
        ],
      );
      const user = await findByEmail(tx, email);
      if (!user || user.status !== 'active') return null;
      const minutes = OTP_TTL_MS / 60_000;
      return purpose === 'reset'
        ? {
            to: user.email,
            subject: 'Your password reset code',
            text: `Hello ${user.name},\n\nYour password reset code is ${code}.\nIt expires in ${minutes} minutes and works once.\n\nIf you did not ask for it, ignore this mail.`,
          }
        : {
            to: user.email,
            subject: 'Your sign-in code',
            text: `Hello ${user.name},\n\nYour sign-in code is ${code}.\nIt expires in ${minutes} minutes and works once.`,
          };
    },

    /**
     * Checks a code: single use, 10 minutes, dead after 5 wrong tries. Returns a session.
     * A wrong code is a failed sign-in for the limits, as a wrong password is.
     */
    async verifyCode(tx: Tx, email: string, code: string, ip: string) {
      const invalid = () => badField('otp', 'The code is invalid or has expired.');
      await limits.begin(tx, email, ip);
      const row = (
        await tx.query<{ id: number; code_hash: string; attempts: number; expires_at: Date; used_at: Date | null }>(
          'select * from otp_codes where lower(email) = lower($1) order by created_at desc limit 1',
          [email],
        )
      ).rows[0];
      // A dead code is refused as such (it can sign nobody in, so it is not counted either).
      if (!row || row.used_at || new Date(row.expires_at).getTime() <= now() || row.attempts >= OTP_MAX_ATTEMPTS)
        throw invalid();
      // A live one is not even compared while the account is paused: the right code is a 429 too.
      await limits.assertOpen(tx, email);
      const expected = Buffer.from(row.code_hash, 'hex');
      const got = Buffer.from(sha256(`${email.toLowerCase()}:${code}`), 'hex');
      if (!crypto.timingSafeEqual(expected, got)) {
        // Counted in one statement, so parallel guesses cannot all read "4 tries so far".
        const counted = await tx.query<{ attempts: number }>(
          'update otp_codes set attempts = attempts + 1 where id = $1 and used_at is null and attempts < $2 returning attempts',
          [row.id, OTP_MAX_ATTEMPTS],
        );
        const attempts = counted.rows[0]?.attempts ?? OTP_MAX_ATTEMPTS;
        await limits.failed(tx, email, ip);
        // The wrong try must count although the call fails: keepWrites lets the transaction commit.
        const text =
          attempts >= OTP_MAX_ATTEMPTS
            ? 'Too many wrong codes. Ask for a new one.'
            : 'The code is invalid or has expired.';
        throw new HttpError(422, text, { otp: [text] }, {}, { keepWrites: true });
      }
      // Single use, and only while the tries last, even under a race: one statement decides.
      const claimed = await tx.query(
        'update otp_codes set used_at = now() where id = $1 and used_at is null and attempts < $2 returning id',
        [row.id, OTP_MAX_ATTEMPTS],
      );
      if (!claimed.rows.length) throw invalid();
      const user = await findByEmail(tx, email);
      if (!user) throw invalid();
      assertActive(user);
      await limits.succeeded(tx, email);
      return issueSession(tx, user.id);
    },

    /** Sets a new password and revokes every session of the user (sign in again). */
    async changePassword(tx: Tx, userId: number, password: string) {
      const hash = await hashPassword(password);
      await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, hash]);
      await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
    },

    /**
     * The first admin: created when no admin exists. Returns the password when it made one up.
     * Runs in `tx` when given, else in a transaction of its own.
     */
    async ensureAdmin(email: string | undefined, password: string | undefined, tx?: Tx) {
      const theEmail = email ?? 'admin@example.com';
      const thePassword = password ?? crypto.randomBytes(12).toString('base64url');
      const run = async (tx: Tx) => {
        const n = (await tx.query<{ n: number }>("select count(*)::int as n from users where role = 'admin'")).rows[0]
          .n;
        if (Number(n) > 0) return null;
        // Hashed only when needed: a restart with an admin costs no argon2 run.
        const hash = await hashPassword(thePassword);
        await tx.query(
          `insert into users (name, email, role, status, password_hash) values ($1, $2, 'admin', 'active', $3)
           on conflict (lower(email)) do update set role = 'admin', status = 'active', password_hash = excluded.password_hash`,
          ['Administrator', theEmail, hash],
        );
        return { email: theEmail, password: thePassword, generated: !password };
      };
      return tx ? run(tx) : db.transaction(run);
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

/** How many session checks a process keeps (a few hundred bytes each); past it the oldest go. */
const KEPT_SESSIONS = 10_000;
/** The tables a session check reads: a write to either checks every kept session again. */
const SESSION_TABLES = ['sessions', 'users'] as const;

interface KeptSession {
  /** The writes counted when its read began. */
  stamp: Stamp;
  expires: number;
  found: { user: User; sessionId: number };
}

/** The session checks `authenticate` found, by token hash, while current. */
function keptSessions(db: Pick<Db, 'stamp' | 'unchanged'>, now: () => number) {
  const kept = new Map<string, KeptSession>();
  let hits = 0;
  let misses = 0;
  return {
    get(hash: string) {
      const k = kept.get(hash);
      if (k && k.expires > now() && db.unchanged(k.stamp, SESSION_TABLES)) {
        hits++;
        return k.found;
      }
      misses++;
      if (k) kept.delete(hash);
      return null;
    },
    keep(hash: string, stamp: Stamp, expires: number, found: KeptSession['found']) {
      kept.delete(hash); // re-inserted last: the Map's order is the eviction order
      kept.set(hash, { stamp, expires, found });
      if (kept.size > KEPT_SESSIONS) kept.delete(kept.keys().next().value!);
    },
    forget(hash: string): null {
      kept.delete(hash);
      return null;
    },
    /** As an answer cache's (server/http/answerCache.ts), for /metrics; bytes about 500 a session. */
    stats: () => ({ hits, misses, bytes: kept.size * 500, entries: kept.size }),
  };
}
