import type { FastifyInstance } from 'fastify';
import { outletRadiusResource, type OutletRadius } from '../../contract/outletRadius';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { crudRoutes } from './crudRoutes';

export const outletRadiusRepository = (db: Db) =>
  crudRepository<OutletRadius>(db, {
    table: 'outlet_radius',
    writable: ['label', 'kilometres', 'is_default'],
    sortable: { kilometres: 'kilometres', label: 'lower(label)' },
    async beforeWrite(id, data, q) {
      // One default at a time: choosing a new one clears the old, in the same transaction.
      if (data.is_default === true) await q.query('update outlet_radius set is_default = false where is_default and id is distinct from $1', [id]);
    },
  });

export function outletRadiusRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, { contract: outletRadiusResource, repo: outletRadiusRepository(deps.db), uploads: deps.uploads });
}
