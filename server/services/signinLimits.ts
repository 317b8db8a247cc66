// Sign-in limits (README.md, "Sign-in limits"; the numbers are SIGNIN_LIMITS in contract/auth.ts).
// Per account (the e-mail, lower-cased, whether or not an account has it): after 5 failed
// sign-ins every try is refused, the right password too, for 30 s, doubled by each further
// failure up to 15 min; a success, or 15 minutes without a failure or a pause, forgets the
// count. Per client address, per 15 minutes from its first event: at most 30 failed sign-ins
// (whatever the accounts) and 10 code requests.
//
// Counts live in the signin_limits table (migration 004), so every server process sees the
// same ones. A try takes a transaction-scoped advisory lock on its address and its account
// first (always in that order) and holds it until its call commits, so parallel tries are
// counted one after another and a limit holds exactly, however requests arrive. Failures
// are written in the call's transaction, which commits although the call fails: the caller
// throws its refusal with `keepWrites`.
import type { Tx } from '../db/connection';
import { HttpError } from '../errors';
import { SIGNIN_LIMITS as L, tooManyAttempts, tooManyCodeRequests } from '@contract/auth';

/** A 429 that says when to come back: `Retry-After` (seconds) is sent with it (server/app.ts). */
export class TooManyRequests extends HttpError {
  constructor(
    public retryAfter: number,
    message: string,
    field = 'email',
  ) {
    super(429, message, { [field]: [message] });
  }
}

type Scope = 'account' | 'address' | 'codes';

interface Count {
  count: number;
  windowStart: number;
  pausedUntil: number | null;
  expiresAt: number;
}

const time = (v: unknown) => new Date(v as string | Date).getTime();
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The key of a client address: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4 one);
 * IPv6 by its /64 network, since one host is commonly given a whole /64.
 */
function addressKey(ip: string): string {
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
  if (v4) return v4;
  if (!ip.includes(':')) return ip;
  const halves = ip.split('%')[0].toLowerCase().split('::');
  if (halves.length > 2) return ip;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const groups =
    halves.length === 2
      ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail]
      : head;
  if (groups.length !== 8 || !groups.slice(0, 4).every((g) => /^[0-9a-f]{1,4}$/.test(g))) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export function createSigninLimits(now: () => number) {
  /** Holds until the transaction ends; keys are taken in the order given. */
  async function lock(tx: Tx, ...keys: string[]) {
    for (const key of keys) await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`signin:${key}`]);
  }

  /** The live count of a key, or null (none, or expired: an expired row says nothing). */
  async function read(tx: Tx, scope: Scope, key: string): Promise<Count | null> {
    const row = (
      await tx.query<{ count: number; window_start: Date; paused_until: Date | null; expires_at: Date }>(
        'select count, window_start, paused_until, expires_at from signin_limits where scope = $1 and key = $2',
        [scope, key],
      )
    ).rows[0];
    if (!row || time(row.expires_at) <= now()) return null;
    return {
      count: row.count,
      windowStart: time(row.window_start),
      pausedUntil: row.paused_until ? time(row.paused_until) : null,
      expiresAt: time(row.expires_at),
    };
  }

  async function write(tx: Tx, scope: Scope, key: string, c: Count) {
    await tx.query(
      `insert into signin_limits (scope, key, count, window_start, paused_until, expires_at) values ($1, $2, $3, $4, $5, $6)
       on conflict (scope, key) do update set count = excluded.count, window_start = excluded.window_start,
         paused_until = excluded.paused_until, expires_at = excluded.expires_at`,
      [
        scope,
        key,
        c.count,
        new Date(c.windowStart),
        c.pausedUntil === null ? null : new Date(c.pausedUntil),
        new Date(c.expiresAt),
      ],
    );
  }

  /** One more event in a fixed window of `windowMs` from the first one (addresses). */
  const windowed = (c: Count | null, t: number): Count =>
    c ? { ...c, count: c.count + 1 } : { count: 1, windowStart: t, pausedUntil: null, expiresAt: t + L.windowMs };

  /**
   * Removes expired counts (they say nothing any more), a hundred at a time; rows another
   * call holds are skipped, so this never waits.
   */
  async function prune(tx: Tx) {
    await tx.query(
      `delete from signin_limits l using (select scope, key from signin_limits where expires_at <= $1 limit 100 for update skip locked) old
       where l.scope = old.scope and l.key = old.key`,
      [new Date(now())],
    );
  }

  return {
    /**
     * First step of a sign-in try (password or code): locks its address and account until
     * the call ends, and refuses (429) when the address is over its limit.
     */
    async begin(tx: Tx, email: string, ip: string) {
      const address = addressKey(ip);
      await lock(tx, `address:${address}`, `account:${email.toLowerCase()}`);
      const a = await read(tx, 'address', address);
      if (a && a.count >= L.addressFailures) {
        const s = seconds(a.expiresAt - now());
        throw new TooManyRequests(s, tooManyAttempts(s));
      }
    },

    /** Refuses (429) while the account is paused, whatever the password or code. */
    async assertOpen(tx: Tx, email: string) {
      const c = await read(tx, 'account', email.toLowerCase());
      if (c?.pausedUntil && c.pausedUntil > now()) {
        const s = seconds(c.pausedUntil - now());
        throw new TooManyRequests(s, tooManyAttempts(s));
      }
    },

    /** Counts a failed try on its account and its address (the caller then refuses with keepWrites). */
    async failed(tx: Tx, email: string, ip: string) {
      const t = now();
      const account = email.toLowerCase();
      const c = await read(tx, 'account', account);
      const count = (c?.count ?? 0) + 1;
      const over = count - L.accountFailures;
      const pausedUntil = over >= 0 ? t + Math.min(L.firstPauseMs * 2 ** Math.min(over, 30), L.maxPauseMs) : null;
      await write(tx, 'account', account, {
        count,
        windowStart: c?.windowStart ?? t,
        pausedUntil,
        expiresAt: (pausedUntil ?? t) + L.windowMs,
      });
      const address = addressKey(ip);
      await write(tx, 'address', address, windowed(await read(tx, 'address', address), t));
      await prune(tx);
    },

    /** A successful sign-in forgets its account's failures (not its address's). */
    async succeeded(tx: Tx, email: string) {
      await tx.query("delete from signin_limits where scope = 'account' and key = $1", [email.toLowerCase()]);
    },

    /**
     * Counts a code request (request_otp, resend_otp, forgot_password) of an address, known
     * e-mail or not; refuses (429) past the limit. Refused requests are not counted. Also
     * locks the e-mail until the call ends, so two requests for one e-mail cannot both pass
     * its 60-second resend rule.
     */
    async codeRequest(tx: Tx, email: string, ip: string) {
      const address = addressKey(ip);
      await lock(tx, `codes:${address}`, `resend:${email.toLowerCase()}`);
      const c = await read(tx, 'codes', address);
      if (c && c.count >= L.addressCodeRequests) {
        const s = seconds(c.expiresAt - now());
        throw new TooManyRequests(s, tooManyCodeRequests(s));
      }
      await write(tx, 'codes', address, windowed(c, now()));
      await prune(tx);
    },
  };
}
