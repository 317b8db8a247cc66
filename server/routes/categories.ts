import type { FastifyInstance } from 'fastify';
import { categoryResource, type Category } from '../../contract/category';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { crudRoutes } from './crudRoutes';

export const categoryRepository = (db: Db) =>
  crudRepository<Category>(db, {
    table: 'categories',
    writable: ['name', 'description', 'icon', 'is_active'],
    searchExpr: 'immutable_unaccent(lower(name))',
    sortable: { name: 'lower(name)', created_at: 'created_at' },
  });

export function categoryRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, { contract: categoryResource, repo: categoryRepository(deps.db), uploads: deps.uploads, uniqueFields: { categories_name_key: 'name' } });
}
