import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { CARD_DISPLAY_MESSAGE, Card, CardDisplayBody, cardResource, type Card as CardT } from '../../contract/card';
import { ErrorEnvelope, RecordEnvelope } from '../../contract/envelope';
import type { Db } from '../db/connection';
import { crudRepository } from '../repositories/crudRepository';
import type { Uploads } from '../services/uploads';
import { HttpError } from '../plugins/errors';
import { crudRoutes } from './crudRoutes';
import { multipartToBody } from './multipartBody';
import { CARD_SEARCH, OFFER_SEARCH } from './searchText';

export const cardRepository = (db: Db) =>
  crudRepository<CardT>(db, {
    table: 'cards',
    source: 'cards_view',
    writable: ['name', 'bank_id', 'network_id', 'category_id', 'card_type', 'annual_fee', 'min_salary', 'description', 'image', 'status', 'display', 'from_source'],
    searchExpr: 'search_text',
    sortable: { name: 'lower(name)', bank_name: 'lower(bank_name)', annual_fee: 'annual_fee', created_at: 'created_at' },
    filters: (f, p) =>
      [
        f.bank && `bank_id = ${p(f.bank)}`,
        f.network && `network_id = ${p(f.network)}`,
        f.category && `category_id = ${p(f.category)}`,
        f.status && `status = ${p(f.status)}`,
        typeof f.display === 'boolean' && `display = ${p(f.display)}`,
      ].filter(Boolean) as string[],
    async afterWrite(id, _data, q) {
      await q.query(`update cards set search_text = ${CARD_SEARCH} where id = $1`, [id]);
      await q.query(`update offers set search_text = ${OFFER_SEARCH} where id in (select offer_id from offer_cards where card_id = $1)`, [id]);
    },
  });

export function cardRoutes(app: FastifyInstance, deps: { db: Db; uploads: Uploads }) {
  const repo = cardRepository(deps.db);
  crudRoutes(app, {
    contract: cardResource,
    repo,
    uploads: deps.uploads,
    uniqueFields: { cards_bank_name_key: 'name' },
    foreignFields: { cards_bank_id_fkey: 'bank_id', cards_network_id_fkey: 'network_id', cards_category_id_fkey: 'category_id' },
  });

  // The one exception to CRUD: show or hide a card in the consumer app.
  app.post('/update_card/:id/display', {
    schema: {
      tags: ['Cards'],
      summary: 'Show or hide a card in the app',
      consumes: ['multipart/form-data', 'application/json'],
      params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      body: CardDisplayBody,
      response: { 200: RecordEnvelope(Card), 404: ErrorEnvelope, 422: ErrorEnvelope },
    },
    preValidation: multipartToBody(CardDisplayBody),
    handler: async (req) => {
      const row = await repo.update((req.params as { id: number }).id, { display: (req.body as { display: boolean }).display });
      if (!row) throw new HttpError(404, 'Card not found.');
      return { message: CARD_DISPLAY_MESSAGE, data: row };
    },
  });
}
