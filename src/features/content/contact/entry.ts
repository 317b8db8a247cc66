// Contact messages: the list at /contact, one open at /view-contact/:id beside it. Messages
// come from the app, so there is no add or edit form. The route table in the first download
// reads this: no heavy imports.
import { resourceEntry } from '@/screens/screenEntry';
import { contactRoutes } from '@/screens/paths';

export const CONTACT_VIEW = 'contact';

export const entry = resourceEntry('contact', {
  id: CONTACT_VIEW,
  routes: contactRoutes,
  paths: [contactRoutes.list, contactRoutes.view],
  shortcut: 'g m',
  page: () => import('./ContactScreen'),
  commands: () => import('./commands').then((m) => m.contactCommands),
});
