import { useEffect, useRef, type CSSProperties, type ReactNode, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => number | string;
  renderRow: (item: T, highlighted: boolean) => ReactNode;
  /** Index of the keyboard cursor, -1 for none. */
  highlighted: number;
  onRowClick: (item: T, index: number) => void;
  /** Called when the last rows come into view: load the next page. */
  onEndReached?: () => void;
  /** Accessible name of the listbox ("Banks"). */
  label: string;
  /** All records on the server (aria-setsize), not only the loaded ones. */
  total?: number;
  rowHeight?: number;
  footer?: ReactNode;
  /**
   * Above the rows, scrolling sideways with them and staying on top (a table's column heads).
   * A listbox holds options only: the header hides itself from assistive technology
   * (aria-hidden), and what it does must be reachable another way.
   */
  header?: ReactNode;
  /** Extra class of the listbox ('is-table' when the rows are a table's), and its style (the table's grid). */
  className?: string;
  style?: CSSProperties;
  listRef?: Ref<HTMLDivElement>;
  /** Rows can be picked for bulk actions: a check box leads each row (aria-checked on the option). */
  isChecked?: (item: T) => boolean;
  /** A click on the check box; `extend` with Shift held (pick the range). */
  onCheck?: (item: T, index: number, extend: boolean) => void;
}

const END_THRESHOLD = 10;

/**
 * A listbox that renders only the rows in view. The listbox keeps focus and points at the
 * highlighted row with aria-activedescendant; rows are never focused themselves.
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
  header,
  className,
  style,
  listRef,
  isChecked,
  onCheck,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    getItemKey: (i) => getKey(items[i]),
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onEndReached && items.length > 0 && lastIndex >= items.length - END_THRESHOLD) onEndReached();
  }, [lastIndex, items.length, onEndReached]);

  useEffect(() => {
    if (highlighted >= 0) virtualizer.scrollToIndex(highlighted, { align: 'auto' });
  }, [highlighted, virtualizer]);

  const optionId = (i: number) => `${label.replace(/\W+/g, '-').toLowerCase()}-row-${String(getKey(items[i]))}`;

  return (
    <div
      ref={(el) => {
        scrollRef.current = el;
        if (typeof listRef === 'function') listRef(el);
        else if (listRef) listRef.current = el;
      }}
      className={className ? `vlist ${className}` : 'vlist'}
      style={style}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={highlighted >= 0 && highlighted < items.length ? optionId(highlighted) : undefined}
    >
      {header}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const item = items[row.index];
          const isHighlighted = row.index === highlighted;
          const checked = isChecked?.(item);
          return (
            <div
              key={row.key}
              id={optionId(row.index)}
              role="option"
              data-key={getKey(item)}
              aria-selected={isHighlighted}
              aria-checked={isChecked ? checked : undefined}
              aria-posinset={row.index + 1}
              aria-setsize={total ?? items.length}
              className={`vlist-row${isHighlighted ? ' is-highlighted' : ''}${checked ? ' is-checked' : ''}`}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
              onMouseDown={(e) => e.preventDefault() /* keep focus on the listbox */}
              onClick={() => {
                scrollRef.current?.focus();
                onRowClick(item, row.index);
              }}
            >
              {isChecked && (
                <span
                  className={checked ? 'vlist-check is-on' : 'vlist-check'}
                  aria-hidden
                  onClick={(e) => {
                    e.stopPropagation();
                    scrollRef.current?.focus();
                    onCheck?.(item, row.index, e.shiftKey);
                  }}
                />
              )}
              {renderRow(item, isHighlighted)}
            </div>
          );
        })}
      </div>
      {footer}
    </div>
  );
}
