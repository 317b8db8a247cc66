// Exporting a list of people as CSV: the resources declaring `personal` (contract/people.ts:
// users, contact messages, feedback). The browser writes the file (src/commands/resourceCommands.ts
// exportCsv) from the rows this call answers, so every export of people's data is the server's
// to know of: it leaves one audit entry (kind `export`: who, how many rows, which search, filters
// and sort, or which checked records), and a role without `people.read` gets the rows masked, as
// in every other answer. Other lists are exported from their list call, page by page.
import * as Type from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { Id } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import type { ResourceContract } from './resource';

/** More rows than this is a database dump, not an export from a list. */
export const EXPORT_CAP = 50_000;

/** The export call of a resource with people's data; `sort` is its list's sort parameter. */
export function exportOp(r: ResourceContract, sort: TSchema) {
  const many = r.label.many.toLowerCase();
  const { sort: _sort, ...filters } = r.filters?.properties ?? {};
  return defineOp({
    id: `${r.name}.export`,
    method: 'POST',
    path: `${ADMIN_ROOT}/bulk/${r.name}/export`,
    summary: `Export ${many} as CSV: the checked ones, or every one the list's search and filters match in its sort (up to ${EXPORT_CAP.toLocaleString('en')}); logged in the audit log`,
    tag: r.label.many,
    access: 'admin',
    resource: r.name,
    permission: 'people.export',
    personal: r.personal,
    body: Type.Object({
      ids: Type.Optional(
        Type.Array(Id, { minItems: 1, maxItems: EXPORT_CAP, uniqueItems: true, description: 'the checked records' }),
      ),
      where: Type.Optional(
        Type.Object(
          { query: Type.Optional(Type.String({ maxLength: 200 })), ...filters },
          { description: "every record the list's search and filters match (none: every record)" },
        ),
      ),
      sort,
    }),
    response: RecordEnvelope(
      Type.Object({
        rows: Type.Array(r.entity),
        total: Type.Integer({ minimum: 0, description: 'how many match (more than the rows when capped)' }),
      }),
    ),
  });
}
