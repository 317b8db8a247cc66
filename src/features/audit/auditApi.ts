// The audit log's calls (contract/audit.ts), shared by the record panes' History
// (src/features/audit/history/, through the record pane's slot src/screens/recordSlots.ts) and
// the audit log screen (src/features/audit/AuditScreen.tsx).
import { listAudit, revertAudit, type AuditEntry, type AuditQuery } from '@contract/audit';
import { call } from '@/api/call';

export type { AuditEntry, AuditQuery };

/** A page of entries, newest first. */
export const auditPage = (query: AuditQuery, signal?: AbortSignal) => call(listAudit, { query }, { signal });

/** Set back what an entry changed; a 409 (the record moved on since) throws the server's sentence. */
export const revertEntry = (id: number) => call(revertAudit, { params: { id } });
