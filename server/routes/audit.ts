// The audit log's calls (contract/audit.ts): its list, each entry saying whether the caller's
// revert of it would be accepted now, and the revert of one entry. Entries are written by
// registerOperation for every write (server/http/handle.ts); none is changed here.
// The list is the reader's: no entry of someone else's private row (server/repositories/auditLog.ts),
// and people's contact details in the rows it shows masked for a role without `people.read`.
import { listAudit, revertAudit, type AuditEntry } from '@contract/audit';
import { homepageResources } from '@contract/homepage';
import { maskPeople, type PersonalFields } from '@contract/people';
import { resources } from '@contract/resources';
import { seesPeople } from '@contract/roles';
import { bind, type Bound } from '../http/handle';
import { listEntries, publicEntry } from '../repositories/auditLog';
import { namedEntries } from '../services/auditNames';
import { revertEntry, revertibleOf } from '../services/auditRevert';

const personalOf = new Map([...resources, ...homepageResources].map((r) => [r.name, r.personal ?? {}]));
/** Tables no resource reads whose rows are part of one's records: a contact message's replies. */
const PART_OF: Readonly<Record<string, string>> = { contact_replies: 'contact' };
/** An export's search may be someone's e-mail, phone or name. */
const EXPORT_DETAIL: PersonalFields = { query: 'text' };

/** The entry as a role without `people.read` reads it: its record's contact details masked. */
function masked(e: AuditEntry): AuditEntry {
  const name = e.resource ?? '';
  const fields = e.kind === 'export' ? EXPORT_DETAIL : (personalOf.get(name) ?? personalOf.get(PART_OF[name] ?? ''));
  if (!fields || !Object.keys(fields).length) return e;
  return { ...e, before: maskPeople(e.before, fields), after: maskPeople(e.after, fields) };
}

export function auditHandlers(): Bound[] {
  return [
    bind(listAudit, async ({ query }, tx, ctx) => {
      const page = await listEntries(tx, query, ctx.user!.id);
      const revertible = await revertibleOf(tx, page.data, ctx.user!);
      const named = await namedEntries(tx, page.data);
      const data = page.data.map((e, i) => publicEntry(e, revertible[i], named[i]));
      return { data: seesPeople(ctx.user?.role) ? data : data.map(masked), pagination: page.pagination };
    }),
    bind(revertAudit, async ({ params }, tx, ctx) => {
      const entry = await revertEntry(tx, params.id, ctx.user!);
      // Reverted, every row it names has changed since: a second revert is refused.
      const data = publicEntry(entry, false);
      return { message: revertAudit.message!, data: seesPeople(ctx.user?.role) ? data : masked(data) };
    }),
  ];
}
