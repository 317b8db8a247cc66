import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineResource } from './resource';
import { Timestamps } from './fields';

export const Network = Type.Object({ id: Type.Integer(), type: Type.String(), ...Timestamps });
export type Network = Static<typeof Network>;

const NetworkType = Type.String({ minLength: 2, maxLength: 60, pattern: '\\S' });

export const networkResource = defineResource({
  name: 'network',
  label: { one: 'Network', many: 'Networks' },
  catalogue: { does: 'change card networks' },
  storage: { table: 'networks' },
  dashboard: { order: 6 },
  paths: {
    list: '/all_network',
    show: '/show_network',
    add: '/add_network',
    update: '/update_network/:id',
    remove: '/delete_network',
  },
  showIdIn: 'query',
  updateMethod: 'PUT',
  removeIdParam: 'network_id',
  sortable: ['type', 'created_at'],
  entity: Network,
  create: Type.Object({ type: NetworkType }),
  update: Type.Object({ type: NetworkType }),
  messages: {
    added: 'Network added successfully!',
    updated: 'Network updated successfully!',
    deleted: 'Network deleted successfully!',
    shown: 'Network fetched successfully!',
  },
});
