// The audit log's calls (contract/audit.ts): its list, and the revert of one entry. Entries are
// written by registerOperation for every write (server/http/handle.ts); none is changed here.
import { listAudit, revertAudit } from '../../contract/audit';
import { HttpError } from '../errors';
import { bind, type Bound } from '../http/handle';
import { getEntry, listEntries } from '../repositories/auditLog';
import { revertEntry } from '../services/auditRevert';

const notFound = () => new HttpError(404, 'No such audit entry.');

export function auditHandlers(): Bound[] {
  return [
    bind(listAudit, async ({ query }, tx, ctx) => listEntries(tx, query, ctx.user!.id)),
    bind(revertAudit, async ({ params }, tx) => {
      const entry = await getEntry(tx, params.id);
      if (!entry) throw notFound();
      await revertEntry(tx, entry);
      const { tbl: _t, changes: _c, ...data } = entry;
      return { message: revertAudit.message!, data };
    }),
  ];
}
