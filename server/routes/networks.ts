import type { FastifyInstance } from 'fastify';
import { networkResource, type Network } from '../../contract/network';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { crudRoutes } from './crudRoutes';
import { CARD_SEARCH } from './searchText';

export const networkRepository = (db: Db) =>
  crudRepository<Network>(db, {
    table: 'networks',
    writable: ['type'],
    searchExpr: 'immutable_unaccent(lower(type))',
    sortable: { type: 'lower(type)', created_at: 'created_at' },
    async afterWrite(id, _data, q) {
      await q.query(`update cards set search_text = ${CARD_SEARCH} where network_id = $1`, [id]);
    },
  });

export function networkRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, { contract: networkResource, repo: networkRepository(deps.db), uploads: deps.uploads, uniqueFields: { networks_type_key: 'type' } });
}

