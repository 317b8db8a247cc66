import type { RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { CommandButton } from '@/commands/CommandButton';
import { nounOf, type ResourceScreen } from '@/commands/resourceScreen';
import { runCommand } from '@/commands/runner';
import { sortOptions } from '@/store/filters';
import { listKey } from '@/store/resourceStore';
import { FilterBar, FilterChips } from '@/ui/FilterBar';
import { totalWords } from '@/lib/words';
import { ColumnChooser } from './listTable/TableHead';
import type { ListColumn } from '@/commands/resourceScreen';
import { SearchBox } from './SearchBox';
import { formatNumber, formatTime } from '@/lib/format';

interface ListHeadProps<T extends { id: number }> {
  screen: ResourceScreen<T>;
  listRef: RefObject<HTMLDivElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  /** The list is shown as a table (its column chooser is offered). */
  wide: boolean;
  allColumns: readonly ListColumn<T>[];
}

/**
 * Above a list screen's rows (src/screens/ResourceListView.tsx): title and New, the search box,
 * filters and their chips, a stale list's warning, and the count or the selection's bar.
 */
export function ResourceListHead<T extends { id: number }>({
  screen,
  listRef,
  searchRef,
  wide,
  allColumns,
}: ListHeadProps<T>) {
  const { store, list, resource, view } = screen;
  const s = useSnapshot(store.state);
  const m = useSnapshot(list.state);
  const items = s.items;
  const { query, filters, sort } = m.route;
  const filterCount = Object.keys(filters).length;
  const canAdd = !!resource.ops.add;
  const { one, many } = nounOf(screen);
  const total = s.pagination?.total ?? items.length;
  // "All matching": the selection is the list's whole match, loaded or not (src/store/listModel.ts).
  const selectedCount = m.matching ? m.matchingCount : m.selected.size;
  const totalText = totalWords(total, s.pagination?.total_is);
  const canSelectMatching =
    !m.matching && total > items.length && items.length > 0 && items.every((r) => m.selected.has(r.id));
  const sorts = sortOptions(resource.sortable ?? [], screen.sortLabels);
  const countText =
    s.status === 'loading' && (listKey(s) !== s.shownKey || !s.pagination)
      ? 'Searching…'
      : s.pagination
        ? `${totalText} ${s.pagination.total === 1 ? one : many}${s.shownQuery ? ` matching “${s.shownQuery}”` : ''}`
        : '\u00a0';

  return (
    <div className="list-head">
      <div className="list-title">
        <h1>{resource.label.many}</h1>
        {canAdd && <CommandButton id={`${resource.name}.new`} variant="primary" />}
      </div>
      <SearchBox
        initial={query}
        label={`Search ${many}`}
        inputRef={searchRef}
        onSearch={(q) => list.setParams({ query: q || null }, true)}
        onLeave={() => listRef.current?.focus()}
        onDown={() => {
          listRef.current?.focus();
          void runCommand('list.next', 'hotkey');
        }}
      />
      <FilterBar
        filters={screen.filters ?? []}
        values={filters}
        onChange={(key, value) => list.setParams({ [key]: value || null })}
        sort={
          sorts.length
            ? {
                options: sorts,
                value: sort,
                defaultValue: resource.defaultSort ?? sorts[0].value,
                onChange: (v) => list.setParams({ sort: v || null }),
              }
            : undefined
        }
        onLeave={() => listRef.current?.focus()}
      />
      <FilterChips
        filters={screen.filters ?? []}
        values={filters}
        onRemove={(key) => list.setParams({ [key]: null })}
      />
      {s.status === 'failed' && items.length > 0 && s.loadedAt !== null && (
        // The rows stay, but say they may be out of date and why.
        <div className="alert alert-stale" role="status">
          <span>
            {s.error} Showing the list as it was at {formatTime(s.loadedAt)}.
          </span>
          <button type="button" className="btn btn-ghost" onClick={() => void store.loadPage(1).catch(() => undefined)}>
            Retry
          </button>
        </div>
      )}
      {selectedCount > 0 ? (
        <div className="selection-bar" role="region" aria-label="Selection">
          <span className="selection-count" aria-live="polite">
            {m.matching
              ? `All ${formatNumber(selectedCount)} matching selected`
              : `${formatNumber(selectedCount)} selected`}
          </span>
          {canSelectMatching && (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => void runCommand('list.selectMatching', 'button')}
            >
              Select all {totalText} matching
            </button>
          )}
          {resource.ops.remove && (
            <CommandButton id={`${resource.name}.deleteSelected`} label="Delete selected" variant="danger" noKbd />
          )}
          <CommandButton id={`${resource.name}.export`} label="Export CSV" noKbd />
          <CommandButton id="list.clearSelection" label="Clear" variant="ghost" noKbd />
        </div>
      ) : (
        <div className="list-meta">
          <div className="list-count" aria-live="polite">
            {countText}
          </div>
          {filterCount > 0 && <CommandButton id="list.clearFilters" variant="ghost" noKbd />}
          {(s.pagination?.total ?? 0) > 0 && (
            <CommandButton id={`${resource.name}.export`} label="Export CSV" variant="ghost" noKbd />
          )}
          {wide && <ColumnChooser view={view} columns={allColumns} />}
        </div>
      )}
    </div>
  );
}
