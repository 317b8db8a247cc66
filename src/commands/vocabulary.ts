// The palette's vocabulary: the words people use for what a command does (its verb) and for what
// it acts on (its noun), declared once here, not per command. Every command answers to every word
// of its verb and of its noun, both read from its id ('card.edit' edits a card, 'nav.outlets'
// finds outlets, 'csv.import.offers' imports offers), so a command added with a known verb and
// noun in its id gets all of them with nothing listed (./rank.ts prepares them once per command;
// ./match.ts weighs them a little under the title's own words and lets them cover the title word
// they stand for: "change bank" reads all of "Edit bank").

/** What a command does, and the words people type for it (the first is the product's own). */
export const VERBS = {
  create: ['new', 'add', 'create', 'make', 'invite'],
  edit: ['edit', 'change', 'update', 'rename', 'set', 'modify'],
  remove: ['delete', 'remove', 'archive', 'discontinue'],
  hide: ['hide', 'disable', 'unpublish'],
  show: ['show', 'enable', 'publish'],
  find: ['find', 'open', 'go to', 'show', 'search', 'look up', 'view'],
  export: ['export', 'download'],
  import: ['import', 'upload'],
  history: ['history', 'what changed', 'recent changes', 'audit', 'changes', 'who changed'],
  duplicate: ['duplicate', 'copy', 'clone'],
} as const satisfies Record<string, readonly string[]>;
export type Verb = keyof typeof VERBS;

/**
 * Words of a verb that only the commands named by them answer to: "discontinue card" is not
 * "Delete card", but the entity's own Discontinue (or Archive) command, where it has one.
 */
const OWN_ONLY: ReadonlySet<string> = new Set(['archive', 'discontinue']);

/** How command ids name their action (the part after the entity: 'card.edit', 'offer.deleteSelected'). */
const VERB_OF_ACTION: Readonly<Record<string, Verb>> = {
  new: 'create',
  add: 'create',
  invite: 'create',
  edit: 'edit',
  rename: 'edit',
  set: 'edit',
  bulkSet: 'edit',
  delete: 'remove',
  deleteSelected: 'remove',
  remove: 'remove',
  archive: 'remove',
  discontinue: 'remove',
  hide: 'hide',
  disable: 'hide',
  unpublish: 'hide',
  show: 'show',
  enable: 'show',
  publish: 'show',
  find: 'find',
  export: 'export',
  import: 'import',
  importFile: 'import',
  history: 'history',
  duplicate: 'duplicate',
  copy: 'duplicate',
  clone: 'duplicate',
};

/** What a command acts on, and the words people type for it (the first is the product's own). */
export const NOUNS: Readonly<Record<string, readonly string[]>> = {
  offer: ['offer', 'deal', 'promo', 'promotion'],
  outlet: ['outlet', 'store', 'shop', 'branch', 'merchant'],
  user: ['user', 'customer', 'member', 'app user'],
  staff: ['staff', 'admin', 'editor', 'reviewer', 'viewer', 'team'],
  card: ['card', 'credit card'],
  bank: ['bank', 'issuer'],
  category: ['category'],
  network: ['network', 'scheme'],
  contact: ['message', 'contact', 'enquiry', 'inquiry'],
  notification: ['notification', 'push'],
  audit: ['audit log', 'log', 'activity'],
};

/** A screen that is also one verb's: going to the audit log is asking what changed. */
const VERB_OF_NOUN: Readonly<Record<string, Verb>> = { audit: 'history' };

/** The singular of an id's plural ('cards', 'categories'), as the nouns above are keyed. */
const singular = (s: string) => (s.endsWith('ies') ? `${s.slice(0, -3)}y` : s.replace(/s$/, ''));

/**
 * The command's verb and noun, read from its id: '<noun>.<action>…', 'nav.<screen>' (going to a
 * screen is finding it), 'csv.import.<plural>'. Either is missing when the id does not say.
 */
export function verbAndNoun(id: string): { verb?: Verb; noun?: string } {
  const [head, action = '', rest] = id.split('.');
  if (head === 'nav') return { verb: 'find', noun: singular(action) };
  if (head === 'csv') return { verb: 'import', noun: rest ? singular(rest) : undefined };
  return { verb: VERB_OF_ACTION[action], noun: head };
}

/**
 * The words a command answers to beyond its own: one list per meaning (its verb's, its noun's),
 * so a word the title has stands for its list (./match.ts). Read once per command (./rank.ts).
 */
export function vocabularyOf(id: string): (readonly string[])[] {
  const { verb, noun } = verbAndNoun(id);
  const action = id.split('.')[1] ?? '';
  const lists: (readonly string[])[] = [];
  if (verb) lists.push(VERBS[verb].filter((w) => !OWN_ONLY.has(w) || w === action));
  const nounVerb = noun && id.startsWith('nav.') ? VERB_OF_NOUN[noun] : undefined;
  if (nounVerb && nounVerb !== verb) lists.push(VERBS[nounVerb]);
  if (noun && NOUNS[noun]) lists.push(NOUNS[noun]);
  return lists;
}
