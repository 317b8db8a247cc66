// Sending notifications: a job kept in the database (server/db/migrations/011_notifications.sql),
// run in short transactions like a write batch (./batches.ts), so it never holds the database
// for long and a server stopped half-way resumes where it was.
//
// One loop per process: start the scheduled notifications whose time has come, then, turn
// by turn, list a chunk of an audience into pieces and send one piece, the event loop taking
// a turn between units so requests run in between (on PGlite's one connection too). It runs
// after every add (server/app.ts), at start, and every few seconds (scheduled ones, pieces to
// try again). On PostgreSQL several servers share the work: each claims pieces the others
// do not hold, and takes back the claims of one that stopped a minute ago.
//
// One notification never holds the others: an error the job did not expect while listing or
// sending one (anything but its sender's, which is tried again) rolls back that step alone
// and marks that notification failed with the error as its cause (`failure`), in the log too,
// and the loop goes on with the next.
import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/connection';
import { isAlive } from '../db/lock';
import {
  claimHolders,
  claimPiece,
  failOnError,
  failPiece,
  finishPiece,
  loadPiece,
  nextToPlan,
  notificationOutcome,
  planChunk,
  releaseClaims,
  startDue,
  type ClaimedPiece,
} from '../repositories/notificationPieces';
import { ABANDONED_AFTER_MS } from './batches';
import { backgroundLoop, type Loop } from './loop';
import type { PushLink, PushSender } from './push';

/** How often the loop looks for due notifications and pieces to try again. */
const TICK_MS = 5_000;
/** A piece whose sender threw this many times counts as failed. */
const MAX_ATTEMPTS = 3;

/** kick() runs the loop soon, after the current call's answer has gone (./loop.ts). */
export type NotificationJob = Loop;

interface JobOptions {
  db: Db;
  sender: PushSender;
  /** The server's clock: when a scheduled notification is due. */
  now: () => number;
  log: (msg: string) => void;
  tickMs?: number;
}

export function createNotificationJob(o: JobOptions): NotificationJob {
  const { db, sender } = o;
  // Who holds a claim: this process, told apart from others on other hosts and from an
  // earlier run of the same pid.
  const holder = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const at = () => new Date(o.now());
  let first = true;

  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  /** A line in the log for a notification the job could not handle (marked failed with `cause`). */
  const failed = (id: number, cause: string | null) => {
    if (cause) o.log(`notification ${id} failed: ${cause}`);
  };

  /** Lists a chunk of one notification's audience; false when none waits. An error fails that notification alone. */
  async function planOne(): Promise<boolean> {
    const outcome = await db.transaction(async (tx) => {
      const n = await nextToPlan(tx);
      if (!n) return null;
      return {
        id: n.id,
        cause: await failOnError(tx, n.id, 'Listing the audience failed', at(), () => planChunk(tx, n, at())),
      };
    });
    if (outcome) failed(outcome.id, outcome.cause);
    return outcome !== null;
  }

  async function deliverOne(): Promise<boolean> {
    let cause: string | null = null;
    const claimed = await db.transaction(async (tx) => {
      const c = await claimPiece(tx, holder);
      if (!c) return null;
      let loaded: ClaimedPiece | undefined;
      cause = await failOnError(
        tx,
        c.notification_id,
        'Sending failed',
        at(),
        async () => (loaded = await loadPiece(tx, c)),
      );
      return { id: c.notification_id, piece: loaded };
    });
    if (!claimed) return false;
    const piece = claimed.piece;
    if (!piece) {
      failed(claimed.id, cause);
      return true;
    }
    const link = linkOf(piece);
    const messages = piece.users.map((user) => ({ user, title: piece.title, body: piece.body, link }));
    // Users deleted since they were listed get nothing: counted as failed.
    const gone = piece.user_ids.length - piece.users.length;
    const key = `notification-${piece.notification_id}-piece-${String(piece.piece).padStart(6, '0')}`;
    let refused: number;
    try {
      const result = messages.length
        ? await sender.send({ key, notification_id: piece.notification_id, messages })
        : undefined;
      const ids = new Set(piece.users.map((u) => u.id));
      refused = new Set((result?.failed ?? []).filter((id) => ids.has(id))).size;
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      o.log(`notification ${piece.notification_id}: piece ${piece.piece} not sent (${text}); tried again later`);
      const gaveUp = await db.transaction((tx) =>
        failPiece(
          tx,
          {
            notification_id: piece.notification_id,
            piece: piece.piece,
            holder,
            maxAttempts: MAX_ATTEMPTS,
            cause: `The sender failed: ${text}`,
          },
          at(),
        ),
      );
      if (gaveUp) await report(piece.notification_id);
      return true;
    }
    const sent = messages.length - refused;
    let mine = false;
    const finishCause = await db.transaction((tx) =>
      failOnError(tx, piece.notification_id, 'Sending failed', at(), async () => {
        mine = await finishPiece(
          tx,
          { notification_id: piece.notification_id, piece: piece.piece, holder, sent, failed: refused + gone },
          at(),
        );
      }),
    );
    failed(piece.notification_id, finishCause);
    if (mine) await report(piece.notification_id);
    return true;
  }

  /** A line in the log when a notification has finished. */
  async function report(id: number) {
    const n = await db.read((tx) => notificationOutcome(tx, id));
    if (n && n.status !== 'sending')
      o.log(
        `notification ${id} ${n.status}: ${n.sent_count.toLocaleString('en')} of ${n.audience_size.toLocaleString('en')} sent, ${n.failed_count.toLocaleString('en')} failed`,
      );
  }

  async function run(stopped: () => boolean): Promise<void> {
    // Claims left by a process that stopped: on PGlite every one at start (this process alone
    // holds the folder); on PostgreSQL those of a process on this machine that is gone, and
    // any untouched for a minute (another machine's); and this process's own, which only an
    // error between a claim and its mark can leave (one loop at a time).
    if (first && db.kind === 'pglite') {
      const n = await db.transaction((tx) => releaseClaims(tx, { idleMs: 0 }));
      if (n) o.log(`notifications: resuming ${n} piece${n === 1 ? '' : 's'} a stopped server had begun`);
    }
    first = false;
    if (db.kind === 'postgres') {
      const dead = (await db.read(claimHolders)).filter((h) => h !== holder && !holderAlive(h));
      const gone = dead.length ? await db.transaction((tx) => releaseClaims(tx, { holders: dead })) : 0;
      const stale = await db.transaction((tx) => releaseClaims(tx, { idleMs: ABANDONED_AFTER_MS }));
      if (gone + stale)
        o.log(
          `notifications: resuming ${gone + stale} piece${gone + stale === 1 ? '' : 's'} a stopped server had begun`,
        );
    }
    await db.transaction((tx) => releaseClaims(tx, { holders: [holder] }));
    await db.transaction((tx) => startDue(tx, at()));
    for (;;) {
      if (stopped()) return;
      const planned = await planOne();
      if (stopped()) return;
      const delivered = await deliverOne();
      if (!planned && !delivered) return;
      await turn();
    }
  }

  return backgroundLoop({
    run,
    onError: (err) =>
      o.log(`notifications: ${err instanceof Error ? err.message : String(err)} (tried again in a few seconds)`),
    everyMs: o.tickMs ?? TICK_MS,
  });
}

/**
 * Whether the process behind a claim ('host:pid:token') may still run: false only when it is
 * surely gone (this machine, no such pid; server/db/lock.ts isAlive). Another machine's: it
 * may, and its claim is taken back once a minute old.
 */
function holderAlive(holder: string): boolean {
  const parts = holder.split(':');
  const pid = Number(parts.at(-2));
  const host = parts.slice(0, -2).join(':');
  if (!Number.isInteger(pid) || pid <= 0) return true;
  return isAlive({ pid, host, token: parts.at(-1) ?? '', started_at: '' });
}

/** What tapping it opens; a deleted offer or card sends it without a link. */
function linkOf(p: ClaimedPiece): PushLink | null {
  if (p.link_type === 'url' && p.url) return { type: 'url', target: p.url };
  if (p.link_type === 'offer' && p.offer_id !== null) return { type: 'offer', target: String(p.offer_id) };
  if (p.link_type === 'card' && p.card_id !== null) return { type: 'card', target: String(p.card_id) };
  return null;
}
