// The notifications screen: the list of added notifications with their status and counts, one
// open in the pane (/view-notification/3), the compose form in the list's pane
// (/notifications?new=1). No heavy imports: the route table reads this.
import { resourceEntry } from '@/screens/screenEntry';
import { notificationRoutes } from '@/screens/paths';

export const entry = resourceEntry('notification', {
  routes: notificationRoutes,
  paths: [notificationRoutes.list, notificationRoutes.view],
  shortcut: 'g y',
  page: () => import('./NotificationsScreen'),
  commands: () => import('./commands').then((m) => m.notificationCommands),
});
