// The notification calls (contract/notification.ts): list and show as any resource's, the add
// (checked and stored by server/services/notifications.ts, sent by the job once the call has
// committed), the cancel and the audience preview.
import {
  addNotification,
  cancelNotification,
  notificationResource,
  previewAudience,
  showNotification,
} from '@contract/notification';
import { HttpError } from '../errors';
import { bind, bindDerived, type Bound } from '../http/handle';
import { cancelNotificationRow, countAudience, notificationRepository } from '../repositories/notifications';
import type { NotificationJob } from '../services/notificationJob';
import { createNotification, resolveAudience } from '../services/notifications';

interface NotificationDeps {
  now: () => number;
  job: () => NotificationJob;
}

const notFound = () => new HttpError(404, 'Notification not found.');

export function notificationHandlers({ now, job }: NotificationDeps): Bound[] {
  const { ops, messages } = notificationResource;
  return [
    bindDerived(ops.list, async ({ query }, tx) => notificationRepository.list(tx, { ...query })),
    bind(showNotification, async ({ params }, tx) => {
      const row = await notificationRepository.get(tx, params.id);
      if (!row) throw notFound();
      return { message: messages.shown, data: row };
    }),
    bind(addNotification, async ({ body }, tx, ctx) => {
      const who = { id: ctx.user?.id ?? null, name: ctx.user?.name ?? null };
      const data = await createNotification(tx, body, who, now());
      // Sent by the job once this transaction has committed (a scheduled one waits for its time).
      ctx.afterCommit(() => job().kick());
      return { message: messages.added, data };
    }),
    bind(cancelNotification, async ({ params }, tx) => {
      const row = await cancelNotificationRow(tx, params.id, new Date(now()));
      if (row) return { message: cancelNotification.message!, data: row };
      const current = await notificationRepository.get(tx, params.id);
      if (!current) throw notFound();
      throw new HttpError(
        409,
        `This notification is ${current.status}: only a scheduled one, or one being sent, can be cancelled.`,
      );
    }),
    bind(previewAudience, async ({ query }, tx) => {
      const target = await resolveAudience(tx, query.audience, query.audience_id);
      const size = await countAudience(tx, query.audience, target.audience_id);
      return { message: previewAudience.message!, data: { audience: query.audience, ...target, size } };
    }),
  ];
}
