import { HTML_FIELDS, recordsWord } from '@contract/audit';
import type { AuditEntry } from '../auditApi';
import { CommandButton } from '@/commands/CommandButton';
import { fieldChanges } from '@/lib/fieldChanges';
import { formatDateTime } from '@/lib/format';
import { FieldDiff } from '@/ui/FieldDiff';
import './history.css';

/** What an entry did, in a few words: 'Changed', 'Created', '49 crawled offers changed'. */
export function entryWhat(e: AuditEntry): string {
  switch (e.kind) {
    case 'create':
      return 'Created';
    case 'update':
      return 'Changed';
    case 'delete':
      return 'Deleted';
    case 'mass':
      return `${recordsWord(e.resource, e.count)} changed`;
    case 'none':
      return 'No record changed';
    case 'export':
      return `${recordsWord(e.resource, e.count)} exported`;
  }
}

export const actorName = (e: AuditEntry) =>
  e.actor_name ?? (e.actor_id === null ? 'The system' : `Account #${e.actor_id}`);

/**
 * One audit entry: what, who and when, its fields old → new as the form labels them, and
 * Revert (command audit.revert) when the server kept what it needs to set it back.
 */
export function AuditEntryView({
  entry,
  label,
  heading,
}: {
  entry: AuditEntry;
  /** The form's label of a field of the entry's record (contract/fieldLabels.ts). */
  label: (field: string) => string;
  /** The record's words above the fields (the audit log names it; a record's own History need not). */
  heading?: string;
}) {
  return (
    <article className="audit-entry" aria-label={`${entryWhat(entry)} by ${actorName(entry)}`}>
      <header className="audit-entry-head">
        <div className="audit-entry-what">
          <strong>{entryWhat(entry)}</strong>
          {heading && <span className="audit-entry-record">{heading}</span>}
          <span className="muted">
            by {actorName(entry)} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
        </div>
        {entry.revertible && <CommandButton id="audit.revert" label="Revert" arg={entry} noKbd />}
      </header>
      {entry.kind !== 'mass' && entry.kind !== 'none' && (
        <FieldDiff
          changes={fieldChanges(
            entry.before,
            entry.after,
            label,
            (f) => (HTML_FIELDS[entry.resource ?? ''] ?? []).includes(f),
            entry.names,
          )}
        />
      )}
      <p className="muted audit-entry-op">{entry.operation}</p>
    </article>
  );
}
