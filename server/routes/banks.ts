import type { FastifyInstance } from 'fastify';
import { bankResource, type Bank } from '../../contract/bank';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { crudRoutes } from './crudRoutes';

export const bankRepository = (db: Db) =>
  crudRepository<Bank>(db, {
    table: 'banks',
    writable: ['name', 'code', 'website', 'logo', 'is_active'],
    searchExpr: "immutable_unaccent(lower(name || ' ' || code))",
    orderBy: 'lower(name) asc, id asc',
  });

export function bankRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, {
    contract: bankResource,
    repo: bankRepository(deps.db),
    uploads: deps.uploads,
    uniqueFields: { banks_name_key: 'name', banks_code_key: 'code' },
  });
}
