import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineResource } from './resource';
import { Id, Name, Nullable, Phone, Text, Timestamps } from './fields';

export const Outlet = Type.Object({
  id: Type.Integer(),
  merchant_name: Type.String(),
  branch: Nullable(Type.String()),
  category_id: Nullable(Type.Integer()),
  category_name: Nullable(Type.String()),
  area_id: Nullable(Type.Integer()),
  area_name: Nullable(Type.String()),
  address: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  phone: Nullable(Type.String()),
  image: Nullable(Type.String()),
  from_source: Type.String(),
  ...Timestamps,
});
export type Outlet = Static<typeof Outlet>;

const fields = {
  merchant_name: Name,
  branch: Nullable(Text(120)),
  category_id: Nullable(Id),
  area_id: Nullable(Id),
  address: Nullable(Text(300)),
  latitude: Nullable(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: Nullable(Type.Number({ minimum: -180, maximum: 180 })),
  phone: Nullable(Phone),
};

export const outletResource = defineResource({
  name: 'outlet',
  label: { one: 'Outlet', many: 'Outlets' },
  catalogue: true,
  storage: { table: 'outlets', view: 'outlets_view' },
  search: {
    order: 3,
    title: "merchant_name || coalesce(' — ' || branch, '')",
    subtitle: "coalesce(area_name, '') || coalesce(' · ' || category_name, '')",
  },
  dashboard: { order: 3 },
  shows: ['category', 'city'],
  paths: {
    list: '/outlets',
    show: '/show_outlet',
    add: '/add_outlet',
    update: '/update_outlet/:id',
    remove: '/delete_outlet',
  },
  showIdIn: 'query',
  updateMethod: 'POST',
  removeIdParam: 'outlet_id',
  files: { image: 'image' },
  filters: Type.Object({ category: Type.Optional(Id), area: Type.Optional(Id) }),
  bulk: ['category_id', 'area_id'],
  sortable: ['merchant_name', 'area_name', 'created_at'],
  entity: Outlet,
  create: Type.Object({
    merchant_name: fields.merchant_name,
    ...Object.fromEntries(
      Object.entries(fields)
        .filter(([k]) => k !== 'merchant_name')
        .map(([k, v]) => [k, Type.Optional(v)]),
    ),
  }),
  update: Type.Object({
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])),
  }),
  messages: {
    added: 'Outlet added successfully!',
    updated: 'Outlet updated successfully!',
    deleted: 'Outlet deleted successfully!',
    shown: 'Outlet fetched successfully!',
  },
});
