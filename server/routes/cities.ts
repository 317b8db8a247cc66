import type { FastifyInstance } from 'fastify';
import { cityResource, type City } from '../../contract/city';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { crudRoutes } from './crudRoutes';

export const cityRepository = (db: Db) =>
  crudRepository<City>(db, { table: 'dubai_cities', writable: [], searchExpr: 'immutable_unaccent(lower(name))', sortable: { name: 'lower(name)' } });

export function cityRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, { contract: cityResource, repo: cityRepository(deps.db), uploads: deps.uploads });
}
