// The sending job's statements (server/services/notificationJob.ts runs them, each in a short
// transaction of its own). The rules they keep, per server/db/migrations/011_notifications.sql:
// a user is listed into exactly one piece (the pieces and the plan cursor move in one
// transaction), a piece is claimed by one sender at a time (FOR UPDATE SKIP LOCKED), and only
// the claim's holder may mark it done.
import type { Audience } from '@contract/notification';
import type { Tx } from '../db/connection';
import { audienceFrom, params } from './notifications';

/** Users per piece: one sender call, one outbox file. */
export const PIECE_SIZE = 1000;
/** Users listed per planning transaction: a few pieces, a few tens of ms on PGlite. */
const PLAN_CHUNK = 5000;

/** Scheduled notifications whose time has come (on the server's clock) start sending; returns how many. */
export async function startDue(tx: Tx, now: Date): Promise<number> {
  const rows = await tx.query(
    `update notifications set status = 'sending', started_at = $1, updated_at = $1
     where id in (select id from notifications where status = 'scheduled' and send_at <= $1 order by send_at, id limit 50 for update skip locked)
     returning id`,
    [now],
  );
  return rows.rows.length;
}

/** A notification being sent whose audience is not listed whole yet (locked; another server's is skipped). */
interface ToPlan {
  id: number;
  audience: Audience;
  audience_id: number | null;
  plan_cursor: number;
  pieces: number;
}

/** The next notification waiting for planning, locked for this transaction; null when none waits (or another server holds it). */
export async function nextToPlan(tx: Tx): Promise<ToPlan | null> {
  return (
    (
      await tx.query<ToPlan>(
        "select id, audience, audience_id, plan_cursor, pieces from notifications where status = 'sending' and not planned order by id limit 1 for update skip locked",
      )
    ).rows[0] ?? null
  );
}

/**
 * Lists the next users of notification `n` (from nextToPlan) into pieces (at most PLAN_CHUNK
 * users), moving its cursor past them; the last chunk marks it planned and sets its exact
 * audience size.
 */
export async function planChunk(tx: Tx, n: ToPlan, now: Date): Promise<void> {
  const { values, p } = params();
  const from = audienceFrom(n.audience, n.audience_id, p);
  const listed = (
    await tx.query<{ pieces: number; users: number; last: number | null }>(
      `with next as (select u.id ${from} and u.id > ${p(n.plan_cursor)} order by u.id limit ${PLAN_CHUNK}),
       numbered as (select id, (row_number() over (order by id) - 1) / ${PIECE_SIZE} as k from next),
       inserted as (
         insert into notification_pieces (notification_id, piece, user_ids)
         select ${p(n.id)}::int, ${p(n.pieces)}::int + k::int, array_agg(id order by id) from numbered group by k
         returning cardinality(user_ids) as n)
       select (select count(*)::int from inserted) as pieces, (select coalesce(sum(n), 0)::int from inserted) as users, (select max(id) from next) as last`,
      values,
    )
  ).rows[0];
  const done = listed.users < PLAN_CHUNK;
  await tx.query(
    `update notifications set plan_cursor = coalesce($2, plan_cursor), pieces = pieces + $3, planned = $4, updated_at = $5,
       audience_size = case when $4 then (select coalesce(sum(cardinality(user_ids)), 0)::int from notification_pieces where notification_id = $1) else audience_size end
     where id = $1`,
    [n.id, listed.last, listed.pieces, done, now],
  );
  if (done) await finishIfComplete(tx, n.id, now);
}

/**
 * Runs `step`, a part of the job's work on notification `id`, inside a savepoint: when it
 * throws, only the step is rolled back and the notification is marked failed with `what` and
 * the error as its cause, so it never holds the ones after it. Returns the cause, or null
 * when the step went through.
 */
export async function failOnError(
  tx: Tx,
  id: number,
  what: string,
  now: Date,
  step: () => Promise<unknown>,
): Promise<string | null> {
  await tx.query('savepoint job_step');
  try {
    await step();
    await tx.query('release savepoint job_step');
    return null;
  } catch (err) {
    await tx.query('rollback to savepoint job_step');
    const cause = `${what}: ${err instanceof Error ? err.message : String(err)}`;
    await failNotification(tx, id, cause, now);
    return cause;
  }
}

/** Marks a notification failed with its cause; what it had not sent counts as failed. */
async function failNotification(tx: Tx, id: number, cause: string, now: Date): Promise<void> {
  await tx.query(
    `update notifications set status = 'failed', failure = $2, finished_at = $3, updated_at = $3,
       failed_count = greatest(failed_count, audience_size - sent_count)
     where id = $1 and status in ('scheduled', 'sending')`,
    [id, cause, now],
  );
}

export interface ClaimedPiece {
  notification_id: number;
  piece: number;
  user_ids: number[];
  title: string;
  body: string;
  link_type: 'offer' | 'card' | 'url' | null;
  offer_id: number | null;
  card_id: number | null;
  url: string | null;
  /** The piece's users that still exist, in id order. */
  users: { id: number; name: string; email: string }[];
}

/** A piece claimed, not loaded yet. */
export type Claim = Pick<ClaimedPiece, 'notification_id' | 'piece' | 'user_ids'>;

/** Claims the next piece waiting to be sent; null when none waits. */
export async function claimPiece(tx: Tx, holder: string): Promise<Claim | null> {
  return (
    (
      await tx.query<Claim>(
        `with next as (
           select p.notification_id, p.piece from notification_pieces p
           join notifications n on n.id = p.notification_id and n.status = 'sending'
           where p.state = 'pending' and (p.retry_at is null or p.retry_at <= now())
           order by p.notification_id, p.piece limit 1
           for update of p skip locked)
         update notification_pieces p set state = 'sending', claimed_by = $1, claimed_at = now(), attempts = p.attempts + 1
         from next where p.notification_id = next.notification_id and p.piece = next.piece
         returning p.notification_id, p.piece, p.user_ids`,
        [holder],
      )
    ).rows[0] ?? null
  );
}

/** A claimed piece with its notification's content and its users. */
export async function loadPiece(tx: Tx, claimed: Claim): Promise<ClaimedPiece> {
  const content = (
    await tx.query<Omit<ClaimedPiece, 'notification_id' | 'piece' | 'user_ids' | 'users'>>(
      'select title, body, link_type, offer_id, card_id, url from notifications where id = $1',
      [claimed.notification_id],
    )
  ).rows[0];
  const users = (
    await tx.query<{ id: number; name: string; email: string }>(
      'select id, name, email from users where id = any($1::int[]) order by id',
      [claimed.user_ids],
    )
  ).rows;
  return { ...claimed, ...content, users };
}

/**
 * Marks a claimed piece sent, adds its counts to its notification, and finishes the
 * notification when it was the last. False when the claim was no longer this holder's (it
 * was taken back as abandoned): then another sender answers for the piece.
 */
export async function finishPiece(
  tx: Tx,
  p: { notification_id: number; piece: number; holder: string; sent: number; failed: number },
  now: Date,
): Promise<boolean> {
  const mine = await tx.query(
    // claimed_by stays: which process sent the piece.
    "update notification_pieces set state = 'done', sent_count = $4, failed_count = $5, finished_at = now() where notification_id = $1 and piece = $2 and state = 'sending' and claimed_by = $3 returning piece",
    [p.notification_id, p.piece, p.holder, p.sent, p.failed],
  );
  if (!mine.rows.length) return false;
  await tx.query(
    'update notifications set sent_count = sent_count + $2, failed_count = failed_count + $3, updated_at = $4 where id = $1',
    [p.notification_id, p.sent, p.failed, now],
  );
  await finishIfComplete(tx, p.notification_id, now);
  return true;
}

/**
 * A sender that threw: the piece waits and is tried again (later each time), or after
 * `maxAttempts` counts as failed, its notification keeping the sender's error (`cause`) as its
 * failure. Returns whether it gave up.
 */
export async function failPiece(
  tx: Tx,
  p: { notification_id: number; piece: number; holder: string; maxAttempts: number; cause: string },
  now: Date,
): Promise<boolean> {
  const row = (
    await tx.query<{ state: string; failed_count: number }>(
      `update notification_pieces set
         state = case when attempts >= $4 then 'done' else 'pending' end,
         failed_count = case when attempts >= $4 then cardinality(user_ids) else 0 end,
         finished_at = case when attempts >= $4 then now() end,
         retry_at = now() + make_interval(secs => attempts * 15),
         claimed_by = null
       where notification_id = $1 and piece = $2 and state = 'sending' and claimed_by = $3
       returning state, failed_count`,
      [p.notification_id, p.piece, p.holder, p.maxAttempts],
    )
  ).rows[0];
  if (row?.state !== 'done') return false;
  await tx.query(
    'update notifications set failed_count = failed_count + $2, failure = $4, updated_at = $3 where id = $1',
    [p.notification_id, row.failed_count, now, p.cause],
  );
  await finishIfComplete(tx, p.notification_id, now);
  return true;
}

/** Sent once listed whole and every piece is done; failed when nothing of it could be sent. */
async function finishIfComplete(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.query(
    `update notifications n set status = case when n.sent_count = 0 and n.failed_count > 0 then 'failed' else 'sent' end, finished_at = $2, updated_at = $2
     where n.id = $1 and n.status = 'sending' and n.planned
       and not exists (select 1 from notification_pieces p where p.notification_id = n.id and p.state <> 'done')`,
    [id, now],
  );
}

/**
 * Gives back pieces whose sender stopped mid-way: every one claimed over `idleMs` ago (on
 * PGlite at start, 0: this process alone holds the data folder, so any claim is a dead
 * one's), or those of `holders` (processes known to be gone, or this one between two runs
 * of its one loop).
 */
export async function releaseClaims(tx: Tx, o: { idleMs: number } | { holders: readonly string[] }): Promise<number> {
  const [by, param] =
    'holders' in o
      ? ['claimed_by = any($1::text[])', [...o.holders]]
      : ['claimed_at <= now() - make_interval(secs => $1)', o.idleMs / 1000];
  const rows = await tx.query(
    `update notification_pieces set state = 'pending', claimed_by = null where state = 'sending' and ${by} returning piece`,
    [param],
  );
  return rows.rows.length;
}

/** Who holds the pieces being sent now. */
export async function claimHolders(tx: Tx): Promise<string[]> {
  return (
    await tx.query<{ claimed_by: string }>(
      "select distinct claimed_by from notification_pieces where state = 'sending' and claimed_by is not null",
    )
  ).rows.map((r) => r.claimed_by);
}

/** A notification's status and counts (the job's log line when one finishes). */
export async function notificationOutcome(
  tx: Tx,
  id: number,
): Promise<{ status: string; sent_count: number; failed_count: number; audience_size: number } | null> {
  return (
    (
      await tx.query<{ status: string; sent_count: number; failed_count: number; audience_size: number }>(
        'select status, sent_count, failed_count, audience_size from notifications where id = $1',
        [id],
      )
    ).rows[0] ?? null
  );
}

/** Pieces listed but not sent yet (pending, or being sent), and their users (/metrics: the sending job's backlog). */
export async function countWaitingPieces(tx: Tx): Promise<{ pieces: number; users: number }> {
  const r = await tx.query<{ pieces: number; users: number }>(
    `select count(*)::int as pieces, coalesce(sum(cardinality(user_ids)), 0)::int as users
       from notification_pieces where state <> 'done'`,
  );
  return r.rows[0];
}
