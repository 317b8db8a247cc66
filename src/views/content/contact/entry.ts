// Contact messages: the list at /contact, one open at /view-contact/:id beside it. Messages
// come from the app, so there is no add or edit form. The route table in the first download
// reads this: no heavy imports.
import type { ScreenEntry } from '../../screenEntry';

export const contactRoutes = {
  list: '/contact',
  view: '/view-contact/:id',
  /** Not routed: messages are not edited or added here (the contract omits add and update). */
  edit: '/view-contact/:id/edit',
  add: '/contact/new',
} as const;

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
