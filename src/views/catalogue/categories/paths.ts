// The category screen's URLs. SPEC.md names only /category-list; the record opens in its pane
// under the same path. No imports: the route table in the first download reads this.
export const categoryRoutes = {
  list: '/category-list',
  view: '/category-list/:id',
  edit: '/category-list/:id/edit',
  add: '/category-list/new',
} as const;
