// POST /admin/v1/add_csv: the call itself. The column rules live in contract/csv.ts, which
// stays free of TypeBox so the browser's CSV worker can import it.
import { Type } from '@sinclair/typebox';
import { CSV_MAX_BYTES, CSV_TARGETS } from './csv';
import { ErrorEnvelope } from './envelope';
import { ADMIN_ROOT, defineOp } from './operation';

const Issue = Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String(), value: Type.Optional(Type.String()) });

export const CsvImportResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  error: Type.Optional(Type.String()),
  invalid_data: Type.Array(Issue),
  data: Type.Optional(Type.Object({ type: Type.Union(CSV_TARGETS.map((t) => Type.Literal(t))), imported: Type.Integer() })),
});

export const importCsv = defineOp({
  id: 'csv.import',
  method: 'POST',
  path: `${ADMIN_ROOT}/add_csv`,
  summary: 'Import offers, outlets or cards from a CSV file, all or nothing',
  tag: 'CSV import',
  access: 'admin',
  permission: 'catalogue.import',
  body: Type.Object({ type: Type.Union(CSV_TARGETS.map((t) => Type.Literal(t))) }),
  multipart: true,
  files: { file: 'csv' },
  bodyLimit: CSV_MAX_BYTES,
  response: CsvImportResult,
  // A refused file answers 422 with the rows that failed, and the error envelope's fields.
  responses: { 422: Type.Composite([ErrorEnvelope, Type.Partial(CsvImportResult)]) },
  touches: ['offer', 'outlet', 'card'],
});
