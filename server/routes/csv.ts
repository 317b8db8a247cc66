// POST /admin/v1/add_csv (multipart: type, file). All or nothing; a refused file answers 422
// listing every invalid cell (success, error, invalid_data, errors.message[0]).
// A long call: it writes in short transactions of its own (server/services/batches.ts).
import { importCsv } from '../../contract/csvImport';
import { badField } from '../errors';
import { bindLong, type Bound } from '../http/handle';
import { importCsv as runImport } from '../services/csvImport';

export function csvHandlers(): Bound[] {
  return [
    bindLong(importCsv, async ({ body }, units, ctx) => {
      const file = ctx.files.file;
      if (!file) throw badField('file', 'File must be an uploaded CSV file.');
      const text = file.toString('utf8');
      if (text.includes('\u0000')) throw badField('file', 'File must be a text CSV file.');
      return runImport(units, body.type, text, ctx.user?.id ?? null);
    }),
  ];
}
