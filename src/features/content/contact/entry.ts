// Contact messages: the list at /contact, one open at /view-contact/:id beside it. Messages
// come from the app, so there is no add or edit form. The route table in the first download
// reads this: no heavy imports.
import type { ScreenEntry } from '@/screens/screenEntry';
import { contactRoutes } from '@/screens/paths';

export const CONTACT_VIEW = 'contact';

export const entry: ScreenEntry = {
  id: CONTACT_VIEW,
  title: 'Contact messages',
  nav: { path: contactRoutes.list, shortcut: 'g m' },
  routes: contactRoutes,
  paths: [contactRoutes.list, contactRoutes.view],
  resource: 'contact',
  page: () => import('./ContactScreen'),
  commands: () => import('./commands').then((m) => m.contactCommands),
};
