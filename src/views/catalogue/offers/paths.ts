// The offer screen's URLs (SPEC.md §2). No imports: the route table in the first download reads this.
export const offerRoutes = {
  list: '/offer-list',
  view: '/view-offer/:id',
  edit: '/edit-offer/:id',
  add: '/add-offer',
} as const;
