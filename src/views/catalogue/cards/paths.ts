// The card screen's URLs (SPEC.md §2). No imports: the route table in the first download reads this.
export const cardRoutes = {
  list: '/card-list',
  view: '/view-card/:id',
  edit: '/edit-card/:id',
  add: '/add-card',
} as const;
