// POST /admin/v1/add_csv: the call itself, and POST /admin/v1/add_csv/names, the preview's
// question about the names a file uses. The column rules live in contract/csv.ts, which
// stays free of TypeBox so the browser's CSV worker can import it.
import * as Type from '@sinclair/typebox';
import type { Static, TOptional } from '@sinclair/typebox';
import {
  CSV_LOOKUP_KINDS,
  CSV_MAX_BYTES,
  type CsvLookupKind,
  CSV_NAME_MAX_LENGTH,
  CSV_NAMES_MAX,
  CSV_TARGETS,
} from './csv';
import { ErrorEnvelope } from './envelope';
import { ADMIN_ROOT, defineOp } from './operation';

const Issue = Type.Object({
  row: Type.Integer(),
  column: Type.String(),
  message: Type.String(),
  value: Type.Optional(Type.String()),
});

export const CsvImportResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  error: Type.Optional(Type.String()),
  invalid_data: Type.Array(Issue),
  data: Type.Optional(
    Type.Object({ type: Type.Union(CSV_TARGETS.map((t) => Type.Literal(t))), imported: Type.Integer() }),
  ),
  refused: Type.Optional(
    Type.Array(
      Type.Object({
        row: Type.Integer({ description: 'its line in the file (the header is line 1)' }),
        cells: Type.Record(Type.String(), Type.String(), { description: 'its cells as written, by column' }),
        reason: Type.String({ description: "its problems in words: 'outlets: No outlet with id 99999.'" }),
      }),
      { description: 'an import of the good rows alone (`valid_only`): the rows it left out, nothing of them written' },
    ),
  ),
});

export const importCsv = defineOp({
  id: 'csv.import',
  method: 'POST',
  path: `${ADMIN_ROOT}/add_csv`,
  summary:
    'Import offers, outlets or cards from a CSV file: all or nothing, or (`valid_only`) the rows that pass, answering the others with their reasons',
  tag: 'CSV import',
  access: 'admin',
  permission: 'catalogue.import',
  body: Type.Object({
    type: Type.Union(CSV_TARGETS.map((t) => Type.Literal(t))),
    valid_only: Type.Optional(
      Type.Boolean({
        description:
          'import the rows that pass and leave out the others (answered in `refused`); a file none of whose rows passes is refused whole',
      }),
    ),
  }),
  multipart: true,
  files: { file: 'csv' },
  bodyLimit: CSV_MAX_BYTES,
  response: CsvImportResult,
  // A refused file answers 422 with the rows that failed, and the error envelope's fields.
  responses: { 422: Type.Composite([ErrorEnvelope, Type.Partial(CsvImportResult)]) },
  touches: ['offer', 'outlet', 'card'],
});

const Names = Type.Array(Type.String({ minLength: 1, maxLength: CSV_NAME_MAX_LENGTH }), { maxItems: CSV_NAMES_MAX });

/** Per kind of record, the distinct names a file uses (trimmed, as written). */
export const CsvNamesBody = Type.Object(
  Object.fromEntries(CSV_LOOKUP_KINDS.map((k) => [k, Type.Optional(Names)])) as Record<
    CsvLookupKind,
    TOptional<typeof Names>
  >,
  {
    description: `Per kind (${CSV_LOOKUP_KINDS.join(', ')}): the distinct names a file uses, at most ${CSV_NAMES_MAX} of each, each at most ${CSV_NAME_MAX_LENGTH} characters`,
  },
);

const NameAnswer = Type.Object({
  /** Names no record has. */
  unknown: Type.Array(Type.String()),
  /** Names several records have, and how many. */
  ambiguous: Type.Array(Type.Object({ name: Type.String(), matches: Type.Integer({ minimum: 2 }) })),
});

export const CsvNamesResult = Type.Object({
  data: Type.Object(
    Object.fromEntries(CSV_LOOKUP_KINDS.map((k) => [k, NameAnswer])) as Record<CsvLookupKind, typeof NameAnswer>,
  ),
});
export type CsvNamesResult = Static<typeof CsvNamesResult>;

/**
 * The CSV preview asks, before the upload, which names the import would refuse: resolved
 * exactly as the import resolves them (server/services/csvLookups.ts), so the preview's
 * problems are the import's (worded by nameProblem, contract/csv.ts). Reads only.
 */
export const checkCsvNames = defineOp({
  id: 'csv.checkNames',
  method: 'POST',
  path: `${ADMIN_ROOT}/add_csv/names`,
  summary: 'Which names of a CSV file name no record, or several (the preview, before the upload)',
  tag: 'CSV import',
  access: 'admin',
  permission: 'catalogue.import',
  body: CsvNamesBody,
  // The names of a file of at most CSV_MAX_BYTES, as JSON.
  bodyLimit: 2 * CSV_MAX_BYTES,
  response: CsvNamesResult,
  readOnly: true,
});
