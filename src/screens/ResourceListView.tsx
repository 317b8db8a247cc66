import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { Payload } from '@/api/resourceClient';
import { nounOf, type ResourceScreen } from '@/commands/resourceScreen';
import { keyTaken, printable } from '@/commands/keyTaken';
import { runCommand } from '@/commands/runner';
import type { CellModelState } from '@/store/cellModel';
import { sortOptions } from '@/store/filters';
import { listKey } from '@/store/resourceStore';
import { setActiveView } from '@/store/ui';
import { SplitPane } from '@/ui/SplitPane';
import { isShown, listPrefs } from '@/store/listPrefs';
import { columnsOf, gridOf } from './listTable/columns';
import { TableCells, TableHead } from './listTable/TableHead';
import { useMediaQuery } from '@/ui/useMediaQuery';
import { rowDomId, VirtualList } from '@/ui/VirtualList';
import { CellRow } from './listTable/CellRow';
import { ListFooter } from './ListPanes';
import { RecordPane } from './RecordPane';
import { ResourceListHead } from './ResourceListHead';

export interface FormProps<T> {
  /** null: a new record. */
  record: T | null;
  /** The server's message per field, from the last failed save. */
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  /** The last save was refused because someone else changed the record (409). */
  conflict: boolean;
  /** Someone else saved this record since the form opened (their name), heard on the live stream. */
  savedBy?: string | null;
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
  const listRef = useRef<HTMLDivElement | null>(null);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const { many } = nounOf(screen);
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

  // "All matching": the selection is the list's whole match, loaded or not (src/store/listModel.ts).
  const selectedCount = m.matching ? m.matchingCount : m.selected.size;
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
      void runCommand(extend ? 'list.extendSelect' : 'list.toggleSelect', 'pointer', r.id),
    [],
  );
  const onRowClick = useCallback(
    (r: T, _i: number, e: MouseEvent) => {
      // With a cell active, a click is the cell's (as in a spreadsheet); otherwise it opens the row.
      const col = (e.target as Element).closest('[data-col]')?.getAttribute('data-col');
      if (cells?.active() && col) {
        list.pointAt(r.id);
        cells.point(col);
      } else void runCommand('list.open', 'pointer', r.id);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `columnKeys` stands for `columns` (a new array each render, the same keys)
  }, [cells, tableable, columnKeys]);

  const listColumn = (
    <>
      <ResourceListHead screen={screen} listRef={listRef} searchRef={searchRef} wide={wide} allColumns={allColumns} />
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
          void runCommand('list.pasteColumn', 'hotkey', e.clipboardData.getData('text/plain'));
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
              void store.loadPage(items.length ? (s.pagination?.current_page ?? 0) + 1 : 1).catch(() => undefined)
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

  const pane = (
    <RecordPane
      screen={screen}
      record={record}
      renderForm={renderForm}
      formRef={formRef}
      renderDetail={renderDetail}
      renderActions={renderActions}
      renderSelectionActions={renderSelectionActions}
    />
  );

  return <SplitPane list={listColumn} pane={pane} paneOpen={mode !== 'list'} wide={wide} />;
}

/** A screen whose records cannot be updated has no cells to edit. */
const NO_CELLS = proxy<CellModelState>({ col: null, table: false, columns: [], edit: null, cells: {}, said: '' });

/** Wide enough for a table beside the sidebar; narrower, the list stays a list. */
const WIDE_TABLE_QUERY = '(min-width: 900px)';
