// The outlet screen's URLs (SPEC.md §2). No imports: the route table in the first download reads this.
export const outletRoutes = {
  list: '/outlet-list',
  view: '/view-outlet/:id',
  edit: '/edit-outlet/:id',
  add: '/add-outlet',
} as const;
