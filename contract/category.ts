import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineResource } from './resource';
import { Name, Nullable, Text, Timestamps } from './fields';

export const Category = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  is_active: Type.Boolean(),
  ...Timestamps,
});
export type Category = Static<typeof Category>;

export const categoryResource = defineResource({
  name: 'category',
  label: { one: 'Category', many: 'Categories' },
  catalogue: true,
  storage: { table: 'categories' },
  search: {
    order: 6,
    title: 'name',
    subtitle: "case when is_active then 'Category' else 'Category · inactive' end",
  },
  dashboard: { order: 5 },
  paths: {
    list: '/all_categories',
    show: '/show_categories/:id',
    add: '/add_categories',
    update: '/update_categories/:id',
    remove: '/delete_categories',
  },
  updateMethod: 'POST',
  removeIdParam: 'category_id',
  files: { icon: 'image' },
  sortable: ['name', 'created_at'],
  entity: Category,
  create: Type.Object({
    name: Name,
    description: Type.Optional(Nullable(Text(1000))),
    is_active: Type.Optional(Type.Boolean()),
  }),
  update: Type.Object({
    name: Type.Optional(Name),
    description: Type.Optional(Nullable(Text(1000))),
    is_active: Type.Optional(Type.Boolean()),
  }),
  // The product's words, begun as a sentence is; 'categories updated successfully!' stays as the product's message list words it (contract/api.md).
  messages: {
    added: 'Categories added successfully!',
    updated: 'categories updated successfully!',
    deleted: 'Categories deleted successfully!',
    shown: 'Categories fetched successfully!',
  },
});
