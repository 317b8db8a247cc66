// A list of people exported (contract/export.ts): the checked records, or every one the list's
// search and filters match in its sort, up to EXPORT_CAP, read in the call's one transaction;
// the rows are masked for a role without `people.read` as every answer of the operation is
// (server/http/handle.ts), and the export leaves its audit entry (who, how many rows, which
// filters) in the same transaction: no rows leave without it.
import { MAX_PER_PAGE } from '@contract/envelope';
import { EXPORT_CAP } from '@contract/export';
import type { Resource } from '@contract/resource';
import type { Tx } from '../db/connection';
import { badField } from '../errors';
import { bindDerived, type Bound } from '../http/handle';
import { normalise, type CrudRepository } from '../repositories/crud';
import { MAX_KEPT_ROWS } from '../services/audit';
import { repositoryFor } from '../repositories/registry';

type Row = { id: number } & Record<string, unknown>;

interface ExportBody {
  ids?: number[];
  where?: Record<string, unknown>;
  sort?: string;
}

export function exportHandlers(resource: Resource): Bound[] {
  const op = resource.ops.export;
  if (!op) return [];
  const repo = repositoryFor<Row>(resource);
  const source = resource.storage.view ?? resource.storage.table;
  const words = (n: number) =>
    `${n.toLocaleString('en')} ${(n === 1 ? resource.label.one : resource.label.many).toLowerCase()}`;

  /** The checked records, in the order given. */
  const byIds = async (tx: Tx, ids: number[]) =>
    (
      await tx.query(
        `select v.* from unnest($1::int[]) with ordinality as k(id, n) join ${source} v using (id) order by k.n`,
        [ids],
      )
    ).rows.map((r) => normalise<Row>(r)!);

  return [
    bindDerived(op, async ({ body }, tx, ctx) => {
      const { ids, where, sort } = (body ?? {}) as ExportBody;
      if (ids && where) throw badField('ids', 'Name the records by their ids or by a filter, not both.');
      const { rows, total } = ids
        ? await byIds(tx, ids).then((rows) => ({ rows, total: rows.length }))
        : await everyMatching(tx, repo, { ...where, ...(sort && { sort }) });
      await ctx.logExport(tx, {
        resource: resource.name,
        table: resource.storage.table,
        count: rows.length,
        // Which records: the ids (their count, past what an entry keeps), or the list's search, filters and sort.
        detail: ids
          ? { selected: ids.length, ...(ids.length <= MAX_KEPT_ROWS && { ids }) }
          : { ...where, ...(sort && { sort }) },
      });
      return { message: `Exported ${words(rows.length)}.`, data: { rows, total } };
    }),
  ];
}

/** Every row the list would show for `params`, page after page, up to EXPORT_CAP; `total`: how many match. */
async function everyMatching(tx: Tx, repo: CrudRepository<Row>, params: Record<string, unknown>) {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; rows.length < EXPORT_CAP; page++) {
    // After the first page, seek past its last row: not counted again (server/repositories/crud.ts).
    const after = rows.at(-1)?.id;
    const res = await repo.list(tx, { ...params, page, per_page: MAX_PER_PAGE, ...(after && { after }) });
    if (page === 1) total = res.pagination.total;
    rows.push(...res.data.slice(0, EXPORT_CAP - rows.length));
    if (res.data.length < MAX_PER_PAGE) break;
  }
  return { rows, total: Math.max(total, rows.length) };
}
