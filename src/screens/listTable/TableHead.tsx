// The column heads of a list's full-width table, and the menu that chooses its columns and row
// height. A head with a sort key sorts by it (again: the other way); the URL keeps the sort, as
// the sort select does.
import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ListColumn } from '@/commands/resourceScreen';
import { isShown, listPrefs, resetListPrefs, setColumnShown, setDensity } from '@/store/listPrefs';
import { gridOf } from './columns';
import './listTable.css';

interface TableHeadProps {
  columns: readonly ListColumn<never>[];
  /** The sort in effect ('name', '-created_at'). */
  sort: string;
  onSort: (sort: string) => void;
}

/**
 * The grid's first row: a column header per column, the sorted one saying which way
 * (aria-sort), so each cell is announced with its column's name. The pick boxes' track has no
 * header and no cells (the boxes are pointer-only, aria-hidden).
 */
export function TableHead({ columns, sort, onSort }: TableHeadProps) {
  return (
    <div className="vtable-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: gridOf(columns) }}>
      <span aria-hidden />
      {columns.map((c) => {
        const dir = !c.sort ? null : sort === c.sort ? 'ascending' : sort === `-${c.sort}` ? 'descending' : null;
        if (!c.sort) {
          return (
            <span key={c.key} role="columnheader" className={c.numeric ? 'vtable-th is-num' : 'vtable-th'}>
              {c.label}
            </span>
          );
        }
        const next =
          dir === 'ascending'
            ? `-${c.sort}`
            : dir === 'descending'
              ? c.sort
              : c.sort === 'created_at'
                ? '-created_at'
                : c.sort;
        return (
          <span key={c.key} role="columnheader" aria-sort={dir ?? undefined} className="vtable-th-cell">
            <button
              type="button"
              tabIndex={-1} // the keys stay on the grid's rows: keyboards sort with the sort select above it
              className={`vtable-th is-sortable${c.numeric ? ' is-num' : ''}${dir ? ' is-sorted' : ''}`}
              title={dir ? `Sorted ${dir}; click to reverse` : `Sort by ${c.label.toLowerCase()}`}
              onMouseDown={(e) => e.preventDefault() /* keep the list's focus */}
              onClick={() => onSort(next)}
            >
              {c.label}
              <span className="vtable-arrow" aria-hidden>
                {dir === 'ascending' ? '↑' : dir === 'descending' ? '↓' : ''}
              </span>
            </button>
          </span>
        );
      })}
    </div>
  );
}

/** "Columns": which columns the table shows, and its row height; remembered per admin (src/store/listPrefs.ts). */
export function ColumnChooser({ view, columns }: { view: string; columns: readonly ListColumn<never>[] }) {
  const prefs = useSnapshot(listPrefs(view));
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  return (
    <div
      className="vtable-chooser"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation(); // close the menu, not the list's pane
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="btn btn-ghost"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        Columns
      </button>
      {open && (
        <div className="vtable-menu" id={id} role="group" aria-label="Table columns and rows">
          <fieldset>
            <legend>Columns</legend>
            {columns.map((c, i) => (
              <label key={c.key}>
                <input
                  type="checkbox"
                  autoFocus={i === 0}
                  // The first column (the record's name) always shows: a row needs something to point at.
                  disabled={i === 0}
                  checked={isShown(prefs, c.key, !c.optional)}
                  onChange={(e) => setColumnShown(view, c.key, e.target.checked, !c.optional)}
                />
                {c.label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Rows</legend>
            {(['dense', 'comfortable'] as const).map((d) => (
              <label key={d}>
                <input
                  type="radio"
                  name={`${id}-density`}
                  checked={prefs.density === d}
                  onChange={() => setDensity(view, d)}
                />
                {d === 'dense' ? 'Dense' : 'Comfortable'}
              </label>
            ))}
          </fieldset>
          <button type="button" className="btn btn-ghost" onClick={() => resetListPrefs(view)}>
            Reset to the screen’s own
          </button>
        </div>
      )}
    </div>
  );
}

/** One row's cells. */
export function TableCells<T>({ columns, row }: { columns: readonly ListColumn<T>[]; row: T }) {
  return (
    <>
      {columns.map((c) => (
        <span key={c.key} role="gridcell" className={c.numeric ? 'vtable-td is-num' : 'vtable-td'}>
          {c.cell(row)}
        </span>
      ))}
    </>
  );
}
