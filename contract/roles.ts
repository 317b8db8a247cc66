// Who may run what. A staff role holds a set of write permissions; every operation names the
// permission it needs (contract/operation.ts, `permission`), and `mayRun` is the one answer the
// server (server/http/authGuard.ts) and the browser (the palette, keys, buttons, sidebar) both
// ask. Reads need no permission: every staff role reads everything, but people's e-mail
// addresses and phone numbers only whole with `people.read` (`seesPeople`; masked otherwise,
// contract/people.ts). App users (`user`) are no staff and run no admin call at all.
import type { AnyOp } from './operation';
import { RESOURCE_WORDS, type ResourceWords } from './resourceWords';

/** Staff roles, most powerful first; `user` is the consumer app's account. */
export const STAFF_ROLES = ['admin', 'editor', 'reviewer', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLES = [...STAFF_ROLES, 'user'] as const;
export type RoleName = (typeof ROLES)[number];

/** How a role reads in a sentence and on a screen. */
export const ROLE_LABELS: Record<RoleName, { one: string; many: string; a: string }> = {
  admin: { one: 'Admin', many: 'Admins', a: 'an admin' },
  editor: { one: 'Editor', many: 'Editors', a: 'an editor' },
  reviewer: { one: 'Reviewer', many: 'Reviewers', a: 'a reviewer' },
  viewer: { one: 'Viewer', many: 'Viewers', a: 'a viewer' },
  user: { one: 'App user', many: 'App users', a: 'an app user' },
};

/**
 * The catalogue entities' write permissions ('bank.write': 'change banks'), from their
 * definitions (contract/resource.ts `catalogue`, through the generated contract/resourceWords.ts,
 * which the shell downloads without any schema): a new catalogue entity needs no edit here.
 */
type CatalogueWords = Extract<ResourceWords, { catalogue: unknown }>['catalogue'];
const CATALOGUE_WRITES = Object.fromEntries(
  Object.values(RESOURCE_WORDS).flatMap((w) => ('catalogue' in w ? [[w.catalogue.permission, w.catalogue.does]] : [])),
) as Record<CatalogueWords['permission'], string>;

/**
 * Every write permission an operation names, with what it lets a role do, in the words of a
 * refusal ("An editor may not change staff accounts and app users."). A permission an
 * operation names that is missing here fails contract/roles.test.ts.
 */
export const PERMISSIONS = {
  ...CATALOGUE_WRITES,
  'catalogue.import': 'import CSV files into the catalogue',
  'homepage.write': 'change the homepage',
  'cms.write': 'change content pages',
  'contact.write': 'answer or remove contact messages',
  'feedback.write': 'remove feedback',
  'notification.write': 'send or cancel notifications',
  'crawl.review': 'review crawled data',
  // The catalogue health queues' fixes (contract/health.ts): reviewers, who watch what comes in,
  // and editors, who keep what is live, both work them; a viewer sees the counts only.
  'health.fix': 'fix catalogue health problems',
  'engagement.read': 'read engagement figures',
  'user.write': 'change staff accounts and app users',
  'settings.write': 'change settings',
  // A staff member's own saved views, as an account's own profile: every staff role keeps them.
  'savedView.own': 'keep their own saved views',
  // Saying which records one has open (contract/presence.ts): every staff role, a viewer too.
  'presence.announce': 'say which records they have open',
  // No call names it: a read answers every staff role, people's contact details masked for a
  // role without it (contract/people.ts). The catalogue's roles need none of them.
  'people.read': "see people's e-mail addresses and phone numbers",
  // A list of people (users, contact messages, feedback) is exported through its export call
  // (contract/export.ts), which leaves an audit entry; masked for a role without people.read.
  'people.export': 'export lists of people as CSV files',
} as const;
export type Permission = keyof typeof PERMISSIONS;

/** What the roles that keep the catalogue hold: every catalogue entity's writes, and the CSV import. */
const CATALOGUE: readonly Permission[] = [...(Object.keys(CATALOGUE_WRITES) as Permission[]), 'catalogue.import'];

/** What each staff role may write. An admin holds every permission. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: Object.keys(PERMISSIONS) as Permission[],
  editor: [
    ...CATALOGUE,
    'health.fix',
    'homepage.write',
    'cms.write',
    'contact.write',
    'feedback.write',
    'notification.write',
    'engagement.read',
    'savedView.own',
    'presence.announce',
    'people.export',
  ],
  reviewer: ['crawl.review', 'health.fix', 'engagement.read', 'savedView.own', 'presence.announce', 'people.export'],
  viewer: ['engagement.read', 'savedView.own', 'presence.announce', 'people.export'],
};

export const isStaff = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** The operation only reads (a GET, or a read too big for a URL): any staff role may. */
export const readsOnly = (op: Pick<AnyOp, 'method' | 'readOnly'>) => op.method === 'GET' || !!op.readOnly;

/** Whether `role` may hold `permission` (for a command or a screen that names one directly). */
export const holds = (role: string | null | undefined, permission: string): boolean =>
  isStaff(role) && (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission);

/** Whether `role` reads people's e-mail addresses and phone numbers whole (else masked: contract/people.ts). */
export const seesPeople = (role: string | null | undefined): boolean => holds(role, 'people.read');

/**
 * Whether a signed-in account of `role` may run `op`: public calls anyone, an account's own
 * calls any account, an admin call staff only — a read any staff role, a write the roles
 * holding its permission (a write that names none: admins alone).
 */
export function mayRun(
  role: string | null | undefined,
  op: Pick<AnyOp, 'access' | 'permission' | 'method' | 'readOnly'>,
): boolean {
  if (op.access === 'public' || op.access === 'user') return true;
  if (!isStaff(role)) return false;
  if (readsOnly(op)) return true;
  return op.permission ? holds(role, op.permission) : role === 'admin';
}

/** The 403's sentence: what this role may not do ("A viewer may not change offers."). */
export function refusalFor(
  role: string | null | undefined,
  op: Pick<AnyOp, 'access' | 'permission' | 'method' | 'readOnly'>,
): string {
  if (!isStaff(role)) return 'Only staff can do this: this account belongs to the Cards app.';
  const what = op.permission && op.permission in PERMISSIONS ? PERMISSIONS[op.permission as Permission] : 'do this';
  const who = ROLE_LABELS[role].a;
  return `${who[0]!.toUpperCase()}${who.slice(1)} may not ${what}.`;
}
