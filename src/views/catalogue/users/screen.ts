// Users, wired once: contract → store → list model → routes. The commands and the screen read this.
import { userResource, type AdminUser } from '../../../../contract/user';
import { enumFilter } from '../../../store/filters';
import { resourceScreen } from '../../../commands/resourceScreen';
import { userRoutes } from './entry';

export const ROLE_LABELS: Record<AdminUser['role'], string> = { admin: 'Admin', user: 'App user' };
export const STATUS_LABELS: Record<AdminUser['status'], string> = { active: 'Active', disabled: 'Disabled' };

export const userScreen = resourceScreen<AdminUser>({
  view: 'users',
  resource: userResource,
  routes: userRoutes,
  describe: (u) => ({ label: u.name, hint: u.email }),
  filters: [
    enumFilter('role', 'Role', 'All roles', ['admin', 'user'], (v) => ROLE_LABELS[v as AdminUser['role']]),
    enumFilter('status', 'Status', 'Any status', ['active', 'disabled'], (v) => STATUS_LABELS[v as AdminUser['status']]),
  ],
});

export const users = userScreen.store;
