// Push notifications to the app's users. An admin composes one (title, body, an optional deep
// link) for an audience (every app user, the holders of a card, the users of a Dubai area,
// one user), to go now or at a moment; the server sends it as a background job in the
// database (server/services/notificationJob.ts) through a sender (server/services/push.ts),
// and the list shows each with its audience size, status and counts.
//
// Listed in contract/operations.ts's `operations`, not `resources`: the add call is no plain
// insert (the audience, the twice-in-a-minute check, the job), so the server's handlers are
// written out (server/routes/notifications.ts); the browser still lists it as a resource.
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ListEnvelope, ListQuery, RecordEnvelope } from './envelope';
import { Id, Nullable, Timestamps, Url } from './fields';
import { ADMIN_ROOT, defineOp, type DefinedOp } from './operation';
import { IdParams, defineResource } from './resource';

export const NOTIFICATION_STATUSES = ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const NotificationStatusSchema = Type.Union(NOTIFICATION_STATUSES.map((s) => Type.Literal(s)));

/** Who gets it: every active app user, the holders of a card, the users of an area, one user. */
export const AUDIENCES = ['all', 'card', 'area', 'user'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AudienceSchema = Type.Union(
  AUDIENCES.map((a) => Type.Literal(a)),
  { description: 'all: every active app user; card: its holders; area: the users of a Dubai area; user: one app user' },
);

/** What tapping it opens in the app: an offer, a card, or a web address. */
export const NOTIFICATION_LINK_TYPES = ['offer', 'card', 'url'] as const;
export type NotificationLinkType = (typeof NOTIFICATION_LINK_TYPES)[number];
export const NotificationLinkTypeSchema = Type.Union(NOTIFICATION_LINK_TYPES.map((t) => Type.Literal(t)));

/** The field of each link type that names its target. */
export const NOTIFICATION_LINK_TARGET: Readonly<Record<NotificationLinkType, 'offer_id' | 'card_id' | 'url'>> = {
  offer: 'offer_id',
  card: 'card_id',
  url: 'url',
};

/** The same title, body and audience again within this long asks for `confirm: true` (409). */
export const DUPLICATE_WINDOW_MS = 60_000;
export const DUPLICATE_MESSAGE =
  'The same notification was added less than a minute ago. Send it again with confirm to send it twice.';

/**
 * A send to more than one user names the audience size the admin was shown and confirmed
 * (`expect`, as a bulk call's filter does); without it, or when the audience holds another
 * count now, nothing is added (409 on `expect`, the twice-in-a-minute one is on `confirm`).
 */
export const audienceUnconfirmed = (size: number, expected: number | undefined) =>
  expected === undefined
    ? `This audience holds ${appUsers(size)}: confirm that count (expect: ${size}) to send it to them.`
    : `This audience holds ${appUsers(size)} now, not ${expected.toLocaleString('en')}: look at it again and confirm ${size}.`;
const appUsers = (n: number) => `${n.toLocaleString('en')} app ${n === 1 ? 'user' : 'users'}`;

const Moment = Type.String({ format: 'date-time' });

export const Notification = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  link_type: Nullable(NotificationLinkTypeSchema),
  offer_id: Nullable(Type.Integer()),
  card_id: Nullable(Type.Integer()),
  url: Nullable(Type.String()),
  link_name: Nullable(
    Type.String({
      description: "the link target's name when it was added: the offer's title, the card's name, the URL",
    }),
  ),
  audience: AudienceSchema,
  audience_id: Nullable(Type.Integer({ description: 'the card, area or user of the audience; null for all' })),
  audience_name: Nullable(
    Type.String({ description: "the audience's card, area or user by name, as it was when added" }),
  ),
  send_at: Type.String({ format: 'date-time', description: 'when it goes (or went) out' }),
  status: NotificationStatusSchema,
  audience_size: Type.Integer({
    description: 'how many app users it is for: counted when added, exact once the job has listed them',
  }),
  sent_count: Type.Integer(),
  failed_count: Type.Integer(),
  created_by: Nullable(Type.Integer()),
  created_by_name: Nullable(Type.String()),
  started_at: Nullable(Moment),
  finished_at: Nullable(Moment),
  failure: Nullable(
    Type.String({
      description:
        'why it failed: the error that stopped its listing or sending, or the one its sender gave up on; null while nothing failed',
    }),
  ),
  ...Timestamps,
});
export type Notification = Static<typeof Notification>;

export const NotificationTitle = Type.String({
  minLength: 2,
  maxLength: 80,
  pattern: '\\S',
  description: 'a push title is short: phones cut it at about 50 characters',
});
export const NotificationBody = Type.String({ minLength: 2, maxLength: 500, pattern: '\\S' });

/** An audience as the preview and the add call take it. */
export const AudienceInput = {
  audience: AudienceSchema,
  audience_id: Type.Optional(Nullable(Id)),
};

export const NotificationCreate = Type.Object({
  title: NotificationTitle,
  body: { ...NotificationBody, title: 'Message' },
  link_type: Type.Optional(Nullable({ ...NotificationLinkTypeSchema, title: 'Tapping it opens' })),
  offer_id: Type.Optional(Nullable(Id)),
  card_id: Type.Optional(Nullable(Id)),
  url: Type.Optional(Nullable({ ...Url, title: 'Web address' })),
  ...AudienceInput,
  send_at: Type.Optional(
    Nullable(Type.String({ format: 'date-time', maxLength: 40, description: 'when to send it; absent or null: now' })),
  ),
  confirm: Type.Optional(
    Type.Boolean({
      description:
        'true: add it although the same title, body and audience were added less than a minute ago (else 409 on confirm)',
    }),
  ),
  expect: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2147483647,
      description:
        'the audience size the admin confirmed: required when the audience holds more than one user, and when given it must be the size now (else 409 on expect)',
    }),
  ),
});
export type NotificationCreate = Static<typeof NotificationCreate>;

export const NotificationFilters = Type.Object({
  status: Type.Optional(NotificationStatusSchema),
  audience: Type.Optional(AudienceSchema),
});

export const notificationResource = defineResource({
  name: 'notification',
  label: { one: 'Notification', many: 'Notifications' },
  about:
    'A notification is a push message to app users: title, body, link_type (offer, card or url, or null) with its target in offer_id, card_id or url, audience (all, card, area or user) with audience_id, send_at, status (scheduled, sending, sent, failed, cancelled), audience_size and the sent and failed counts. Newest first by default',
  storage: { table: 'notifications', view: 'notifications_view' },
  paths: { list: '/notifications', show: '/notifications/:id', add: '/add_notification', update: '', remove: '' },
  omit: ['update', 'remove'],
  updateMethod: 'POST',
  removeIdParam: '',
  filters: NotificationFilters,
  sortable: ['created_at', 'send_at', 'title'],
  defaultSort: '-created_at',
  shows: ['card', 'city', 'user', 'offer'],
  entity: Notification,
  create: NotificationCreate,
  update: Type.Object({}),
  messages: {
    added: 'Notification added successfully!',
    updated: '',
    deleted: '',
    shown: 'Notification fetched successfully!',
  },
});

/** Cancels a notification not sent yet: a scheduled one, or the rest of one being sent. */
export const cancelNotification = defineOp({
  id: 'notification.cancel',
  method: 'POST',
  path: `${ADMIN_ROOT}/notifications/:id/cancel`,
  summary:
    'Cancel a scheduled notification, or stop one being sent (what went out stays counted); a sent, failed or cancelled one is a 409',
  tag: notificationResource.label.many,
  access: 'admin',
  permission: 'notification.write',
  resource: notificationResource.name,
  params: IdParams,
  response: RecordEnvelope(Notification),
  message: 'Notification cancelled successfully!',
  touches: [notificationResource.name],
});

export const AudienceSize = Type.Object({
  audience: AudienceSchema,
  audience_id: Nullable(Type.Integer()),
  audience_name: Nullable(Type.String()),
  size: Type.Integer({ description: 'how many active app users the audience holds now' }),
});
export type AudienceSize = Static<typeof AudienceSize>;

/** The compose form's preview: how many app users an audience holds. */
export const previewAudience = defineOp({
  id: 'notification.audience',
  method: 'GET',
  path: `${ADMIN_ROOT}/notification_audience`,
  summary:
    'How many active app users an audience holds now (the compose form shows it as the audience is chosen); audience_id names the card, area or user and is ignored for all',
  tag: notificationResource.label.many,
  access: 'admin',
  resource: notificationResource.name,
  query: Type.Object(AudienceInput),
  response: RecordEnvelope(AudienceSize),
  message: 'Audience counted successfully!',
});

// ---------------------------------------------------------------------------------------
// The derived calls, typed for the browser and the handlers.

export const NotificationListQuery = Type.Object({ ...ListQuery.properties, ...NotificationFilters.properties });
export const NotificationList = ListEnvelope(Notification);
export const NotificationRecord = RecordEnvelope(Notification);
export const listNotifications = notificationResource.ops.list as unknown as DefinedOp<
  undefined,
  typeof NotificationListQuery,
  undefined,
  typeof NotificationList
>;
export const showNotification = notificationResource.ops.show as unknown as DefinedOp<
  typeof IdParams,
  undefined,
  undefined,
  typeof NotificationRecord
>;
export const addNotification = notificationResource.ops.add as unknown as DefinedOp<
  undefined,
  undefined,
  typeof NotificationCreate,
  typeof NotificationRecord
>;
