import type { FastifyInstance } from 'fastify';
import { bankResource, type Bank } from '../../contract/bank';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { crudRoutes } from './crudRoutes';
import { CARD_SEARCH, OFFER_SEARCH } from './searchText';

export const bankRepository = (db: Db) =>
  crudRepository<Bank>(db, {
    table: 'banks',
    writable: ['name', 'code', 'website', 'logo', 'is_active'],
    searchExpr: "immutable_unaccent(lower(name || ' ' || code))",
    sortable: { name: 'lower(name)', code: 'lower(code)', created_at: 'created_at' },
    async afterWrite(id, _data, q) {
      // Cards and offers are found by their bank's name: keep their search text current.
      await q.query(`update cards set search_text = ${CARD_SEARCH} where bank_id = $1`, [id]);
      await q.query(`update offers set search_text = ${OFFER_SEARCH} where id in (select oc.offer_id from offer_cards oc join cards c on c.id = oc.card_id where c.bank_id = $1)`, [id]);
    },
  });

export function bankRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, {
    contract: bankResource,
    repo: bankRepository(deps.db),
    uploads: deps.uploads,
    uniqueFields: { banks_name_key: 'name', banks_code_key: 'code' },
  });
}
