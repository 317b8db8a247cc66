// Notifications, wired once: contract → store → list model → routes. The commands and the screen read this.
import {
  notificationResource,
  type Audience,
  type Notification,
  type NotificationStatus,
} from '@contract/notification';
import { resourceScreen } from '@/commands/resourceScreen';
import { filtersOf } from '@/store/contractFilters';
import { notificationRoutes } from '@/screens/paths';

export const STATUS_LABELS: Readonly<Record<NotificationStatus, string>> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
export const AUDIENCE_LABELS: Readonly<Record<Audience, string>> = {
  all: 'All app users',
  card: 'Holders of a card',
  area: 'Users in an area',
  user: 'One user',
};

export const notificationScreen = resourceScreen<Notification>({
  view: 'notifications',
  resource: notificationResource,
  routes: notificationRoutes,
  describe: (n) => ({ label: n.title, hint: `${STATUS_LABELS[n.status]} · ${audienceText(n)}` }),
  filters: filtersOf(notificationResource, {
    status: { labelOf: (v) => STATUS_LABELS[v as NotificationStatus] },
    audience: { labelOf: (v) => AUDIENCE_LABELS[v as Audience] },
  }),
  sortLabels: { created_at: 'Added', send_at: 'Send time', title: 'Title' },
});

export const notifications = notificationScreen.store;

/** 'Holders of Skywards Infinite', 'Users in Al Barsha', 'All app users'. */
export function audienceText(n: Pick<Notification, 'audience' | 'audience_name' | 'audience_id'>): string {
  const name = n.audience_name ?? (n.audience_id !== null ? `#${n.audience_id}` : '');
  switch (n.audience) {
    case 'all':
      return 'All app users';
    case 'card':
      return `Holders of ${name}`;
    case 'area':
      return `Users in ${name}`;
    case 'user':
      return name;
  }
}

/** Whether it can still be cancelled: not sent yet, or being sent. */
export const cancellable = (n: Pick<Notification, 'status'>) => n.status === 'scheduled' || n.status === 'sending';
