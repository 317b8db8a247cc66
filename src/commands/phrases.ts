// What people type into the palette, and the command each phrase must find first from the
// dashboard: the palette's promise, as a table. Read by a unit test over the real registry and
// the matcher (src/app/phrases.test.ts: first) and by a browser test that types each phrase on the
// dashboard (e2e/palette.spec.ts: among the first three, whatever the admin's use has lifted).
// Add a row when a command gets a new name or a new word.
export const PHRASES: readonly (readonly [phrase: string, command: string])[] = [
  // The four of the design card.
  ['find card', 'card.find'],
  ['assign crawl ref', 'crawl.assignRef'],
  ['rollback offers by source', 'crawl.rollbackOffers'],
  ['roll back offers by source', 'crawl.rollbackOffers'],
  ['reorder banner', 'homepage.reorderBanner'],
  // Creating records, in the words people use.
  ['new offer', 'offer.new'],
  ['create offer', 'offer.new'],
  ['add card', 'card.new'],
  ['new bank', 'bank.new'],
  ['create user', 'user.new'],
  ['new welcome box', 'homepage.new.welcome-boxes'],
  ['new notification', 'notification.new'],
  ['send push', 'notification.new'],
  ['send notification', 'notification.new'],
  // Other screens' actions, from anywhere.
  ['reply', 'contact.reply'],
  ['reply to message', 'contact.reply'],
  ['triage', 'crawl.triageSource'],
  ['assign', 'crawl.assignRef'],
  ['import csv', 'csv.import'],
  ['import crawl file', 'crawl.importFile'],
  ['onboard offers', 'crawl.onboardOffers'],
  ['edit offer', 'offer.edit'],
  ['delete card', 'card.delete'],
  ['move banner', 'homepage.reorderBanner'],
  ['cancel notification', 'notification.cancel'],
  ['undo', 'app.undo'],
  ['undo last change', 'app.undo'],
  // Typos, forgiven in words of five letters or more.
  ['reordr banner', 'homepage.reorderBanner'],
  ['rollbak offers', 'crawl.rollbackOffers'],
  ['onbaord offers', 'crawl.onboardOffers'],
  // The app's own, as people say them.
  ['dark mode', 'app.theme'],
  ['log out', 'app.signOut'],
  ['keyboard shortcuts', 'app.shortcuts'],
];
