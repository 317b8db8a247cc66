import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineResource } from './resource';
import { Email, Name, Nullable, Phone, Timestamps } from './fields';
import { Password, Role } from './auth';

const Status = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);

export const AdminUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  role: Role,
  status: Status,
  ...Timestamps,
});
export type AdminUser = Static<typeof AdminUser>;

export const UserCreate = Type.Object({
  name: Name,
  email: Email,
  phone: Type.Optional(Nullable(Phone)),
  role: Type.Optional(Role),
  status: Type.Optional(Status),
  /** Optional: app users may sign in with codes only. */
  password: Type.Optional(Password),
});
export const UserUpdate = Type.Object({
  name: Type.Optional(Name),
  email: Type.Optional(Email),
  phone: Type.Optional(Nullable(Phone)),
  role: Type.Optional(Role),
  status: Type.Optional(Status),
  password: Type.Optional(Password),
});

export const userResource = defineResource({
  name: 'user',
  label: { one: 'User', many: 'Users' },
  storage: { table: 'users' },
  search: { order: 5, title: 'name', subtitle: "email || ' · ' || role" },
  personal: { email: 'email', phone: 'phone' },
  dashboard: { order: 7 },
  paths: {
    list: '/all_user',
    show: '/show_user/:id',
    add: '/add_user',
    update: '/update_user/:id',
    remove: '/delete_user',
  },
  updateMethod: 'POST',
  removeIdParam: 'user_id',
  files: { avatar: 'image' },
  filters: Type.Object({ role: Type.Optional(Role), status: Type.Optional(Status) }),
  sortable: ['name', 'email', 'created_at'],
  entity: AdminUser,
  create: UserCreate,
  update: UserUpdate,
  messages: {
    added: 'User added successfully!',
    updated: 'User updated successfully!',
    deleted: 'User deleted successfully!',
    shown: 'User fetched successfully!',
  },
});
