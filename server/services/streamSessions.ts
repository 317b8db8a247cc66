// A live stream (server/http/eventStream.ts) is let in by its token once, when it opens, and
// may stay open for hours; this keeps it no longer than its session. Every open stream's
// session is read again, all of them in one query, whenever a commit that wrote `sessions` or
// `users` is heard: `Db.onWrites` wakes it for this process's commits and, on PostgreSQL, for
// every other process's NOTIFY (server/db/connection.ts), and the tables a commit wrote
// (`Db.unchanged`) tell whether it could matter. Sign-out, revocation (a password change,
// disabling) and deletion are such writes, and so is a change of role. Expiry is no write: a
// timer set for the soonest expiry among the open streams wakes it then.
import type { Db } from '../db/connection';
import type { Stamp } from '../db/tableWrites';
import { wakeRounds } from './wakeRounds';

/** Why a session's streams end; each ended stream is logged with it. */
export type SessionEnd = 'signed out' | 'expired' | 'account disabled' | 'account deleted' | 'role may not stream';

interface WatchedStream {
  sessionId: number;
  /** Called once, when the session no longer lets the stream in. */
  end(reason: SessionEnd): void;
}

export interface SessionWatch {
  /** Watches `s` until it ends or the returned function is called. */
  add(s: WatchedStream): () => void;
  stop(): void;
}

/** The tables whose writes may end a session. */
const TABLES = ['sessions', 'users'];
/** An expiry is looked for this long after its moment (timers fire a little early or late). */
const EXPIRY_SLACK_MS = 50;
/** After a failed look (the database out of reach), the next one this much later, written or not. */
const RETRY_MS = 5_000;
/** setTimeout's longest delay; a later expiry is looked for again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

interface Row {
  id: number;
  expires_at: Date | string;
  revoked: boolean;
  status: string;
  role: string;
}

/**
 * `now`: the server's clock, the one sign-in and `authenticate` (server/services/auth.ts)
 * compare expiry with. `allowed`: whether a role may still open the stream.
 */
export function watchSessions(
  db: Db,
  opts: { now: () => number; allowed: (role: string) => boolean; log: (msg: string) => void },
): SessionWatch {
  const watched = new Set<WatchedStream>();
  /** Taken before the last look's query: a write after it is one that look may have missed. */
  let looked: Stamp | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const later = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, Math.min(Math.max(0, ms), LONGEST_TIMER_MS));
    timer.unref();
  };

  const round = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const stamp = db.stamp();
    const asked = new Set([...watched].map((s) => s.sessionId));
    const ids = [...asked];
    const { rows } = await db.read((tx) =>
      tx.query<Row>(
        `select s.id, s.expires_at, s.revoked_at is not null as revoked, u.status, u.role
         from sessions s join users u on u.id = s.user_id where s.id = any($1::int[])`,
        [ids],
      ),
    );
    looked = stamp;
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const now = opts.now();
    let soonest = Infinity;
    for (const s of [...watched]) {
      // Added while the query ran: its session was not asked about, and the next look asks.
      if (!asked.has(s.sessionId)) continue;
      const r = byId.get(s.sessionId);
      const expires = r ? new Date(r.expires_at).getTime() : 0;
      // Disabling revokes the sessions too (server/repositories/users.ts): the account's state is named first.
      const why: SessionEnd | null = !r
        ? 'account deleted'
        : r.status !== 'active'
          ? 'account disabled'
          : !opts.allowed(r.role)
            ? 'role may not stream'
            : r.revoked
              ? 'signed out'
              : expires <= now
                ? 'expired'
                : null;
      if (!why) {
        soonest = Math.min(soonest, expires);
        continue;
      }
      watched.delete(s);
      s.end(why);
    }
    if (soonest < Infinity) later(soonest - now + EXPIRY_SLACK_MS);
  };
  const wake = wakeRounds(
    round,
    (err) => {
      opts.log(`stream sessions: ${err instanceof Error ? err.message : String(err)}`);
      if (watched.size) later(RETRY_MS);
    },
    () => watched.size > 0,
  );
  const unhear = db.onWrites(() => {
    if (!looked || !db.unchanged(looked, TABLES)) wake();
  });

  return {
    add(s) {
      watched.add(s);
      // The token was read before the stream was added: a sign-out in between is seen by this look.
      wake();
      return () => void watched.delete(s);
    },
    stop() {
      unhear();
      if (timer) clearTimeout(timer);
      watched.clear();
    },
  };
}
