// POST /admin/v1/add_csv (multipart: type, file). All or nothing; the answer lists every
// invalid cell (SPEC.md: success, error, invalid_data, errors.message[0]).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { CSV_MAX_BYTES, CSV_TARGETS, type CsvTarget } from '../../contract/csv';
import type { Db } from '../db/connection';
import { badField } from '../plugins/errors';
import { createCsvImport } from '../services/csvImport';
import { multipartToBody } from './multipartBody';

const Body = Type.Object({
  type: Type.Union(CSV_TARGETS.map((t) => Type.Literal(t))),
  file: Type.Object({}, { description: 'the CSV file (UTF-8, header row first)' }),
});

export function csvRoutes(app: FastifyInstance, deps: { db: Db }) {
  const importCsv = createCsvImport(deps.db);
  app.post('/add_csv', {
    bodyLimit: CSV_MAX_BYTES,
    schema: { tags: ['CSV import'], summary: 'Import offers, outlets or cards from a CSV file, all or nothing', consumes: ['multipart/form-data'], body: Body },
    preValidation: multipartToBody(Body),
    handler: async (req, reply) => {
      const { type, file } = req.body as { type: CsvTarget; file: unknown };
      if (!Buffer.isBuffer(file)) throw badField('file', 'File must be an uploaded CSV file.');
      const text = file.toString('utf8');
      if (text.includes('\u0000')) throw badField('file', 'File must be a text CSV file.');
      const result = await importCsv(type, text);
      if (result.success) return result;
      return reply.status(422).send({ ...result, errors: { message: [result.message], file: [result.message] } });
    },
  });
}
