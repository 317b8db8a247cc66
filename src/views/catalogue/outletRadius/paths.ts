// The outlet radius screen's URLs: /Outletradius-list/ exactly as SPEC.md spells it (capital O,
// trailing slash); the record opens in its pane under it. No imports: read by the route table.
export const outletRadiusRoutes = {
  list: '/Outletradius-list/',
  view: '/Outletradius-list/:id',
  edit: '/Outletradius-list/:id/edit',
  add: '/Outletradius-list/new',
} as const;
