import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type ClipboardEvent,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => number | string;
  renderRow: (item: T, highlighted: boolean) => ReactNode;
  /** Index of the keyboard cursor, -1 for none. */
  highlighted: number;
  /** `event`: where in the row (a table's cell, by its data-col). */
  onRowClick: (item: T, index: number, event: MouseEvent) => void;
  /** Called when the last rows come into view: load the next page. */
  onEndReached?: () => void;
  /** Accessible name of the listbox or grid ("Banks"). */
  label: string;
  /** All records on the server (aria-setsize, aria-rowcount), not only the loaded ones; -1: not known exactly. */
  total?: number;
  rowHeight?: number;
  /** A status line after the rows (loading, empty, an error with Retry), outside the list itself. */
  footer?: ReactNode;
  /**
   * The rows are a table's: the list is a grid (the WAI-ARIA grid pattern) of `columns` columns,
   * `head` its row of column headers (role="row" of "columnheader"s) above the rows, scrolling
   * sideways with them and staying on top; each row's cells are role="gridcell".
   */
  table?: { head: ReactNode; columns: number };
  /** Extra class of the list ('is-table' when the rows are a table's), and its style (the table's grid). */
  className?: string;
  style?: CSSProperties;
  listRef?: Ref<HTMLDivElement>;
  /** Rows can be picked for bulk actions: a check box leads each row (aria-checked on the option). */
  isChecked?: (item: T) => boolean;
  /** A click on the check box; `extend` with Shift held (pick the range). */
  onCheck?: (item: T, index: number, extend: boolean) => void;
  /**
   * A grid's active cell, when one is (the table's cell cursor): the id of that element in the
   * highlighted row, which the grid then points at instead of the row.
   */
  activeCell?: string | null;
  /** A grid whose rows can be picked while it shows: rows say so with aria-selected (the cursor is its cell then). */
  multiselectable?: boolean;
  /** Keys and pastes that reach the list itself (not a field inside it). */
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
  onPaste?: (e: ClipboardEvent<HTMLDivElement>) => void;
}

/** The element id of a row (`key`) of the list named `label`; a table's cell is this id, '-', its column's key. */
export const rowDomId = (label: string, key: number | string) =>
  `${label.replace(/\W+/g, '-').toLowerCase()}-row-${String(key)}`;

const END_THRESHOLD = 10;

/**
 * A listbox (or, with `table`, a grid) that renders only the rows in view. The list keeps focus
 * and points at the highlighted row with aria-activedescendant; rows are never focused
 * themselves, so every key reaches the command layer (react-hotkeys-hook takes a focused
 * role="option" for a form field, not a focused listbox or grid). The highlighted row is the
 * selected one (aria-selected): selection follows the cursor, and Enter opens it. A grid's
 * rows say where they stand among all the server's (aria-rowindex of aria-rowcount), as a
 * listbox's options do (aria-posinset of aria-setsize).
 */
export function VirtualList<T>({
  items,
  getKey,
  renderRow,
  highlighted,
  onRowClick,
  onEndReached,
  label,
  total,
  rowHeight = 34,
  footer,
  table,
  className,
  style,
  listRef,
  isChecked,
  onCheck,
  activeCell,
  multiselectable,
  onKeyDown,
  onPaste,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // The virtualizer lays out every loaded row again whenever getItemKey is another function:
  // a new one per render (callers pass getKey inline) walked all 100,000 rows in every frame
  // of a scroll. It changes with the rows only.
  const keyRef = useRef(getKey);
  keyRef.current = getKey;
  const getItemKey = useCallback((i: number) => keyRef.current(items[i]), [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    getItemKey,
  });
  // With getItemKey holding still, another row height (the table's density) needs saying so.
  const laidOutFor = useRef(rowHeight);
  useLayoutEffect(() => {
    if (laidOutFor.current === rowHeight) return;
    laidOutFor.current = rowHeight;
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onEndReached && items.length > 0 && lastIndex >= items.length - END_THRESHOLD) onEndReached();
  }, [lastIndex, items.length, onEndReached]);

  useEffect(() => {
    if (highlighted >= 0) virtualizer.scrollToIndex(highlighted, { align: 'auto' });
  }, [highlighted, virtualizer]);

  const optionId = (i: number) => rowDomId(label, getKey(items[i]));
  const pointsAt =
    highlighted >= 0 && highlighted < items.length
      ? optionId(highlighted) + (table && activeCell ? `-${activeCell}` : '')
      : undefined;

  const list = (
    <div
      ref={(el) => {
        scrollRef.current = el;
        if (typeof listRef === 'function') listRef(el);
        else if (listRef) listRef.current = el;
      }}
      className={className ? `vlist ${className}` : 'vlist'}
      style={style}
      role={table ? 'grid' : 'listbox'}
      aria-label={label}
      // The head is the grid's first row; -1: the rows' number is not known exactly.
      aria-rowcount={!table ? undefined : total !== undefined && total < 0 ? -1 : (total ?? items.length) + 1}
      aria-colcount={table?.columns}
      aria-multiselectable={table && multiselectable ? true : undefined}
      tabIndex={0}
      aria-activedescendant={pointsAt}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
    >
      {table?.head}
      <div role={table ? 'rowgroup' : undefined} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const item = items[row.index];
          return (
            <Row
              key={row.key}
              item={item}
              index={row.index}
              start={row.start}
              size={row.size}
              id={optionId(row.index)}
              dataKey={getKey(item)}
              highlighted={row.index === highlighted}
              checked={isChecked?.(item)}
              setSize={total ?? items.length}
              grid={!!table}
              picking={!!table && !!multiselectable}
              scrollRef={scrollRef}
              renderRow={renderRow}
              onRowClick={onRowClick}
              onCheck={isChecked ? onCheck : undefined}
            />
          );
        })}
      </div>
    </div>
  );
  // The footer (a status, an error with Retry) sits after the list, not in it: a listbox or grid
  // may own only its rows, so an alert or a button inside it is an ARIA error (axe's
  // aria-required-children, e2e/axe.spec.ts).
  return footer ? (
    <>
      {list}
      <div className="vlist-footer">{footer}</div>
    </>
  ) : (
    list
  );
}

interface RowProps<T> {
  item: T;
  index: number;
  start: number;
  size: number;
  id: string;
  dataKey: number | string;
  highlighted: boolean;
  /** undefined: the list has no pick boxes. */
  checked: boolean | undefined;
  /** -1: not known exactly. */
  setSize: number;
  /** A grid's row, not a listbox's option. */
  grid: boolean;
  /** A grid whose rows are being picked: aria-selected says which are. */
  picking: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  renderRow: VirtualListProps<T>['renderRow'];
  onRowClick: VirtualListProps<T>['onRowClick'];
  onCheck: VirtualListProps<T>['onCheck'];
}

/**
 * One row, rendered again only when it changed: a scroll moves the window over the rows, and
 * rendering every row in view again (each cell formatted anew) in every frame of it was most of
 * that frame's work. Callers' functions (renderRow, onRowClick) hold still while the list scrolls.
 */
const Row = memo(function Row<T>({
  item,
  index,
  start,
  size,
  id,
  dataKey,
  highlighted,
  checked,
  setSize,
  grid,
  picking,
  scrollRef,
  renderRow,
  onRowClick,
  onCheck,
}: RowProps<T>) {
  // A grid's row has no checked state while the table shows with no row picked (a pick in row
  // mode splits the screen into the list of options, which say it). With a cell active the
  // table stays while rows are picked (a paste into a column): then aria-selected is the pick,
  // the cursor being the cell the grid points at.
  const position = grid
    ? { 'aria-rowindex': index + 2 }
    : { 'aria-checked': checked, 'aria-posinset': index + 1, 'aria-setsize': setSize };
  return (
    <div
      id={id}
      role={grid ? 'row' : 'option'}
      data-key={dataKey}
      aria-selected={picking ? !!checked : highlighted}
      {...position}
      className={`vlist-row${highlighted ? ' is-highlighted' : ''}${checked ? ' is-checked' : ''}`}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: size, transform: `translateY(${start}px)` }}
      onMouseDown={(e) => e.preventDefault() /* keep focus on the listbox */}
      onClick={(e) => {
        scrollRef.current?.focus();
        onRowClick(item, index, e);
      }}
    >
      {checked !== undefined && (
        <span
          className={checked ? 'vlist-check is-on' : 'vlist-check'}
          aria-hidden
          onClick={(e) => {
            e.stopPropagation();
            scrollRef.current?.focus();
            onCheck?.(item, index, e.shiftKey);
          }}
        />
      )}
      {renderRow(item, highlighted)}
    </div>
  );
}) as <T>(props: RowProps<T>) => ReactNode;
