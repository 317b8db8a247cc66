// Users, wired once: contract → store → list model → routes. The commands and the screen read this.
import { userResource, type AdminUser } from '@contract/user';
import { ROLES, ROLE_LABELS as ROLE_NAMES } from '@contract/roles';
import { filtersOf } from '@/store/contractFilters';
import { resourceScreen } from '@/commands/resourceScreen';
import { userRoutes } from '@/screens/paths';
import { cellText, dayText, NAME_WIDTH } from '@/screens/listTable/columns';

export const ROLE_LABELS = Object.fromEntries(ROLES.map((r) => [r, ROLE_NAMES[r].one])) as Record<
  AdminUser['role'],
  string
>;
export const STATUS_LABELS: Record<AdminUser['status'], string> = { active: 'Active', disabled: 'Disabled' };

export const userScreen = resourceScreen<AdminUser>({
  view: 'users',
  resource: userResource,
  routes: userRoutes,
  describe: (u) => ({ label: u.name, hint: u.email }),
  filters: filtersOf(userResource, {
    role: { any: 'All roles', labelOf: (v) => ROLE_LABELS[v as AdminUser['role']] },
    status: { labelOf: (v) => STATUS_LABELS[v as AdminUser['status']] },
  }),
  columns: [
    { key: 'name', cell: (u) => u.name, width: NAME_WIDTH, sort: 'name' },
    { key: 'email', label: 'E-mail', cell: (u) => u.email, width: 'minmax(200px, 2fr)', sort: 'email' },
    { key: 'role', cell: (u) => ROLE_LABELS[u.role] },
    { key: 'status', cell: (u) => STATUS_LABELS[u.status] },
    { key: 'phone', cell: (u) => cellText(u.phone) },
    { key: 'created_at', cell: (u) => dayText(u.created_at), sort: 'created_at' },
  ],
});

export const users = userScreen.store;
