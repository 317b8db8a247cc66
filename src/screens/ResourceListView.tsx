import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { Payload } from '@/api/resourceClient';
import { CommandButton } from '@/commands/CommandButton';
import { nounOf, type ResourceScreen } from '@/commands/resourceScreen';
import { keyTaken, printable } from '@/commands/keyTaken';
import { runCommand } from '@/commands/runner';
import type { CellModelState } from '@/store/cellModel';
import { sortOptions } from '@/store/filters';
import { listKey } from '@/store/resourceStore';
import { setActiveView } from '@/store/ui';
import { FilterBar, FilterChips } from '@/ui/FilterBar';
import { Kbd } from '@/ui/Kbd';
import { Loader } from '@/ui/Loader';
import { SplitPane } from '@/ui/SplitPane';
import { isShown, listPrefs } from '@/store/listPrefs';
import { columnsOf, gridOf } from './listTable/columns';
import { ColumnChooser, TableCells, TableHead } from './listTable/TableHead';
import { useMediaQuery } from '@/ui/useMediaQuery';
import { rowDomId, VirtualList } from '@/ui/VirtualList';
import { CellRow } from './listTable/CellRow';
import { totalWords, withArticle } from '@/lib/words';
import { PaneBack } from './PaneBack';
import { formatNumber, formatTime } from '@/lib/format';

export interface FormProps<T> {
  /** null: a new record. */
  record: T | null;
  /** The server's message per field, from the last failed save. */
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  /** The last save was refused because someone else changed the record (409). */
  conflict: boolean;
  onSubmit: (data: Payload) => void;
  onCancel: () => void;
  onReload: () => void;
  formRef: RefObject<HTMLFormElement | null>;
}

interface ResourceListViewProps<T extends { id: number }> {
  screen: ResourceScreen<T>;
  renderRow: (record: T) => ReactNode;
  renderDetail: (record: T) => ReactNode;
  renderForm: (props: FormProps<T>) => ReactNode;
  /** More buttons in the open record's header, before Edit and Delete (exception commands). */
  renderActions?: (record: T) => ReactNode;
  /** Row height in px (34 by default; two-line rows need more). */
  rowHeight?: number;
  /** More buttons for the selection pane (bulk exception commands). */
  renderSelectionActions?: () => ReactNode;
}

const SEARCH_DEBOUNCE_MS = 250;
/** How many checked records the selection pane names. */
const SELECTION_NAMES = 12;

/**
 * The split-pane screen every catalogue entity uses: a virtualized, searchable list on the
 * left and the record's view or form on the right. It renders the screen's list model
 * (src/store/listModel.ts), which follows the URL (/card-list?query=…&bank=3&sort=-name,
 * /view-card/3, /edit-card/3, /add-card); every key, click and palette entry runs a command.
 */
export function ResourceListView<T extends { id: number }>({
  screen,
  renderRow,
  renderDetail,
  renderForm,
  renderActions,
  renderSelectionActions,
  rowHeight,
}: ResourceListViewProps<T>) {
  const { store, list, resource, view } = screen;
  const s = useSnapshot(store.state);
  const m = useSnapshot(list.state);
  const items = s.items as unknown as T[];
  const { mode, openId, query, filters, sort } = m.route;
  const filterCount = Object.keys(filters).length;
  const canAdd = !!resource.ops.add;
  const listRef = useRef<HTMLDivElement | null>(null);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const { one, many } = nounOf(screen);
  const prefs = useSnapshot(listPrefs(view));
  const roomy = useMediaQuery(WIDE_TABLE_QUERY);
  // The table's cell cursor and edits (src/store/cellModel.ts), on screens whose records can be updated.
  const cells = list.cells;
  const c = useSnapshot(cells?.state ?? NO_CELLS);

  // While shown, the model follows the URL and the store, and commands act on it.
  useEffect(() => {
    const stop = list.activate();
    setActiveView(view, { model: list, resource: resource.name });
    return () => {
      stop();
      setActiveView(null);
    };
  }, [list, view, resource.name]);

  // What only the DOM can do, lent to the model (focus, submitting the form).
  useEffect(() => {
    list.attach({
      // preventScroll: the list is in view; scrolling it into view would lay out the page first (a cell's save waits on it).
      focusList: () => listRef.current?.focus({ preventScroll: true }),
      focusSearch: () => {
        searchRef.current?.focus();
        searchRef.current?.select();
      },
      submitForm: () => formRef.current?.requestSubmit(),
    });
    return () => list.attach(null);
  }, [list]);

  // The form is remounted only by Reload (formEpoch), never because a list refresh brought a
  // newer copy of the record: that would throw away what was typed.
  const [formEpoch, setFormEpoch] = useState(0);

  // Leaving a form (saved or cancelled) hands the keyboard back to the list.
  useEffect(() => {
    if (
      (mode === 'list' || mode === 'view') &&
      (document.activeElement === document.body || document.activeElement === null)
    ) {
      listRef.current?.focus({ preventScroll: true });
    }
  }, [mode]);

  const highlighted = items.findIndex((r) => r.id === m.cursor);
  // Read through the snapshot (items and current) so a deep-linked record that show() brings re-renders the pane.
  const record =
    openId !== null
      ? ((items.find((r) => r.id === openId) ??
          (s.current?.id === openId ? (s.current as unknown as T) : null)) as T | null)
      : null;
  const loadMore = useCallback(() => void store.loadMore(), [store]);

  const form = (rec: T | null) =>
    renderForm({
      record: rec,
      errors: s.fieldErrors,
      saving: s.updateStatus === 'loading',
      conflict: s.conflict,
      formRef,
      onSubmit: (data) =>
        runCommand(mode === 'add' ? `${resource.name}.create` : `${resource.name}.update`, 'button', {
          id: rec?.id,
          data,
        }),
      onCancel: () => runCommand('list.close', 'button'),
      // 409: fetch the current record and start the form again from it.
      onReload: () => {
        if (rec)
          store.show(rec.id).then(
            () => {
              store.resetForm();
              setFormEpoch((n) => n + 1);
            },
            () => undefined,
          );
      },
    });

  const total = s.pagination?.total ?? items.length;
  // "All matching": the selection is the list's whole match, loaded or not (src/store/listModel.ts).
  const selectedCount = m.matching ? m.matchingCount : m.selected.size;
  const totalText = totalWords(total, s.pagination?.total_is);
  const canSelectMatching =
    !m.matching && total > items.length && items.length > 0 && items.every((r) => m.selected.has(r.id));
  const sorts = sortOptions(resource.sortable ?? [], screen.sortLabels);
  // Nothing open and nothing picked: the list takes the whole width as a table. With a cell
  // active it stays one while rows are picked (a column pasted into them).
  const tableable = mode === 'list' && roomy;
  const wide = tableable && (selectedCount === 0 || c.col !== null);
  const allColumns = useMemo(() => columnsOf(screen), [screen]);
  const columns = useMemo(
    () => allColumns.filter((col, i) => i === 0 || isShown(prefs, col.key, !col.optional)),
    [allColumns, prefs],
  );
  const columnKeys = columns.map((col) => col.key).join(' ');
  // The rows' functions hold still while the cursor moves, so a row is drawn again only when it
  // changed (VirtualList's Row is memoized): a key or a cell's save redraws two rows, not all.
  const onCheck = useCallback(
    (r: T, _i: number, extend: boolean) =>
      runCommand(extend ? 'list.extendSelect' : 'list.toggleSelect', 'pointer', r.id),
    [],
  );
  const onRowClick = useCallback(
    (r: T, _i: number, e: MouseEvent) => {
      // With a cell active, a click is the cell's (as in a spreadsheet); otherwise it opens the row.
      const col = (e.target as Element).closest('[data-col]')?.getAttribute('data-col');
      if (cells?.active() && col) {
        list.pointAt(r.id);
        cells.point(col);
      } else runCommand('list.open', 'pointer', r.id);
    },
    [cells, list],
  );
  const manyLabel = resource.label.many;
  const tableRow = useCallback(
    (r: T, lit: boolean) =>
      !wide ? (
        renderRow(r)
      ) : cells ? (
        <CellRow columns={columns} row={r} highlighted={lit} cells={cells} rowId={rowDomId(manyLabel, r.id)} />
      ) : (
        <TableCells columns={columns} row={r} />
      ),
    [wide, renderRow, cells, columns, manyLabel],
  );
  // A cell's editor closed (saved, cancelled): the keys go back to the grid in the same commit,
  // after the editor left the page, unless they went somewhere else (a click on the search box).
  const editing = c.edit !== null;
  useLayoutEffect(() => {
    if (!editing && (document.activeElement === null || document.activeElement === document.body))
      listRef.current?.focus({ preventScroll: true });
  }, [editing]);
  // The cell model follows what the table shows.
  useEffect(() => {
    cells?.setTable(
      tableable,
      columns.map(({ key, label, field }) => ({ key, label, field })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cells, tableable, columnKeys]);
  const countText =
    s.status === 'loading' && (listKey(s) !== s.shownKey || !s.pagination)
      ? 'Searching…'
      : s.pagination
        ? `${totalText} ${s.pagination.total === 1 ? one : many}${s.shownQuery ? ` matching “${s.shownQuery}”` : ''}`
        : '\u00a0';

  const listColumn = (
    <>
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
            runCommand('list.next', 'hotkey');
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
            <button type="button" className="btn btn-ghost" onClick={() => store.loadPage(1).catch(() => undefined)}>
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
                onClick={() => runCommand('list.selectMatching', 'button')}
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
      <VirtualList
        items={items}
        getKey={(r) => r.id}
        label={resource.label.many}
        // "1,000+" or "about 1.2M" is no row count: -1 says so.
        total={s.pagination && s.pagination.total_is && s.pagination.total_is !== 'exact' ? -1 : s.pagination?.total}
        highlighted={highlighted}
        activeCell={wide ? c.col : null}
        multiselectable={wide && selectedCount > 0}
        onKeyDown={(e) => {
          // A printable key no command takes opens the active cell's editor with that character, as in a spreadsheet.
          if (
            !cells ||
            e.target !== e.currentTarget ||
            c.edit ||
            !printable(e) ||
            !cells.editable() ||
            keyTaken(e.nativeEvent)
          )
            return;
          e.preventDefault();
          e.stopPropagation();
          cells.startEdit(e.key);
        }}
        onPaste={(e) => {
          // The clipboard's text comes with the paste event only (list.pasteColumn: mod+v is not bound as a key).
          if (!wide || e.target !== e.currentTarget) return;
          e.preventDefault();
          runCommand('list.pasteColumn', 'hotkey', e.clipboardData.getData('text/plain'));
        }}
        listRef={listRef}
        rowHeight={wide ? (prefs.density === 'comfortable' ? 44 : 34) : rowHeight}
        className={wide ? 'is-table' : undefined}
        style={wide ? ({ '--vtable-grid': gridOf(columns) } as CSSProperties) : undefined}
        table={
          wide
            ? {
                columns: columns.length,
                head: (
                  <TableHead
                    columns={columns}
                    sort={sort || (resource.defaultSort ?? sorts[0]?.value ?? '')}
                    onSort={(v) => list.setParams({ sort: v })}
                  />
                ),
              }
            : undefined
        }
        isChecked={(r) => m.selected.has(r.id)}
        onCheck={onCheck}
        onRowClick={onRowClick}
        onEndReached={loadMore}
        renderRow={tableRow}
        footer={
          <ListFooter
            status={s.status}
            searching={listKey(s) !== s.shownKey}
            empty={items.length === 0}
            error={s.error}
            emptyText={
              query || filterCount
                ? `No ${many} match ${[query ? `“${query}”` : '', filterCount ? 'these filters' : ''].filter(Boolean).join(' and ')}.`
                : `No ${many} yet.`
            }
            onRetry={() =>
              store.loadPage(items.length ? (s.pagination?.current_page ?? 0) + 1 : 1).catch(() => undefined)
            }
          />
        }
      />
      {/* A cell's save may be refused after the cursor moved on: said politely, outside the grid. */}
      {cells && (
        <div className="visually-hidden" aria-live="polite">
          {c.said}
        </div>
      )}
    </>
  );

  let pane: ReactNode;
  if (mode === 'list') {
    pane =
      selectedCount > 0 ? (
        <SelectionPane
          title={`${formatNumber(selectedCount)} ${selectedCount === 1 ? one : many} selected`}
          names={list
            .selectedIds()
            .slice(0, SELECTION_NAMES)
            .flatMap((sid) => {
              const r = store.find(sid);
              return r ? [{ id: sid, label: screen.describe(r).label }] : [];
            })}
          more={Math.max(0, selectedCount - SELECTION_NAMES)}
          // Delete, export and clear sit in the selection bar; the pane adds the bulk changes and the screen's own actions.
          actions={
            <>
              {(resource.bulk ?? []).map(
                (field) =>
                  resource.ops.bulkUpdate && (
                    <CommandButton key={field} id={`${resource.name}.bulkSet.${field}`} noKbd />
                  ),
              )}
              {renderSelectionActions?.()}
            </>
          }
        />
      ) : (
        <EmptyPane one={one} canAdd={canAdd} />
      );
  } else if (mode === 'add') {
    pane = <Pane title={`New ${one}`}>{form(null)}</Pane>;
  } else if (!record) {
    const notListed = !resource.ops.show && s.status === 'succeeded' ? `This ${one} is not in the list.` : null;
    pane =
      (m.missing ?? notListed) ? (
        <Pane title={resource.label.one}>
          <div className="alert" role="alert">
            {m.missing ?? notListed}
          </div>
        </Pane>
      ) : (
        <Loader />
      );
  } else if (mode === 'edit') {
    pane = (
      <Pane title={`Edit ${screen.describe(record).label}`}>
        <div key={`${record.id}:${formEpoch}`}>{form(record)}</div>
      </Pane>
    );
  } else {
    pane = (
      <Pane
        title={screen.describe(record).label}
        actions={
          <>
            {renderActions?.(record)}
            {resource.ops.update && <CommandButton id={`${resource.name}.edit`} />}
            {resource.ops.remove && <CommandButton id={`${resource.name}.delete`} />}
          </>
        }
      >
        {renderDetail(record)}
      </Pane>
    );
  }

  return <SplitPane list={listColumn} pane={pane} paneOpen={mode !== 'list'} wide={wide} />;
}

function Pane({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>{title}</h2>
        {actions}
        <span className="pane-close">
          <CommandButton id="list.close" label="Close" variant="ghost" />
        </span>
      </header>
      <div className="pane-body">{children}</div>
    </div>
  );
}

/** With records picked and nothing open, the pane is about the selection. */
function SelectionPane({
  title,
  names,
  more,
  actions,
}: {
  title: string;
  names: { id: number; label: string }[];
  more: number;
  actions?: ReactNode;
}) {
  return (
    <div className="pane">
      <header className="pane-head">
        <h2>{title}</h2>
      </header>
      <div className="pane-body selection-pane">
        {actions && <div className="selection-pane-actions">{actions}</div>}
        <ul className="selection-pane-names">
          {names.map((n) => (
            <li key={n.id}>{n.label}</li>
          ))}
          {more > 0 && <li className="muted">and {formatNumber(more)} more</li>}
        </ul>
        <p className="muted selection-pane-keys">
          <Kbd shortcut="x" /> picks or unpicks the highlighted row, <Kbd shortcut="shift+x" /> picks a range,{' '}
          <Kbd shortcut="mod+a" /> picks every loaded row and, pressed again, every matching one,{' '}
          <Kbd shortcut="escape" /> lets go.
        </p>
      </div>
    </div>
  );
}

/** A screen whose records cannot be updated has no cells to edit. */
const NO_CELLS = proxy<CellModelState>({ col: null, table: false, columns: [], edit: null, cells: {}, said: '' });

/** Wide enough for a table beside the sidebar; narrower, the list stays a list. */
const WIDE_TABLE_QUERY = '(min-width: 900px)';

function EmptyPane({ one, canAdd }: { one: string; canAdd: boolean }) {
  return (
    <div className="empty pane-empty">
      <p>Select {withArticle(one)} to see it here.</p>
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>move</span>
        <Kbd shortcut="enter" /> <span>open</span>
        {canAdd && (
          <>
            <Kbd shortcut="e" /> <span>edit</span>
            <Kbd shortcut="n" /> <span>new {one}</span>
          </>
        )}
        <Kbd shortcut="x" /> <span>select (⇧ for a range)</span>
        <Kbd shortcut="/" /> <span>search</span>
        <Kbd shortcut="mod+k" /> <span>all commands</span>
      </div>
    </div>
  );
}

function ListFooter(p: {
  status: string;
  searching: boolean;
  empty: boolean;
  error: string | null;
  emptyText: string;
  onRetry: () => void;
}) {
  if (p.status === 'loading')
    return <div className="vlist-status">{p.searching ? 'Searching…' : p.empty ? 'Loading…' : 'Loading more…'}</div>;
  if (p.status === 'failed') {
    return (
      <div className="vlist-status" role="alert">
        {p.error ?? 'Failed to fetch data.'}{' '}
        <button type="button" className="btn btn-ghost" onClick={p.onRetry}>
          Retry
        </button>
      </div>
    );
  }
  if (p.status === 'succeeded' && p.empty) return <div className="vlist-status">{p.emptyText}</div>;
  return null;
}

interface SearchBoxProps {
  initial: string;
  label: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onSearch: (query: string) => void;
  onLeave: () => void;
  onDown: () => void;
}

/** Typing updates the URL's ?query= after a pause; Escape/Enter/↓ hand the keys back to the list. */
export function SearchBox({ initial, label, inputRef, onSearch, onLeave, onDown }: SearchBoxProps) {
  const [text, setText] = useState(initial);
  const first = useRef(true);
  // Back/forward changed the URL's query: show it (typing itself never differs from it for long).
  useEffect(() => {
    setText((t) => (t.trim() === initial ? t : initial));
  }, [initial]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Clearing is deliberate: show everything at once. Typing waits for a pause.
    const t = setTimeout(() => onSearch(text.trim()), text.trim() ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <div className="search">
      <input
        ref={inputRef}
        className="input"
        type="search"
        aria-label={label}
        placeholder={`${label}…`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' || e.key === 'Enter') {
            e.preventDefault();
            e.stopPropagation(); // not "close the pane"
            if (e.key === 'Enter') onSearch(text.trim());
            onLeave();
          } else if (e.key === 'ArrowDown') {
            e.preventDefault();
            onDown();
          }
        }}
      />
      {!text && <Kbd shortcut="/" />}
    </div>
  );
}
