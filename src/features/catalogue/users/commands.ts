// User commands: the factory's, the lists people name outright ("Show admins"), and "Set user
// role…" from any screen: the person (on the users list, the highlighted one), then the role, saved
// through the user's own update call with the version just read (Undo sets the role back).
import { ROLE_LABELS as ROLE_WORDS, ROLES } from '@contract/roles';
import type { AdminUser } from '@contract/user';
import { actionWords } from '@/commands/actions';
import { presetCommands } from '@/commands/filterCommands';
import { resourceCommands } from '@/commands/resourceCommands';
import type { Command, Ctx, PickItem } from '@/commands/types';
import { openPalette } from '@/store/ui';
import { ROLE_LABELS, userScreen, users } from './screen';

type Role = AdminUser['role'];

/** The person the first page picked, for the second. */
const picked = { user: null as AdminUser | null };

const highlighted = (ctx: Ctx): AdminUser | undefined =>
  ctx.view === userScreen.view && ctx.cursor?.resource === 'user' ? users.find(ctx.cursor.id) : undefined;

const needs = { op: userScreen.resource.ops.update! };

export const setRoleCommands: Command[] = [
  {
    id: 'user.setRole',
    ...actionWords('user.setRole'),
    keywords: ['role', 'admin', 'editor', 'reviewer', 'viewer', 'staff'],
    scope: `view:${userScreen.view}`,
    anywhere: true,
    needs,
    enabled: (ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add',
    pick: {
      placeholder: 'Set the role of whom? (name or e-mail)',
      async load(search, signal): Promise<PickItem<AdminUser>[]> {
        const res = await users.client.list({ query: search || undefined, page: 1, per_page: 20 }, { signal });
        return res.data.map((u) => ({
          key: String(u.id),
          label: u.name,
          hint: `${u.email} · ${ROLE_LABELS[u.role]}`,
          value: u,
        }));
      },
      fromContext: highlighted,
    },
    run: (_ctx, user) => {
      picked.user = user as AdminUser;
      openPalette('user.setRole.pick');
    },
  },
  {
    id: 'user.setRole.pick',
    get title() {
      return `Set the role of ${picked.user?.name ?? 'the user'}…`;
    },
    group: 'Users',
    scope: 'global',
    palette: false,
    needs,
    enabled: () => picked.user !== null,
    pick: {
      get placeholder() {
        return picked.user ? `${picked.user.name} is ${ROLE_WORDS[picked.user.role].a}. Which role?` : 'Which role?';
      },
      async load(search): Promise<PickItem<Role>[]> {
        const words = search.trim().toLowerCase();
        return ROLES.filter((r) => !words || `${r} ${ROLE_LABELS[r]}`.toLowerCase().includes(words)).map((r) => ({
          key: r,
          label: ROLE_LABELS[r],
          hint: picked.user?.role === r ? 'their role now' : undefined,
          value: r,
        }));
      },
    },
    async run(_ctx, arg) {
      const role = arg as Role;
      const from = picked.user;
      if (!from) return undefined;
      picked.user = null;
      // The role as it is now, and the version it was read at.
      const user = (await users.client.show(from.id)).data;
      if (user.role === role) return { message: `${user.name} is ${ROLE_WORDS[role].a} already.` };
      const res = await users.update(user.id, { role, version: user.version });
      return {
        message: `${user.name} is ${ROLE_WORDS[role].a} now.`,
        undo: () => users.update(user.id, { role: user.role, version: res.data.version }),
      };
    },
  },
];

export const userCommands: Command[] = [
  ...resourceCommands(userScreen),
  ...setRoleCommands,
  ...presetCommands(userScreen, [
    { key: 'admins', params: { role: 'admin' } },
    { key: 'appUsers', params: { role: 'user' } },
    { key: 'disabled', params: { status: 'disabled' } },
  ]),
];
