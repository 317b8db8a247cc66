// Every list screen's URLs, in one table: a feature links to another's records through these
// (a feature never imports another feature, eslint.config.js), and each screen's entry.ts
// routes what its own line says. No heavy imports: the sign-in page's route table reads it.

// The bank screen's URLs.
export const bankRoutes = {
  list: '/bank-list',
  view: '/view-bank/:id',
  edit: '/edit-bank/:id',
  add: '/add-bank',
} as const;

// The card screen's URLs.
export const cardRoutes = {
  list: '/card-list',
  view: '/view-card/:id',
  edit: '/edit-card/:id',
  add: '/add-card',
} as const;

// The category screen's URLs. The product names only /category-list; the record opens in its pane
// under the same path.
export const categoryRoutes = {
  list: '/category-list',
  view: '/category-list/:id',
  edit: '/category-list/:id/edit',
  add: '/category-list/new',
} as const;

export const cityRoutes = {
  list: '/dubai-city-list',
  view: '/dubai-city-list/:id',
  /** Not routed: areas are read-only (the contract omits add, update and remove). */
  edit: '/dubai-city-list/:id/edit',
  add: '/dubai-city-list/new',
} as const;

// The network screen's URLs. The product names only /network-list; the record opens in its pane
// under the same path.
export const networkRoutes = {
  list: '/network-list',
  view: '/network-list/:id',
  edit: '/network-list/:id/edit',
  add: '/network-list/new',
} as const;

// The offer screen's URLs.
export const offerRoutes = {
  list: '/offer-list',
  view: '/view-offer/:id',
  edit: '/edit-offer/:id',
  add: '/add-offer',
} as const;

// The outlet radius screen's URLs: /Outletradius-list/ exactly as the product spells it (capital O,
// trailing slash); the record opens in its pane under it.
export const outletRadiusRoutes = {
  list: '/Outletradius-list/',
  view: '/Outletradius-list/:id',
  edit: '/Outletradius-list/:id/edit',
  add: '/Outletradius-list/new',
} as const;

// The outlet screen's URLs.
export const outletRoutes = {
  list: '/outlet-list',
  view: '/view-outlet/:id',
  edit: '/edit-outlet/:id',
  add: '/add-outlet',
} as const;

// The user screen's URLs. The product has no /add-user: a new user's form opens in
// the list's pane (/user-list?new=1).
export const userRoutes = {
  list: '/user-list',
  view: '/view-user/:id',
  edit: '/edit-user/:id',
  add: '/user-list?new=1',
} as const;

export const contactRoutes = {
  list: '/contact',
  view: '/view-contact/:id',
  /** Not routed: messages are not edited or added here (the contract omits add and update). */
  edit: '/view-contact/:id/edit',
  add: '/contact/new',
} as const;

export const feedbackRoutes = {
  list: '/feedback',
  view: '/view-feedback/:id',
  /** Not routed: feedback is not edited or added here (the contract omits add and update). */
  edit: '/view-feedback/:id/edit',
  add: '/feedback/new',
} as const;

export const notificationRoutes = {
  list: '/notifications',
  view: '/view-notification/:id',
  /** Not routed: sent notifications are not edited (the contract omits update). */
  edit: '/view-notification/:id/edit',
  add: '/notifications?new=1',
} as const;
