import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineResource } from './resource';

/** Areas of Dubai (read-only reference data). */
export const City = Type.Object({ id: Type.Integer(), name: Type.String(), emirate: Type.String() });
export type City = Static<typeof City>;

export const cityResource = defineResource({
  name: 'city',
  label: { one: 'Area', many: 'Dubai areas' },
  storage: { table: 'dubai_cities' },
  paths: { list: '/dubai_city', show: '', add: '', update: '', remove: '' },
  omit: ['show', 'add', 'update', 'remove'],
  updateMethod: 'POST',
  removeIdParam: '',
  sortable: ['name'],
  entity: City,
  create: Type.Object({}),
  update: Type.Object({}),
  messages: { added: '', updated: '', deleted: '', shown: '' },
});
