// Written by `npm run api:doc` from the resources (contract/resourceWordsFile.ts says why): do not edit.
export const RESOURCE_WORDS = {
  user: { one: 'User', many: 'Users', table: 'users', calls: ['show', 'add', 'update', 'remove'], filters: { role: 'Role', status: 'Status' } },
  bank: { one: 'Bank', many: 'Banks', table: 'banks', calls: ['show', 'add', 'update', 'remove'], catalogue: { permission: 'bank.write', does: 'change banks' } },
  category: { one: 'Category', many: 'Categories', table: 'categories', calls: ['show', 'add', 'update', 'remove'], catalogue: { permission: 'category.write', does: 'change categories' } },
  network: { one: 'Network', many: 'Networks', table: 'networks', calls: ['show', 'add', 'update', 'remove'], catalogue: { permission: 'network.write', does: 'change card networks' } },
  outlet: { one: 'Outlet', many: 'Outlets', table: 'outlets', calls: ['show', 'add', 'update', 'remove'], filters: { category: 'Category', area: 'Area' }, catalogue: { permission: 'outlet.write', does: 'change outlets' } },
  outletRadius: { one: 'Radius', many: 'Outlet radius', table: 'outlet_radius', calls: ['show', 'add', 'update', 'remove'], catalogue: { permission: 'outletRadius.write', does: 'change outlet radius settings' } },
  card: { one: 'Card', many: 'Cards', table: 'cards', calls: ['show', 'add', 'update', 'remove'], filters: { bank: 'Bank', network: 'Network', category: 'Category', status: 'Status', display: 'Display' }, catalogue: { permission: 'card.write', does: 'change cards' } },
  offer: { one: 'Offer', many: 'Offers', table: 'offers', calls: ['show', 'add', 'update', 'remove'], filters: { bank: 'Bank', card: 'Card', category: 'Category', outlet: 'Outlet', from_source: 'Source', state: 'State', expiring: 'Expiring' }, catalogue: { permission: 'offer.write', does: 'change offers' } },
  city: { one: 'Area', many: 'Dubai areas', table: 'dubai_cities', calls: [] },
  contact: { one: 'Contact message', many: 'Contact messages', table: 'contact_messages', calls: ['show', 'remove'], filters: { handled: 'Handled' } },
  feedback: { one: 'Feedback', many: 'Feedback', table: 'feedback', calls: ['show', 'remove'], filters: { rating: 'Rating', about: 'About', user: 'User', offer: 'Offer', card: 'Card' } },
  notification: { one: 'Notification', many: 'Notifications', table: 'notifications', calls: ['show', 'add'], filters: { status: 'Status', audience: 'Audience' } },
} as const;

export type ResourceName = keyof typeof RESOURCE_WORDS;
export type ResourceWords = (typeof RESOURCE_WORDS)[ResourceName];
