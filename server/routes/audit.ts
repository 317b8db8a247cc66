// The audit log's calls (contract/audit.ts): its list, each entry saying whether the caller's
// revert of it would be accepted now, and the revert of one entry. Entries are written by
// registerOperation for every write (server/http/handle.ts); none is changed here.
import { listAudit, revertAudit } from '../../contract/audit';
import { bind, type Bound } from '../http/handle';
import { listEntries, publicEntry } from '../repositories/auditLog';
import { revertEntry, revertibleOf } from '../services/auditRevert';

export function auditHandlers(): Bound[] {
  return [
    bind(listAudit, async ({ query }, tx, ctx) => {
      const page = await listEntries(tx, query);
      const revertible = await revertibleOf(tx, page.data, ctx.user!);
      return { data: page.data.map((e, i) => publicEntry(e, revertible[i])), pagination: page.pagination };
    }),
    bind(revertAudit, async ({ params }, tx, ctx) => {
      const entry = await revertEntry(tx, params.id, ctx.user!);
      // Reverted, every row it names has changed since: a second revert is refused.
      return { message: revertAudit.message!, data: publicEntry(entry, false) };
    }),
  ];
}
