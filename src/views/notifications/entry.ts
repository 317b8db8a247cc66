// The notifications screen: the list of added notifications with their status and counts, one
// open in the pane (/view-notification/3), the compose form in the list's pane
// (/notifications?new=1). No heavy imports: the route table reads this.
import type { ScreenEntry } from '../screenEntry';
import { routePaths } from '../screenEntry';

export const notificationRoutes = {
  list: '/notifications',
  view: '/view-notification/:id',
  // Sent notifications are not edited: no route leads here (the list model needs a pattern).
  edit: '/view-notification/:id?edit=1',
  add: '/notifications?new=1',
} as const;

export const entry: ScreenEntry = {
  id: 'notifications',
  title: 'Notifications',
  nav: { path: notificationRoutes.list, shortcut: 'g y' },
  paths: routePaths(notificationRoutes),
  resource: 'notification',
  page: () => import('./NotificationsScreen'),
  commands: () => import('./commands').then((m) => m.notificationCommands),
};
