// The network screen's URLs. SPEC.md names only /network-list; the record opens in its pane
// under the same path. No imports: the route table in the first download reads this.
export const networkRoutes = {
  list: '/network-list',
  view: '/network-list/:id',
  edit: '/network-list/:id/edit',
  add: '/network-list/new',
} as const;
