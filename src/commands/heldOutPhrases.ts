// Phrases people type, written from the vocabulary's verbs and nouns (./vocabulary.ts) and not
// from the commands: each names the command it must find first. Held out: no command lists these
// words itself; they find it through its verb and noun. Read by a unit test over the real
// registry (src/app/vocabulary.test.ts) and, a sample, by the browser test (e2e/palette.spec.ts).
// `screen`: where it is typed (the dashboard unless said): a list's export is that list's.
export interface HeldOut {
  phrase: string;
  command: string;
  screen?: string;
}

const on = (screen: string, rows: [string, string][]): HeldOut[] =>
  rows.map(([phrase, command]) => ({ phrase, command, screen }));
const dashboard = (rows: [string, string][]): HeldOut[] => rows.map(([phrase, command]) => ({ phrase, command }));

export const HELD_OUT: readonly HeldOut[] = [
  // create: new, add, create, make, invite
  ...dashboard([
    ['new bank', 'bank.new'],
    ['add bank', 'bank.new'],
    ['make bank', 'bank.new'],
    ['add deal', 'offer.new'],
    ['new promo', 'offer.new'],
    ['create promotion', 'offer.new'],
    ['add store', 'outlet.new'],
    ['new shop', 'outlet.new'],
    ['add branch', 'outlet.new'],
    ['new merchant', 'outlet.new'],
    ['add customer', 'user.new'],
    ['invite member', 'user.new'],
    ['make card', 'card.new'],
    ['add category', 'category.new'],
    ['create network', 'network.new'],
  ]),
  // edit: edit, change, update, rename, set
  ...dashboard([
    ['edit bank', 'bank.edit'],
    ['change bank', 'bank.edit'],
    ['rename bank', 'bank.edit'],
    ['update bank', 'bank.edit'],
    ['rename card', 'card.edit'],
    ['change card', 'card.edit'],
    ['change deal', 'offer.edit'],
    ['update promo', 'offer.edit'],
    ['edit store', 'outlet.edit'],
    ['rename shop', 'outlet.edit'],
    ['change branch', 'outlet.edit'],
    ['change customer', 'user.edit'],
    ['update member', 'user.edit'],
    ['rename category', 'category.edit'],
  ]),
  // remove: delete, remove
  ...dashboard([
    ['remove store', 'outlet.delete'],
    ['delete shop', 'outlet.delete'],
    ['remove branch', 'outlet.delete'],
    ['remove deal', 'offer.delete'],
    ['delete promo', 'offer.delete'],
    ['remove customer', 'user.delete'],
    ['delete member', 'user.delete'],
    ['remove bank', 'bank.delete'],
    ['remove card', 'card.delete'],
    ['remove message', 'contact.delete'],
    ['remove network', 'network.delete'],
  ]),
  // find: find, open, go to, show
  ...dashboard([
    ['find customer', 'user.find'],
    ['open branch', 'outlet.find'],
    ['find store', 'outlet.find'],
    ['search shops', 'outlet.find'],
    ['look up deal', 'offer.find'],
    ['open promo', 'offer.find'],
    ['find member', 'user.find'],
    ['open bank', 'bank.find'],
    ['go to customers', 'nav.users'],
    ['go to stores', 'nav.outlets'],
    ['go to deals', 'nav.offers'],
  ]),
  // history: history, what changed, recent changes, audit
  ...dashboard([
    ['what changed', 'nav.audit'],
    ['recent changes', 'nav.audit'],
    ['audit', 'nav.audit'],
  ]),
  // import: import, upload
  ...dashboard([
    ['upload csv', 'csv.import'],
    ['upload offers', 'csv.import.offers'],
    ['import deals', 'csv.import.offers'],
    ['upload stores', 'csv.import.outlets'],
    ['import shops', 'csv.import.outlets'],
    ['upload cards', 'csv.import.cards'],
  ]),
  // export: export, download (a list's own)
  ...on('offers', [
    ['download offers', 'offer.export'],
    ['export deals', 'offer.export'],
    ['download promos', 'offer.export'],
  ]),
  ...on('outlets', [
    ['download stores', 'outlet.export'],
    ['export shops', 'outlet.export'],
  ]),
  ...on('users', [['download customers', 'user.export']]),
  // duplicate: duplicate, copy, clone; hide: hide, disable — show: show, enable; the commands
  // every screen gained in issue 34 (src/features/catalogue/offers/linkCommands.ts and beside it)
  ...dashboard([
    ['duplicate offer', 'offer.duplicate'],
    ['copy deal', 'offer.duplicate'],
    ['clone promo', 'offer.duplicate'],
    ['hide card', 'card.hide'],
    ['disable card', 'card.hide'],
    ['unhide card', 'card.unhide'],
    ['discontinue card', 'card.markDiscontinued'],
    ['change password', 'profile.changePassword'],
    ['reset password', 'profile.changePassword'],
    ['change role', 'user.setRole'],
    ['make admin', 'user.setRole'],
    ['expiring deals', 'offer.list.expiring'],
    ['hidden cards', 'card.list.hidden'],
    ['link card to offer', 'offer.addCard'],
    ['add outlet to deal', 'offer.addOutlet'],
    ['remove card from offer', 'offer.removeCard'],
    ['sort deals by', 'offer.sort'],
    ['order stores by', 'outlet.sort'],
    ['sort customers', 'user.sort'],
  ]),
];
