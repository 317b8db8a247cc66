// Notifications as rows (server/db/migrations/011_notifications.sql): the list and show of the
// contract (derived, over notifications_view), the audience as SQL, the names the form's
// choices stand for, the insert, the twice-in-a-minute lookup and the cancel. The sending job's
// statements are in ./notificationPieces.ts.
import { notificationResource, type Audience, type Notification } from '@contract/notification';
import type { Tx } from '../db/connection';
import { crudRepository, normalise, type Param } from './crud';

/** list and get: the derived repository; `audience` is a column of its own, not `audience_id`. */
export const notificationRepository = crudRepository<Notification>(notificationResource, {
  filters: { audience: (v, p) => `audience = ${p(v)}` },
});

/**
 * FROM and WHERE of an audience's active app users, aliased `u`; the card, area or user id
 * goes in through `p` (PostgreSQL refuses a parameter a statement does not use, so 'all'
 * adds none). The planner walks it in user id order (./notificationPieces.ts).
 */
export function audienceFrom(audience: Audience, id: number | null, p: Param): string {
  const appUsers = "u.role = 'user' and u.status = 'active'";
  switch (audience) {
    case 'all':
      return `from users u where ${appUsers}`;
    case 'card':
      return `from user_cards uc join users u on u.id = uc.user_id where uc.card_id = ${p(id)} and ${appUsers}`;
    case 'area':
      return `from users u where u.area_id = ${p(id)} and ${appUsers}`;
    case 'user':
      return `from users u where u.id = ${p(id)} and ${appUsers}`;
  }
}

/** A parameter list and the placeholder maker that fills it. */
export function params(): { values: unknown[]; p: Param } {
  const values: unknown[] = [];
  return {
    values,
    p: (v) => {
      values.push(v);
      return `$${values.length}`;
    },
  };
}

/** How many active app users the audience holds now. */
export async function countAudience(tx: Tx, audience: Audience, id: number | null): Promise<number> {
  const { values, p } = params();
  return Number(
    (await tx.query<{ n: number }>(`select count(*)::int as n ${audienceFrom(audience, id, p)}`, values)).rows[0].n,
  );
}

/** The name of an audience's card, area or user (null: none such); for a user, whether it is an active app user. */
export async function audienceTarget(
  tx: Tx,
  audience: Exclude<Audience, 'all'>,
  id: number,
): Promise<{ name: string; appUser: boolean } | null> {
  const sql = {
    card: 'select name, true as app_user from cards_view where id = $1',
    area: 'select name, true as app_user from dubai_cities where id = $1',
    user: "select name, (role = 'user' and status = 'active') as app_user from users where id = $1",
  }[audience];
  const row = (await tx.query<{ name: string; app_user: boolean }>(sql, [id])).rows[0];
  return row ? { name: row.name, appUser: row.app_user } : null;
}

/** The title of a live offer or the name of a card (null: none such). */
export async function linkTargetName(tx: Tx, type: 'offer' | 'card', id: number): Promise<string | null> {
  const sql =
    type === 'offer'
      ? 'select title as name from offers_view where id = $1'
      : 'select name from cards_view where id = $1';
  return (await tx.query<{ name: string }>(sql, [id])).rows[0]?.name ?? null;
}

/**
 * Serializes adds of one fingerprint across transactions (and servers on one PostgreSQL), so
 * two identical adds at the same moment cannot both miss each other. Two-key form: its own
 * key space, apart from the single-key lock of server/db/migrate.ts.
 */
export async function lockFingerprint(tx: Tx, fingerprint: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(11, hashtext($1))', [fingerprint]);
}

/** A notification of this fingerprint added since `since` and not cancelled, if any. */
export async function recentTwin(tx: Tx, fingerprint: string, since: Date): Promise<number | null> {
  const row = (
    await tx.query<{ id: number }>(
      "select id from notifications where fingerprint = $1 and created_at > $2 and status <> 'cancelled' order by id desc limit 1",
      [fingerprint, since],
    )
  ).rows[0];
  return row?.id ?? null;
}

interface NewNotification {
  title: string;
  body: string;
  link_type: string | null;
  offer_id: number | null;
  card_id: number | null;
  url: string | null;
  link_name: string | null;
  audience: Audience;
  audience_id: number | null;
  audience_name: string | null;
  send_at: Date;
  status: 'scheduled' | 'sending';
  audience_size: number;
  fingerprint: string;
  created_by: number | null;
  created_by_name: string | null;
  /** The server's clock: created_at, updated_at, and started_at when it goes now. */
  at: Date;
}

export async function insertNotification(tx: Tx, n: NewNotification): Promise<Notification> {
  const cols = [
    'title',
    'body',
    'link_type',
    'offer_id',
    'card_id',
    'url',
    'link_name',
    'audience',
    'audience_id',
    'audience_name',
    'send_at',
    'status',
    'audience_size',
    'fingerprint',
    'created_by',
    'created_by_name',
  ] as const;
  const values: unknown[] = cols.map((c) => n[c]);
  values.push(n.at, n.status === 'sending' ? n.at : null);
  const id = (
    await tx.query<{ id: number }>(
      `insert into notifications (${cols.join(', ')}, created_at, updated_at, started_at)
       values (${cols.map((_, i) => `$${i + 1}`).join(', ')}, $${cols.length + 1}, $${cols.length + 1}, $${cols.length + 2}) returning id`,
      values,
    )
  ).rows[0].id;
  return (await notificationRepository.get(tx, id))!;
}

/**
 * Cancels a scheduled notification, or the rest of one being sent: its pieces not yet sent go
 * (a piece in a sender's hands finishes and is counted). Null when it was neither.
 */
export async function cancelNotificationRow(tx: Tx, id: number, at: Date): Promise<Notification | null> {
  const row = (
    await tx.query<{ id: number }>(
      "update notifications set status = 'cancelled', finished_at = $2, updated_at = $2, version = version + 1 where id = $1 and status in ('scheduled', 'sending') returning id",
      [id, at],
    )
  ).rows[0];
  if (!row) return null;
  await tx.query("delete from notification_pieces where notification_id = $1 and state = 'pending'", [id]);
  return normalise<Notification>((await tx.query('select * from notifications_view where id = $1', [id])).rows[0]);
}
