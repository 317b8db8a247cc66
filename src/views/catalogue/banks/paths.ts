// The bank screen's URLs (SPEC.md §2). No imports: the route table in the first download reads this.
export const bankRoutes = {
  list: '/bank-list',
  view: '/view-bank/:id',
  edit: '/edit-bank/:id',
  add: '/add-bank',
} as const;
