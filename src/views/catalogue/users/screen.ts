// Users, wired once: contract → client → store → routes. The commands and the screen read this.
import { userResource, type AdminUser } from '../../../../contract/user';
import { resourceClient } from '../../../api/resourceClient';
import { resourceStore } from '../../../store/resourceStore';
import { enumFilter } from '../../../store/filters';
import type { ResourceScreen } from '../../../commands/resourceCommands';
import { userRoutes } from './paths';

export const users = resourceStore<AdminUser>(resourceClient<AdminUser>(userResource));

export const ROLE_LABELS: Record<AdminUser['role'], string> = { admin: 'Admin', user: 'App user' };
export const STATUS_LABELS: Record<AdminUser['status'], string> = { active: 'Active', disabled: 'Disabled' };

export const userScreen: ResourceScreen<AdminUser> = {
  view: 'users',
  resource: userResource,
  store: users,
  routes: userRoutes,
  describe: (u) => ({ label: u.name, hint: u.email }),
  filters: [
    enumFilter('role', 'Role', 'All roles', ['admin', 'user'], (v) => ROLE_LABELS[v as AdminUser['role']]),
    enumFilter('status', 'Status', 'Any status', ['active', 'disabled'], (v) => STATUS_LABELS[v as AdminUser['status']]),
  ],
};
