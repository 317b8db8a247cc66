// Written by `npm run api:doc` from the resources (contract/resourceWordsFile.ts says why): do not edit.
export const RESOURCE_WORDS = {
  user: { one: 'User', many: 'Users', table: 'users', calls: ['show', 'add', 'update', 'remove'] },
  bank: { one: 'Bank', many: 'Banks', table: 'banks', calls: ['show', 'add', 'update', 'remove'] },
  category: { one: 'Category', many: 'Categories', table: 'categories', calls: ['show', 'add', 'update', 'remove'] },
  network: { one: 'Network', many: 'Networks', table: 'networks', calls: ['show', 'add', 'update', 'remove'] },
  outlet: { one: 'Outlet', many: 'Outlets', table: 'outlets', calls: ['show', 'add', 'update', 'remove'] },
  outletRadius: { one: 'Radius', many: 'Outlet radius', table: 'outlet_radius', calls: ['show', 'add', 'update', 'remove'] },
  card: { one: 'Card', many: 'Cards', table: 'cards', calls: ['show', 'add', 'update', 'remove'] },
  offer: { one: 'Offer', many: 'Offers', table: 'offers', calls: ['show', 'add', 'update', 'remove'] },
  city: { one: 'Area', many: 'Dubai areas', table: 'dubai_cities', calls: [] },
  contact: { one: 'Contact message', many: 'Contact messages', table: 'contact_messages', calls: ['show', 'remove'] },
  feedback: { one: 'Feedback', many: 'Feedback', table: 'feedback', calls: ['show', 'remove'] },
  notification: { one: 'Notification', many: 'Notifications', table: 'notifications', calls: ['show', 'add'] },
} as const;

export type ResourceName = keyof typeof RESOURCE_WORDS;
export type ResourceWords = (typeof RESOURCE_WORDS)[ResourceName];
