import type { FastifyInstance } from 'fastify';
import { outletResource, type Outlet } from '../../contract/outlet';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { crudRoutes } from './crudRoutes';
import { OFFER_SEARCH, OUTLET_SEARCH } from './searchText';

export const outletRepository = (db: Db) =>
  crudRepository<Outlet>(db, {
    table: 'outlets',
    source: 'outlets_view',
    writable: ['merchant_name', 'branch', 'category_id', 'area_id', 'address', 'latitude', 'longitude', 'phone', 'image', 'from_source'],
    searchExpr: 'search_text',
    sortable: { merchant_name: 'lower(merchant_name)', area_name: 'lower(area_name)', created_at: 'created_at' },
    filters: (f, p) => [f.category && `category_id = ${p(f.category)}`, f.area && `area_id = ${p(f.area)}`].filter(Boolean) as string[],
    async afterWrite(id, _data, q) {
      await q.query(`update outlets set search_text = ${OUTLET_SEARCH} where id = $1`, [id]);
      await q.query(`update offers set search_text = ${OFFER_SEARCH} where id in (select offer_id from offer_outlets where outlet_id = $1)`, [id]);
    },
  });

export function outletRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  crudRoutes(app, {
    contract: outletResource,
    repo: outletRepository(deps.db),
    uploads: deps.uploads,
    foreignFields: { outlets_category_id_fkey: 'category_id', outlets_area_id_fkey: 'area_id' },
  });
}
