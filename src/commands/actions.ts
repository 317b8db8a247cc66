// The palette's manifest: every entity action reachable from any screen, as plain words (title,
// aliases, group, keys, the screen that defines it), small enough for the shell's first download.
// The palette lists and ranks these before their screen's commands are downloaded; choosing one
// fetches that screen's commands and runs the real command (`anywhere: true` there), which stays
// the one definition of what it does. The commands read their words from here (`actionWords`), so
// the two cannot drift; a test checks every entry against the registered command.
import { HEALTH_QUEUES, type HealthFixDef } from '@contract/healthQueues';
import type { Permission } from '@contract/roles';
import { RESOURCE_WORDS, type ResourceName } from '@contract/resourceWords';
import type { Action } from './types';

/** The words of every list's Find / New / Edit / Delete (./resourceCommands.ts reads them). */
export const FIND_ALIASES = ['search', 'open', 'look up'] as const;
export const NEW_ALIASES = ['add', 'create'] as const;
export const EDIT_ALIASES = ['change', 'update'] as const;
export const DELETE_ALIASES = ['remove'] as const;

/**
 * A list screen's Find (global), New, Edit and Delete, as the factory names them; `calls`: which of
 * f, n, e, d. The writes need the resource's permission (contract/resource.ts: '<name>.write').
 */
function crud(name: string, screen: string, one: string, group: string, calls = 'fned'): Action[] {
  const permission = `${name}.write` as Permission;
  const all: Action[] = [
    { id: `${name}.find`, title: `Find ${one}…`, aliases: FIND_ALIASES, group, screen, global: true },
    { id: `${name}.new`, title: `New ${one}`, aliases: NEW_ALIASES, group, shortcut: 'n', screen, permission },
    { id: `${name}.edit`, title: `Edit ${one}`, aliases: EDIT_ALIASES, group, shortcut: 'e', screen, permission },
    {
      id: `${name}.delete`,
      title: `Delete ${one}`,
      aliases: DELETE_ALIASES,
      group,
      shortcut: 'mod+backspace, #',
      screen,
      permission,
    },
  ];
  return all.filter((_, i) => calls.includes('fned'[i]));
}

const crawl = (id: string, title: string, aliases: readonly string[], more: Partial<Action> = {}): Action => ({
  id,
  title,
  aliases,
  group: 'Crawl review',
  screen: 'crawlSources',
  global: true,
  permission: 'crawl.review',
  ...more,
});
const showOffers = (by: string, title: string): Action => ({
  id: `offer.filterBy${by}`,
  title,
  group: 'Offers',
  screen: 'offers',
  global: true,
});
/**
 * A list's "Filter … by …" commands (./filterCommands.ts), reachable from every screen: the
 * filter's key and its label as the filter bar names it. `manifest` derives them from the
 * contract's filters (contract/resourceWords.ts); a row here is for a screen naming its records
 * otherwise ("messages").
 */
const filters = (name: string, screen: string, many: string, group: string, labels: Record<string, string>) =>
  Object.entries(labels).map(([key, label]): Action => ({
    id: `${name}.filter.${key}`,
    title: filterTitle(many, label),
    group,
    screen,
  }));
/** "Filter cards by bank…": the row's title and its command's (./filterCommands.ts). */
export const filterTitle = (many: string, label: string) => `Filter ${many} by ${label.toLowerCase()}…`;

/**
 * The contract's filters with no "Filter … by …" row from anywhere: the offers' bank, state,
 * card and outlet are "Show offers of a bank…" and the like, the two end dates of expiring
 * "Show offers expiring within 7 days" and its 30 (their commands stay on the offers screen,
 * ./filterCommands.ts `local`); feedback's user, offer and card are not in its filter bar.
 */
export const FILTERS_NOT_ANYWHERE: Partial<Record<ResourceName, readonly string[]>> = {
  offer: ['bank', 'state', 'card', 'outlet', 'expiring'],
  feedback: ['user', 'offer', 'card'],
};
/** "Sort offers by…" (./filterCommands.ts sortCommand): a list's sort keys, from every screen. */
const sorts = (name: string, screen: string, many: string, group: string): Action => ({
  id: `${name}.sort`,
  title: `Sort ${many} by…`,
  aliases: [`order ${many} by`, `${many} newest first`, `${many} oldest first`],
  group,
  screen,
});
/** A filter people name outright ("Show hidden cards", ./filterCommands.ts presetCommands): a global row. */
const preset = (
  name: string,
  key: string,
  screen: string,
  group: string,
  title: string,
  aliases?: string[],
): Action => ({
  id: `${name}.list.${key}`,
  title,
  aliases,
  group,
  screen,
  global: true,
});
const cardAction = (id: string, title: string, aliases: readonly string[]): Action => ({
  id,
  title,
  aliases,
  group: 'Cards',
  screen: 'cards',
  permission: 'card.write',
});
const offerAction = (id: string, title: string, aliases: readonly string[], more: Partial<Action> = {}): Action => ({
  id,
  title,
  aliases,
  group: 'Offers',
  screen: 'offers',
  permission: 'offer.write',
  ...more,
});
const homepage = (id: string, title: string, aliases: readonly string[], more: Partial<Action> = {}): Action => ({
  id,
  title,
  aliases,
  group: 'Homepage',
  screen: 'homepage',
  permission: 'homepage.write',
  ...more,
});
const newOnTab = (tab: string, one: string): Action =>
  homepage(`homepage.new.${tab}`, `New ${one}`, NEW_ALIASES, { command: 'homepage.new', arg: tab, shortcut: 'n' });

export const ACTIONS: readonly Action[] = [
  // An admin is a user with the admin role: "invite admin" is the new user form.
  ...crud('user', 'users', 'user', 'Users', 'n').map((a) => ({
    ...a,
    aliases: [...NEW_ALIASES, 'invite', 'invite admin', 'invite staff member'],
  })),
  // Their screens name a record otherwise than the contract's label (src/features/content/*/screen.ts `noun`).
  ...crud('contact', 'contact', 'message', 'Contact messages', 'fd'),
  ...crud('feedback', 'feedback', 'feedback entry', 'Feedback', 'fd'),
  {
    id: 'notification.new',
    title: 'Send notification…',
    aliases: ['new notification', 'push', 'notify', 'compose', 'announce'],
    group: 'Notifications',
    shortcut: 'n',
    screen: 'notifications',
    permission: 'notification.write',
  },
  {
    id: 'notification.cancel',
    title: 'Cancel notification',
    aliases: ['stop sending', 'unschedule'],
    group: 'Notifications',
    shortcut: 'shift+c',
    screen: 'notifications',
    permission: 'notification.write',
  },
  {
    id: 'contact.reply',
    title: 'Reply to contact message…',
    aliases: ['answer', 'respond', 'write back'],
    group: 'Contact messages',
    shortcut: 'r',
    screen: 'contact',
    permission: 'contact.write',
  },
  homepage('homepage.reorderBanner', 'Reorder banner…', ['move banner', 'banner position', 'hero banner order']),
  homepage('homepage.addSelectedOffer', 'Add selected offer…', ['feature offer', 'new selected offer', 'pin offer']),
  newOnTab('hero-banners', 'hero banner'),
  newOnTab('welcome-boxes', 'welcome box'),
  newOnTab('dont-miss-out', "don't miss out banner"),
  crawl('crawl.assignRef', 'Assign crawl ref…', ['assign', 'match crawl', 'link ref', 'triage ref']),
  // Opens the triage, which every role reads; its decisions are the triage's own commands.
  crawl('crawl.triageSource', 'Triage crawl source…', ['review crawl', 'crawl queue', 'open triage', 'decide refs'], {
    permission: undefined,
  }),
  crawl('crawl.onboardOffers', 'Onboard offers of a source…', ['publish offers', 'transfer offers', 'go live']),
  crawl('crawl.rollbackOffers', 'Roll back offers by source…', [
    'rollback',
    'revert onboarding',
    'unpublish',
    'take down',
  ]),
  crawl('crawl.verifySource', 'Verify source', ['mark reviewed']),
  crawl('crawl.importFile', 'Import crawl file…', ['upload crawl', 're-import source', 'new crawl source'], {
    global: false,
    shortcut: 'i',
  }),
  {
    id: 'csv.import',
    title: 'Import CSV…',
    aliases: ['upload csv', 'bulk import', 'spreadsheet'],
    group: 'Import',
    screen: 'importCsv',
    global: true,
    permission: 'catalogue.import',
  },
  ...['offers', 'outlets', 'cards'].map((t): Action => ({
    id: `csv.import.${t}`,
    title: `Import ${t} from CSV…`,
    group: 'Import',
    screen: 'importCsv',
    global: true,
    permission: 'catalogue.import',
  })),
  showOffers('Bank', 'Show offers of a bank…'),
  showOffers('State', 'Show offers by state…'),
  showOffers('Card', 'Show offers on a card…'),
  showOffers('Outlet', 'Show offers at an outlet…'),
  offerAction('offer.duplicate', 'Duplicate offer', ['copy offer', 'clone offer'], { shortcut: 'shift+d' }),
  offerAction('offer.addCard', 'Link card to offer…', ['add card to offer', 'attach card', 'offer cards']),
  offerAction('offer.removeCard', 'Unlink card from offer…', ['remove card from offer', 'detach card']),
  offerAction('offer.addOutlet', 'Link outlet to offer…', ['add outlet to offer', 'attach outlet', 'offer merchants']),
  offerAction('offer.removeOutlet', 'Unlink outlet from offer…', ['remove outlet from offer', 'detach outlet']),
  cardAction('card.markDiscontinued', 'Mark card discontinued', ['discontinue card', 'retire card', 'withdraw card']),
  cardAction('card.markNotDiscontinued', 'Mark card not discontinued', ['reinstate card', 'undiscontinue']),
  cardAction('card.hide', 'Hide card', ['disable card', 'unpublish card', 'hide from the app']),
  cardAction('card.unhide', 'Show card in the app', ['unhide card', 'enable card', 'publish card', 'make visible']),
  {
    id: 'user.setRole',
    title: 'Set user role…',
    aliases: ['change role', 'roles', 'make admin', 'promote', 'demote', 'permissions', 'access'],
    group: 'Users',
    shortcut: 'shift+r',
    screen: 'users',
    permission: 'user.write',
  },
  {
    id: 'profile.changePassword',
    title: 'Change password…',
    aliases: ['reset password', 'new password', 'update password', 'my password'],
    group: 'Profile',
    screen: 'profile',
    global: true,
  },
  // The lists' filters are derived (`manifest`); these two screens name their records otherwise.
  ...filters('contact', 'contact', 'messages', 'Contact messages', { handled: 'handled' }),
  ...filters('feedback', 'feedback', 'feedback entries', 'Feedback', { rating: 'rating', about: 'about' }),
  sorts('card', 'cards', 'cards', 'Cards'),
  sorts('offer', 'offers', 'offers', 'Offers'),
  sorts('outlet', 'outlets', 'outlets', 'Outlets'),
  sorts('user', 'users', 'users', 'Users'),
  sorts('notification', 'notifications', 'notifications', 'Notifications'),
  sorts('contact', 'contact', 'messages', 'Contact messages'),
  sorts('feedback', 'feedback', 'feedback entries', 'Feedback'),
  preset('offer', 'live', 'offers', 'Offers', 'Show live offers', ['active offers', 'current offers', 'valid offers']),
  preset('offer', 'upcoming', 'offers', 'Offers', 'Show upcoming offers', ['future offers', 'scheduled offers']),
  preset('offer', 'expired', 'offers', 'Offers', 'Show expired offers', ['ended offers', 'past offers', 'old offers']),
  preset('offer', 'expiring', 'offers', 'Offers', 'Show offers expiring within 7 days', [
    'expiring offers',
    'ending soon',
    'expire this week',
  ]),
  preset('offer', 'expiringMonth', 'offers', 'Offers', 'Show offers expiring within 30 days', ['expire this month']),
  preset('card', 'hidden', 'cards', 'Cards', 'Show hidden cards', ['cards hidden from the app', 'invisible cards']),
  preset('card', 'shown', 'cards', 'Cards', 'Show cards shown in the app', ['visible cards', 'published cards']),
  preset('card', 'discontinued', 'cards', 'Cards', 'Show discontinued cards', ['retired cards']),
  preset('user', 'admins', 'users', 'Users', 'Show admins', ['admin users', 'staff with admin role']),
  preset('user', 'appUsers', 'users', 'Users', 'Show app users', ['customers', 'consumer accounts']),
  preset('user', 'disabled', 'users', 'Users', 'Show disabled users', ['blocked users', 'inactive accounts']),
  preset('contact', 'open', 'contact', 'Contact messages', 'Show unanswered messages', [
    'open messages',
    'unhandled messages',
  ]),
  // Every catalogue health queue and each of its fixes (contract/healthQueues.ts), by name.
  ...HEALTH_QUEUES.flatMap((q): Action[] => [
    {
      id: `health.open.${q.id}`,
      title: `Health: ${q.title}`,
      aliases: q.keywords,
      group: 'Catalogue health',
      screen: 'health',
      global: true,
    },
    ...q.fixes.map((f: HealthFixDef): Action => ({
      id: `health.fix.${q.id}.${f.id}`,
      title: `${f.title}${f.takes === 'date' ? '…' : ''} — ${q.title}`,
      aliases: [...(f.keywords ?? []), ...q.keywords.slice(0, 2)],
      group: 'Catalogue health',
      screen: 'health',
      global: true,
      permission: 'health.fix',
    })),
  ]),
];

/**
 * The whole manifest: the rows above, and Find / New / Edit / Delete of every list screen of a
 * contract resource (src/screens/screenEntry.ts `resourceEntry`), as its calls allow
 * (contract/resourceWords.ts) and with its words ('Find bank…', group 'Banks'), and its
 * filters' "Filter … by …" ('Filter cards by bank…') but those of `FILTERS_NOT_ANYWHERE`. A row above
 * with the same id replaces the derived one (users' "invite", notifications' "Send …").
 */
export function manifest(screens: readonly { id: string; resource?: string }[]): Action[] {
  const own = new Set(ACTIONS.map((a) => a.id));
  const derived = screens.flatMap((s) => {
    const words = s.resource ? RESOURCE_WORDS[s.resource as ResourceName] : undefined;
    if (!s.resource || !words) return [];
    const has = (call: string) => (words.calls as readonly string[]).includes(call);
    const calls = (['show', 'add', 'update', 'remove'] as const).map((c, i) => (has(c) ? 'fned'[i] : '')).join('');
    const skipped = FILTERS_NOT_ANYWHERE[s.resource as ResourceName] ?? [];
    const labels = Object.entries('filters' in words ? words.filters : {}).filter(([k]) => !skipped.includes(k));
    return [
      ...crud(s.resource, s.id, words.one.toLowerCase(), words.many, calls),
      ...filters(s.resource, s.id, words.many.toLowerCase(), words.many, Object.fromEntries(labels)),
    ].filter((a) => !own.has(a.id));
  });
  return [...derived, ...ACTIONS];
}

/** The words an action's command is listed with: the command spreads them into itself. */
export function actionWords(id: string): Pick<Action, 'title' | 'aliases' | 'group' | 'shortcut'> {
  const a = ACTIONS.find((x) => x.id === id);
  if (!a) throw new Error(`actions.ts: no action "${id}"`);
  // The keys too, so they are written once: the manifest's row shows them in the palette before
  // the screen's commands are loaded, and the command binds the same string.
  return {
    title: a.title,
    aliases: a.aliases,
    group: a.group,
    ...(a.shortcut !== undefined && { shortcut: a.shortcut }),
  };
}
