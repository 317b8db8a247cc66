// Every list screen's URLs, in one table: a feature links to another's records through these
// (a feature never imports another feature, eslint.config.js), and each screen's entry.ts
// routes what its own line says. No heavy imports: the sign-in page's route table reads it.
// The product spells its URLs two ways; each list takes one with its own stem, and the
// exceptions are written out (./paths.test.ts holds every URL as the product has it).
import type { ListRoutes } from '@/store/listModel';

/** A list whose record opens in its pane under the list's own path: '/network-list', '/network-list/3'. */
export const paneRoutes = (list: string): ListRoutes => {
  const base = list.replace(/\/$/, '');
  return { list, view: `${base}/:id`, edit: `${base}/:id/edit`, add: `${base}/new` };
};

/** A list with a page per record: '/bank-list', '/view-bank/3', '/edit-bank/3', '/add-bank'. */
export const pageRoutes = (stem: string, list = `/${stem}-list`, add = `/add-${stem}`): ListRoutes => ({
  list,
  view: `/view-${stem}/:id`,
  edit: `/edit-${stem}/:id`,
  add,
});

export const bankRoutes = pageRoutes('bank');
export const cardRoutes = pageRoutes('card');
export const offerRoutes = pageRoutes('offer');
export const outletRoutes = pageRoutes('outlet');
// The product names only /category-list and /network-list; the record opens in its pane there.
export const categoryRoutes = paneRoutes('/category-list');
export const networkRoutes = paneRoutes('/network-list');
/** Areas are read-only (the contract omits add, update and remove): edit and add are not routed. */
export const cityRoutes = paneRoutes('/dubai-city-list');
// Exactly as the product spells it (capital O, trailing slash); the record opens in its pane under it.
export const outletRadiusRoutes = paneRoutes('/Outletradius-list/');
// The product has no /add-user: a new user's form opens in the list's pane.
export const userRoutes = pageRoutes('user', '/user-list', '/user-list?new=1');
// Messages and feedback are not edited or added here (the contract omits add and update), nor
// sent notifications edited (it omits update): those URLs are not routed.
const unrouted = (r: ListRoutes): ListRoutes => ({ ...r, edit: `${r.view}/edit` });
export const contactRoutes = unrouted(pageRoutes('contact', '/contact', '/contact/new'));
export const feedbackRoutes = unrouted(pageRoutes('feedback', '/feedback', '/feedback/new'));
export const notificationRoutes = unrouted(pageRoutes('notification', '/notifications', '/notifications?new=1'));
