import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { homepageResources } from '@contract/homepage';
import { tableWord } from '@contract/audit';
import { labelOf } from '@contract/fieldLabels';
import { resources } from '@contract/resources';
import type { AuditEntry } from './auditApi';
import { resourceClient } from '@/api/resourceClient';
import { isSearchType, searchRecords } from '@/api/search';
import type { SearchHit } from '@contract/search';
import { userResource, type AdminUser } from '@contract/user';
import { runCommand } from '@/commands/runner';
import { formatDateTime, formatNumber } from '@/lib/format';
import { actorName, AuditEntryView, entryWhat } from './history/AuditEntryView';
import { useAuditEntries } from './history/useAuditEntries';
import { PaneBack } from '@/screens/PaneBack';
import { go } from '@/store/navigate';
import { setActiveView } from '@/store/ui';
import { DateField } from '@/ui/DateField';
import { RecordPicker } from '@/ui/RecordPicker';
import { SplitPane } from '@/ui/SplitPane';
import { VirtualList } from '@/ui/VirtualList';
import { AUDIT_VIEW } from './entry';
import { auditPath, filtersOf, queryOf, WHEN, whenOf, type AuditFilters } from './filters';
import { auditList, setRows } from './model';
import '@/ui/FilterBar.css';
import './audit.css';

const ROW_HEIGHT = 52;

const kinds = [...resources, ...homepageResources];
const users = resourceClient<AdminUser>(userResource);
const resourceOf = (name: string | null) => kinds.find((r) => r.name === name);
const resourceWord = (name: string | null) => resourceOf(name)?.label.one ?? (name ? tableWord(name) : '');

/** A field's label as the record's form shows it. */
const labelFor = (e: AuditEntry) => {
  const r = resourceOf(e.resource);
  return (field: string) => labelOf(r ? (r.update ?? r.create) : undefined, field);
};

/** The record an entry names: 'Bank “ENBD”'; none for an export or many records (the title counts them). */
const recordWords = (e: AuditEntry) =>
  e.kind === 'export' || e.kind === 'mass' || !e.resource
    ? ''
    : `${resourceWord(e.resource)} ${e.label ? `“${e.label}”` : e.record_id !== null ? `#${e.record_id}` : ''}`.trim();

/** The audit log: every write call, newest first, filtered through the URL; the highlighted one's fields on the right. */
export default function AuditScreen() {
  const search = useSearch();
  const filters = useMemo(() => filtersOf(search), [search]);
  // Read again as the filters change: "the last hour" is the hour before the choice.
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

  const set = (changes: AuditFilters) => go(auditPath({ ...filters, ...changes }), { replace: true });
  // The names of the record and the person filtered by, as the entries shown give them.
  const recordName = log.entries.find(
    (e) => e.resource === filters.resource && String(e.record_id) === filters.record_id && e.label,
  )?.label;
  const actorShown = log.entries.find((e) => String(e.actor_id) === filters.actor);
  const highlighted = log.entries.findIndex((e) => e.id === m.cursor);
  const current = highlighted >= 0 ? log.entries[highlighted] : undefined;

  const list = (
    <>
      <div className="list-head">
        <div className="list-title">
          <h1>Audit log</h1>
        </div>
        <AuditFilterBar
          filters={filters}
          set={set}
          recordName={recordName ?? null}
          actorName={actorShown ? actorName(actorShown) : null}
        />
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

/** A record found by the palette's search, as a picker's option (its id is its place: types share ids). */
let hits: SearchHit[] = [];
/** The names of the records and people picked, shown before the entries that name them arrive. */
const picked = new Map<string, string>();
const searchHits = (type: string | undefined) => async (text: string, signal: AbortSignal) => {
  if (!text.trim()) return [];
  hits = await searchRecords(text.trim(), type && isSearchType(type) ? [type] : undefined, 10, signal);
  return hits.map((h, i) => ({ id: i + 1, label: h.title, hint: `${resourceWord(h.type)} · ${h.subtitle}` }));
};
const searchPeople = async (text: string, signal: AbortSignal) =>
  (await users.list({ query: text.trim() || undefined, page: 1, per_page: 20 }, { signal })).data.map((u) => ({
    id: u.id,
    label: u.name,
    hint: `${u.email} · ${u.role}`,
  }));

/** One end of the picked days ("When: days…"): the first day shown, or the last. */
function DayFilter({
  end,
  filters,
  set,
}: {
  end: 'from' | 'to';
  filters: AuditFilters;
  set: (changes: AuditFilters) => void;
}) {
  const label = end === 'from' ? 'From' : 'To';
  return (
    <DateField
      label={label}
      hideLabel
      compact
      placeholder={`${label} day`}
      className={`audit-filter-day${filters[end] ? ' is-set' : ''}`}
      value={filters[end] ?? ''}
      onChange={(v) => set({ [end]: v })}
    />
  );
}

function AuditFilterBar({
  filters,
  set,
  recordName,
  actorName: personName,
}: {
  filters: AuditFilters;
  set: (changes: AuditFilters) => void;
  recordName: string | null;
  actorName: string | null;
}) {
  const when = whenOf(filters);
  const searchRecord = useMemo(() => searchHits(filters.resource), [filters.resource]);
  const record = filters.record_id
    ? [
        {
          id: Number(filters.record_id),
          label:
            recordName ??
            picked.get(`${filters.resource}:${filters.record_id}`) ??
            `${resourceWord(filters.resource ?? null)} #${filters.record_id}`,
        },
      ]
    : [];
  const person = filters.actor
    ? [
        {
          id: Number(filters.actor),
          label: personName ?? picked.get(`person:${filters.actor}`) ?? `Account #${filters.actor}`,
        },
      ]
    : [];
  return (
    <div className="audit-filters" role="group" aria-label="Filters">
      <select
        className={`filter-select${filters.resource ? ' is-set' : ''}`}
        aria-label="Record type"
        value={filters.resource ?? ''}
        // Another type: a record of the one before no longer fits.
        onChange={(e) => set({ resource: e.target.value, record_id: '' })}
      >
        <option value="">Every record type</option>
        {kinds.map((r) => (
          <option key={r.name} value={r.name}>
            {r.label.one}
          </option>
        ))}
      </select>
      <div className={`audit-picker${filters.record_id ? ' is-set' : ''}`}>
        <RecordPicker
          label="Record"
          hideLabel
          placeholder={filters.resource ? `Find a ${resourceWord(filters.resource).toLowerCase()}…` : 'Find a record…'}
          value={record}
          search={searchRecord}
          onChange={(next) => {
            const hit = next[0] ? hits[next[0].id - 1] : undefined;
            if (hit) picked.set(`${hit.type}:${hit.id}`, hit.title);
            set(hit ? { resource: hit.type, record_id: String(hit.id) } : { record_id: '' });
          }}
        />
      </div>
      <div className={`audit-picker${filters.actor ? ' is-set' : ''}`}>
        <RecordPicker
          label="Person"
          hideLabel
          placeholder="Find a person…"
          value={person}
          search={searchPeople}
          onChange={(next) => {
            if (next[0]) picked.set(`person:${next[0].id}`, next[0].label);
            set({ actor: next[0] ? String(next[0].id) : '' });
          }}
        />
      </div>
      <select
        className={`filter-select${when ? ' is-set' : ''}`}
        aria-label="When"
        value={when}
        onChange={(e) => set(e.target.value === 'days' ? { when: 'days' } : { when: e.target.value, from: '', to: '' })}
      >
        {WHEN.map((w) => (
          <option key={w.value} value={w.value}>
            {w.label}
          </option>
        ))}
      </select>
      {when === 'days' && (
        <>
          <DayFilter end="from" filters={filters} set={set} />
          <DayFilter end="to" filters={filters} set={set} />
        </>
      )}
      <input
        className={`input audit-filter${filters.operation ? ' is-set' : ''}`}
        aria-label="Operation"
        placeholder="Operation: bank.update"
        value={filters.operation ?? ''}
        onChange={(e) => set({ operation: e.target.value.trim() })}
      />
    </div>
  );
}
