// The user screen's URLs (SPEC.md §2). SPEC.md has no /add-user: a new user's form opens in
// the list's pane (/user-list?new=1). No imports: the route table in the first download reads this.
export const userRoutes = {
  list: '/user-list',
  view: '/view-user/:id',
  edit: '/edit-user/:id',
  add: '/user-list?new=1',
} as const;
