import { labelOf } from '@contract/fieldLabels';
import type { TObject } from '@sinclair/typebox';
import { CommandButton } from '@/commands/CommandButton';
import { formatNumber } from '@/lib/format';
import { AuditEntryView } from './AuditEntryView';
import { useAuditEntries } from './useAuditEntries';

/**
 * A record's History (the `h` of its view, src/commands/resourceCommands.ts): every change the
 * audit log holds of it, newest first, each with Revert. Generic: the record pane
 * (src/screens/RecordPane.tsx) gives the resource, the id and the schema its form sends.
 */
export function HistoryPanel({ resource, id, schema }: { resource: string; id: number; schema: TObject }) {
  const h = useAuditEntries({ resource, record_id: id }, resource);
  const label = (field: string) => labelOf(schema, field);
  return (
    <section className="history-panel" aria-label="History" data-testid="history-panel">
      {h.status === 'failed' && (
        <div className="alert" role="alert">
          {h.error}{' '}
          <button type="button" className="btn btn-ghost" onClick={h.reload}>
            Retry
          </button>
        </div>
      )}
      {h.status === 'ready' && !h.entries.length && (
        <p className="muted">No change recorded yet. Changes are kept for as long as the settings say.</p>
      )}
      {!h.entries.length && h.status === 'loading' && <p className="muted">Loading…</p>}
      <ol className="history-list">
        {h.entries.map((e) => (
          <li key={e.id}>
            <AuditEntryView entry={e} label={label} />
          </li>
        ))}
      </ol>
      {h.entries.length < h.total && (
        <button type="button" className="btn btn-ghost" onClick={h.more} disabled={h.status === 'loading'}>
          Show older ({formatNumber(h.total - h.entries.length)} more)
        </button>
      )}
      <div className="history-foot">
        <CommandButton id="audit.showRecord" label="Open in the audit log" variant="ghost" noKbd />
      </div>
    </section>
  );
}
