// Adding a notification (contract/notification.ts): the audience and the link checked and
// named, the time it goes, the twice-in-a-minute rule, the audience counted and, when more
// than one user, its size as the admin confirmed it. The row is all the call writes; the job
// (./notificationJob.ts) sends it once the call has committed.
import crypto from 'node:crypto';
import {
  DUPLICATE_MESSAGE,
  DUPLICATE_WINDOW_MS,
  audienceUnconfirmed,
  NOTIFICATION_LINK_TARGET,
  type Audience,
  type Notification,
  type NotificationCreate,
} from '@contract/notification';
import type { Tx } from '../db/connection';
import { HttpError, badField } from '../errors';
import {
  audienceTarget,
  countAudience,
  insertNotification,
  linkTargetName,
  lockFingerprint,
  recentTwin,
} from '../repositories/notifications';
import { bidiControlIn, internalHostOf } from './publicLink';

/** A time this far in the past still means "now" (a form filled in a minute ago). */
const PAST_SLACK_MS = 60_000;
/** How far ahead a notification may be scheduled. */
const MAX_AHEAD_MS = 366 * 24 * 3600_000;

export interface Who {
  id: number | null;
  name: string | null;
}

/** The audience checked: its target exists (a user: an active app user), and its name. */
export async function resolveAudience(
  tx: Tx,
  audience: Audience,
  id: number | null | undefined,
): Promise<{ audience_id: number | null; audience_name: string | null }> {
  // 'all' has no target; an id sent with it is ignored rather than refused (the form may keep one).
  if (audience === 'all') return { audience_id: null, audience_name: null };
  if (id === null || id === undefined)
    throw badField('audience_id', `Audience id is required for the audience ${audience}.`);
  const target = await audienceTarget(tx, audience, id);
  const what = { card: 'card', area: 'area', user: 'user' }[audience];
  if (!target) throw badField('audience_id', `No ${what} has the id ${id}.`);
  if (!target.appUser) throw badField('audience_id', `User ${id} is no active app user.`);
  return { audience_id: id, audience_name: target.name };
}

/** The link checked: its target field present and existing, no target of another type. */
async function resolveLink(tx: Tx, b: NotificationCreate) {
  const type = b.link_type ?? null;
  const wanted = type ? NOTIFICATION_LINK_TARGET[type] : null;
  for (const field of Object.values(NOTIFICATION_LINK_TARGET)) {
    if (field !== wanted && b[field] !== undefined && b[field] !== null) {
      throw badField(
        field,
        type ? `${label(field)} is not taken with the link type ${type}.` : `${label(field)} needs a link type.`,
      );
    }
  }
  const link = {
    link_type: type,
    offer_id: null as number | null,
    card_id: null as number | null,
    url: null as string | null,
    link_name: null as string | null,
  };
  if (!type || !wanted) return link;
  const target = b[wanted];
  if (target === undefined || target === null)
    throw badField(wanted, `${label(wanted)} is required for the link type ${type}.`);
  if (type === 'url') {
    const url = String(target);
    const host = internalHostOf(url);
    if (host === 'unparsable') throw badField('url', 'URL is not a web address a phone can open.');
    if (host)
      throw badField(
        'url',
        `URL points to a private or local address (${host}): the app's users could not open it, and it must not reach inside the network.`,
      );
    return { ...link, url, link_name: url };
  }
  const name = await linkTargetName(tx, type, Number(target));
  if (name === null) throw badField(wanted, `No ${type} has the id ${target}.`);
  return { ...link, [wanted]: Number(target), link_name: name };
}

const label = (field: string) =>
  ({ offer_id: 'Offer', card_id: 'Card', url: 'URL', title: 'Title', body: 'Message' })[field] ?? field;

/** When it goes: absent or null is now; a little in the past is now too; far ahead is refused. */
function sendTime(sendAt: string | null | undefined, now: number): { at: Date; now: boolean } {
  if (sendAt === undefined || sendAt === null) return { at: new Date(now), now: true };
  const t = Date.parse(sendAt);
  if (t < now - PAST_SLACK_MS)
    throw badField('send_at', 'Send at is in the past: choose a later time, or send it now.');
  if (t > now + MAX_AHEAD_MS) throw badField('send_at', 'Send at is more than a year ahead.');
  return t <= now ? { at: new Date(now), now: true } : { at: new Date(t), now: false };
}

/** Title, body and audience as one value: what "the same notification" means. */
export const fingerprintOf = (b: Pick<NotificationCreate, 'title' | 'body' | 'audience'>, audienceId: number | null) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([b.title.trim(), b.body.trim(), b.audience, audienceId]))
    .digest('hex');

/** Title, body and link may not hold a character that reorders what a phone shows. */
function refuseBidi(b: NotificationCreate) {
  for (const field of ['title', 'body', 'url'] as const) {
    const code = typeof b[field] === 'string' ? bidiControlIn(b[field]) : null;
    if (code)
      throw badField(
        field,
        `${label(field)} holds a text-direction control (${code}), which can make it read as something else: remove it.`,
      );
  }
}

/** Checks and stores a new notification; it is sent (now or at its time) after the call commits. */
export async function createNotification(tx: Tx, b: NotificationCreate, who: Who, now: number): Promise<Notification> {
  refuseBidi(b);
  const when = sendTime(b.send_at, now);
  const audience = await resolveAudience(tx, b.audience, b.audience_id);
  const link = await resolveLink(tx, b);
  const fingerprint = fingerprintOf(b, audience.audience_id);
  await lockFingerprint(tx, fingerprint);
  if (!b.confirm && (await recentTwin(tx, fingerprint, new Date(now - DUPLICATE_WINDOW_MS))) !== null) {
    throw new HttpError(409, DUPLICATE_MESSAGE, { confirm: [DUPLICATE_MESSAGE] });
  }
  const size = await countAudience(tx, b.audience, audience.audience_id);
  if (size === 0)
    throw badField(
      b.audience === 'all' ? 'audience' : 'audience_id',
      'No active app user is in this audience: nobody would get it.',
    );
  // Many people at once is asked for, never implied: the size shown and confirmed must be the size now.
  if ((size > 1 && b.expect === undefined) || (b.expect !== undefined && b.expect !== size))
    throw badField('expect', audienceUnconfirmed(size, b.expect), 409);
  return insertNotification(tx, {
    title: b.title.trim(),
    body: b.body.trim(),
    ...link,
    audience: b.audience,
    ...audience,
    send_at: when.at,
    status: when.now ? 'sending' : 'scheduled',
    audience_size: size,
    fingerprint,
    created_by: who.id,
    created_by_name: who.name,
    at: new Date(now),
  });
}
