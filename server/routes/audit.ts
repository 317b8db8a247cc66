// The audit log's calls (contract/audit.ts): its list, and the revert of one entry. Entries are
// written by registerOperation for every write (server/http/handle.ts); none is changed here.
// The list is the reader's: no entry of someone else's private row (server/repositories/auditLog.ts),
// and people's contact details in the rows it shows masked for a role without `people.read`.
import { listAudit, revertAudit, type AuditEntry } from '../../contract/audit';
import { homepageResources } from '../../contract/homepage';
import { maskPeople, type PersonalFields } from '../../contract/people';
import { resources } from '../../contract/resources';
import { seesPeople } from '../../contract/roles';
import { HttpError } from '../errors';
import { bind, type Bound } from '../http/handle';
import { getEntry, listEntries } from '../repositories/auditLog';
import { revertEntry } from '../services/auditRevert';

const notFound = () => new HttpError(404, 'No such audit entry.');

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
      return seesPeople(ctx.user?.role) ? page : { ...page, data: page.data.map(masked) };
    }),
    bind(revertAudit, async ({ params }, tx) => {
      const entry = await getEntry(tx, params.id);
      if (!entry) throw notFound();
      await revertEntry(tx, entry);
      const { tbl: _t, changes: _c, ...data } = entry;
      return { message: revertAudit.message!, data };
    }),
  ];
}
