import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineResource } from './resource';
import { Timestamps } from './fields';

export const Bank = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  website: Type.Union([Type.String(), Type.Null()]),
  logo: Type.Union([Type.String(), Type.Null()]),
  is_active: Type.Boolean(),
  ...Timestamps,
});
export type Bank = Static<typeof Bank>;

const fields = {
  name: Type.String({ minLength: 2, maxLength: 120, pattern: '\\S' }),
  code: Type.String({ minLength: 2, maxLength: 12, pattern: '^[A-Za-z0-9-]+$' }),
  // Null first: Ajv's type coercion then turns an empty form field into null, not ''.
  website: Type.Union([Type.Null(), Type.String({ maxLength: 300, pattern: '^https?://\\S+$' })]),
  is_active: Type.Boolean(),
};

export const BankCreate = Type.Object({
  name: fields.name,
  code: fields.code,
  website: Type.Optional(fields.website),
  is_active: Type.Optional(fields.is_active),
});
export type BankCreate = Static<typeof BankCreate>;

export const BankUpdate = Type.Object({
  name: Type.Optional(fields.name),
  code: Type.Optional(fields.code),
  website: Type.Optional(fields.website),
  is_active: Type.Optional(fields.is_active),
});
export type BankUpdate = Static<typeof BankUpdate>;

export const bankResource = defineResource({
  name: 'bank',
  label: { one: 'Bank', many: 'Banks' },
  catalogue: true,
  storage: { table: 'banks' },
  search: { order: 4, title: 'name', subtitle: 'code' },
  dashboard: { order: 4 },
  paths: {
    list: '/all_bank',
    show: '/show_bank/:id',
    add: '/add_bank',
    update: '/update_bank/:id',
    remove: '/delete_bank',
  },
  updateMethod: 'POST',
  removeIdParam: 'bank_id',
  files: { logo: 'image' },
  sortable: ['name', 'code', 'created_at'],
  entity: Bank,
  create: BankCreate,
  update: BankUpdate,
  messages: {
    added: 'Bank added successfully!',
    updated: 'Bank updated successfully!',
    deleted: 'Bank deleted successfully!',
    shown: 'Bank fetched successfully!',
  },
});
