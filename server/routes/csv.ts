// POST /admin/v1/add_csv (multipart: type, file). All or nothing; a refused file answers 422
// listing every invalid cell (success, error, invalid_data, errors.message[0]).
// A long call: it writes in short transactions of its own (server/services/batches.ts).
// POST /admin/v1/add_csv/names: the preview's question, which of a file's names the import
// would refuse; resolved by the import's own look-ups, in a read.
import { checkCsvNames, importCsv } from '@contract/csvImport';
import { badField } from '../errors';
import { bind, bindLong, type Bound } from '../http/handle';
import { importCsv as runImport } from '../services/csvImport';
import { checkNames } from '../services/csvLookups';

export function csvHandlers(): Bound[] {
  return [
    bindLong(importCsv, async ({ body }, units, ctx) => {
      const file = ctx.files.file;
      if (!file) throw badField('file', 'File must be an uploaded CSV file.');
      const text = file.toString('utf8');
      if (text.includes('\u0000')) throw badField('file', 'File must be a text CSV file.');
      return runImport(units, body.type, text, ctx.user?.id ?? null, body.valid_only ?? false);
    }),
    bind(checkCsvNames, async ({ body }, tx) => ({ data: await checkNames(tx, body) })),
  ];
}
