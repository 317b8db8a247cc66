// The Dubai areas list (read-only reference data). An area opens in the pane under the same
// path. No imports: the route table in the first download reads this.
export const cityRoutes = {
  list: '/dubai-city-list',
  view: '/dubai-city-list/:id',
  /** Not routed: areas are read-only (the contract omits add, update and remove). */
  edit: '/dubai-city-list/:id/edit',
  add: '/dubai-city-list/new',
} as const;
