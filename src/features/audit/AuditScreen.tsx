import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { homepageResources } from '@contract/homepage';
import { tableWord } from '@contract/audit';
import { labelOf } from '@contract/fieldLabels';
import { resources } from '@contract/resources';
import type { AuditEntry } from '@/api/audit';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { formatDateTime, formatNumber } from '@/lib/format';
import { actorName, AuditEntryView, entryWhat } from '@/screens/history/AuditEntryView';
import { useAuditEntries } from '@/screens/history/useAuditEntries';
import { PaneBack } from '@/screens/PaneBack';
import { go } from '@/store/navigate';
import { setActiveView } from '@/store/ui';
import { DateField } from '@/ui/DateField';
import { SplitPane } from '@/ui/SplitPane';
import { VirtualList } from '@/ui/VirtualList';
import { AUDIT_VIEW } from './entry';
import { auditPath, filtersOf, queryOf, type AuditFilters, type FilterKey } from './filters';
import { auditList, setRows } from './model';
import '@/ui/FilterBar.css';
import './audit.css';

const ROW_HEIGHT = 52;

const kinds = [...resources, ...homepageResources];
const resourceOf = (name: string | null) => kinds.find((r) => r.name === name);
const resourceWord = (name: string | null) => resourceOf(name)?.label.one ?? (name ? tableWord(name) : '');

/** A field's label as the record's form shows it. */
const labelFor = (e: AuditEntry) => {
  const r = resourceOf(e.resource);
  return (field: string) => labelOf(r ? (r.update ?? r.create) : undefined, field);
};

const recordWords = (e: AuditEntry) =>
  e.kind === 'export'
    ? (resourceOf(e.resource)?.label.many ?? '')
    : e.resource
      ? `${resourceWord(e.resource)} ${e.label ? `“${e.label}”` : `#${e.record_id ?? ''}`}`
      : '';

/** The audit log: every write call, newest first, filtered through the URL; the highlighted one's fields on the right. */
export default function AuditScreen() {
  const search = useSearch();
  const filters = useMemo(() => filtersOf(search), [search]);
  const query = useMemo(() => queryOf(filters), [filters]);
  const log = useAuditEntries(query, '*');
  const m = useSnapshot(auditList.state);
  const listRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    setActiveView(AUDIT_VIEW, { model: auditList, resource: 'audit' });
    auditList.attach({
      focusList: () => listRef.current?.focus(),
      focusSearch: () => undefined,
      submitForm: () => undefined,
    });
    listRef.current?.focus({ preventScroll: true });
    return () => {
      auditList.attach(null);
      setActiveView(null);
    };
  }, []);

  useEffect(() => setRows(log.entries.map((e) => e.id)), [log.entries]);

  const set = (key: FilterKey, value: string) => go(auditPath({ ...filters, [key]: value }), { replace: true });
  const highlighted = log.entries.findIndex((e) => e.id === m.cursor);
  const current = highlighted >= 0 ? log.entries[highlighted] : undefined;

  const list = (
    <>
      <div className="list-head">
        <div className="list-title">
          <h1>Audit log</h1>
        </div>
        <AuditFilterBar filters={filters} set={set} />
        <div className="list-meta">
          <div className="list-count" aria-live="polite">
            {log.status === 'loading' && !log.entries.length
              ? 'Loading…'
              : `${formatNumber(log.total)} ${log.total === 1 ? 'change' : 'changes'}`}
          </div>
          {Object.keys(filters).length > 0 && (
            <button type="button" className="btn btn-ghost" onClick={() => go(auditPath({}), { replace: true })}>
              Clear filters
            </button>
          )}
        </div>
      </div>
      <VirtualList
        items={log.entries}
        getKey={(e) => e.id}
        label="Audit log"
        highlighted={highlighted}
        listRef={listRef}
        rowHeight={ROW_HEIGHT}
        total={log.total}
        onEndReached={() => log.entries.length < log.total && log.status !== 'loading' && log.more()}
        onRowClick={(e) => void runCommand('list.open', 'pointer', e.id)}
        renderRow={(e) => <EntryRow entry={e} />}
        footer={
          log.status === 'failed' ? (
            <div className="vlist-status" role="alert">
              {log.error}{' '}
              <button type="button" className="btn btn-ghost" onClick={log.reload}>
                Retry
              </button>
            </div>
          ) : log.status === 'ready' && !log.entries.length ? (
            <div className="vlist-status">No change matches these filters.</div>
          ) : null
        }
      />
    </>
  );

  return (
    <SplitPane
      list={list}
      pane={
        current ? (
          <div className="pane">
            <header className="pane-head">
              <PaneBack />
              <h2>{recordWords(current) || current.operation}</h2>
              {current.resource &&
                current.record_id !== null &&
                (filters.resource !== current.resource || filters.record_id !== String(current.record_id)) && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => go(auditPath({ resource: current.resource!, record_id: String(current.record_id) }))}
                  >
                    Only this record
                  </button>
                )}
            </header>
            <div className="pane-body">
              <AuditEntryView entry={current} label={labelFor(current)} />
            </div>
          </div>
        ) : (
          <div className="empty pane-empty">
            <p>{log.status === 'loading' ? 'Loading…' : 'Select a change to see its fields.'}</p>
          </div>
        )
      }
      paneOpen={!!current && m.shown}
    />
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <div className="rec-row">
      <div className="rec-line">
        <span className="rec-title audit-row-what">{entryWhat(entry)}</span>
        <span className="rec-sub">{recordWords(entry)}</span>
      </div>
      <div className="rec-meta">
        <span>{actorName(entry)}</span>
        <span aria-hidden>·</span>
        <span>{formatDateTime(entry.at)}</span>
        <span aria-hidden>·</span>
        <span className="mono">{entry.operation}</span>
      </div>
    </div>
  );
}

function AuditFilterBar({ filters, set }: { filters: AuditFilters; set: (key: FilterKey, value: string) => void }) {
  const cls = (k: FilterKey) => `input audit-filter${filters[k] ? ' is-set' : ''}`;
  return (
    <div className="audit-filters" role="group" aria-label="Filters">
      <select
        className={`filter-select${filters.resource ? ' is-set' : ''}`}
        aria-label="Record type"
        value={filters.resource ?? ''}
        onChange={(e) => set('resource', e.target.value)}
      >
        <option value="">Every record type</option>
        {kinds.map((r) => (
          <option key={r.name} value={r.name}>
            {r.label.one}
          </option>
        ))}
      </select>
      <input
        className={cls('record_id')}
        aria-label="Record #"
        placeholder="Record #"
        inputMode="numeric"
        value={filters.record_id ?? ''}
        onChange={(e) => set('record_id', e.target.value.replace(/\D/g, ''))}
      />
      <input
        className={cls('actor')}
        aria-label="Person (account #)"
        placeholder="Person #"
        inputMode="numeric"
        value={filters.actor ?? ''}
        onChange={(e) => set('actor', e.target.value.replace(/\D/g, ''))}
      />
      <input
        className={cls('operation')}
        aria-label="Operation"
        placeholder="Operation: bank.update"
        value={filters.operation ?? ''}
        onChange={(e) => set('operation', e.target.value.trim())}
      />
      <DateField
        label="From"
        hideLabel
        compact
        placeholder="From day"
        className={`audit-filter-day${filters.from ? ' is-set' : ''}`}
        value={filters.from ?? ''}
        onChange={(v) => set('from', v)}
      />
      <DateField
        label="To"
        hideLabel
        compact
        placeholder="To day"
        className={`audit-filter-day${filters.to ? ' is-set' : ''}`}
        value={filters.to ?? ''}
        onChange={(v) => set('to', v)}
      />
      <CommandButton id="audit.showBy" label="By person…" variant="ghost" noKbd />
    </div>
  );
}
