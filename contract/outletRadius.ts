import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineResource } from './resource';
import { Timestamps } from './fields';

/** The search radii the consumer app offers around a user. */
export const OutletRadius = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  kilometres: Type.Number(),
  is_default: Type.Boolean(),
  ...Timestamps,
});
export type OutletRadius = Static<typeof OutletRadius>;

const Label = Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' });
// At least 10 m (the table's check says > 0); a numeric exclusiveMinimum is not OpenAPI 3.0.
const Km = Type.Number({ minimum: 0.01, maximum: 200 });

export const outletRadiusResource = defineResource({
  name: 'outletRadius',
  label: { one: 'Radius', many: 'Outlet radius' },
  catalogue: { does: 'change outlet radius settings' },
  storage: { table: 'outlet_radius' },
  paths: {
    list: '/outlet_radius',
    show: '/outlet_radius/:id',
    add: '/outlet_radius',
    update: '/outlet_radius/:id',
    remove: '/outlet_radius/:id',
  },
  updateMethod: 'PUT',
  removeIdParam: '',
  sortable: ['kilometres', 'label'],
  entity: OutletRadius,
  create: Type.Object({ label: Label, kilometres: Km, is_default: Type.Optional(Type.Boolean()) }),
  update: Type.Object({
    label: Type.Optional(Label),
    kilometres: Type.Optional(Km),
    is_default: Type.Optional(Type.Boolean()),
  }),
  messages: {
    added: 'Radius added successfully!',
    updated: 'Radius updated successfully!',
    deleted: 'Radius deleted successfully!',
    shown: 'Radius fetched successfully!',
  },
});
