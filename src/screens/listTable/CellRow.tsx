// One row's cells in a table whose cells can be edited (src/store/cellModel.ts): each a
// gridcell with an id the grid points at when it is the active one, the editor in the cell
// being edited, and a cell whose save is on its way or was refused showing the value sent,
// marked, with why beside it.
import { isValidElement, useEffect, useRef, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { ListColumn } from '@/commands/resourceScreen';
import { cellKey, type CellEdit, type CellModel, type CellState } from '@/store/cellModel';
import { CellEditor } from './CellEditor';
import { CellPopover } from './CellPopover';

interface CellRowProps<T> {
  columns: readonly ListColumn<T>[];
  row: T;
  /** The row has the cursor: its active cell is the grid's. */
  highlighted: boolean;
  cells: CellModel;
  /** The row's element id; a cell's is this, '-', its column's key. */
  rowId: string;
}

export function CellRow<T extends { id: number }>({ columns, row, highlighted, cells, rowId }: CellRowProps<T>) {
  const snap = useSnapshot(cells.state);
  // Only the cursor's row reads the cursor's column and the editor: the others stay as they are while it moves.
  const col = highlighted && snap.table ? snap.col : null;
  const edit = highlighted ? snap.edit : null;
  return (
    <>
      {columns.map((c) => (
        <Cell
          key={c.key}
          column={c}
          row={row}
          id={`${rowId}-${c.key}`}
          cells={cells}
          mark={snap.cells[cellKey(row.id, c.key)] as CellState | undefined}
          active={col === c.key}
          edit={edit && edit.id === row.id && edit.col === c.key ? edit : null}
        />
      ))}
    </>
  );
}

interface CellProps<T> {
  column: ListColumn<T>;
  row: T;
  id: string;
  cells: CellModel;
  mark: CellState | undefined;
  active: boolean;
  /** The open editor, when it is this cell's. */
  edit: CellEdit | null;
}

function Cell<T extends { id: number }>({ column: c, row, id, cells, mark, active, edit }: CellProps<T>) {
  const editing = !!edit;
  const ref = useRef<HTMLSpanElement>(null);
  const spec = cells.specOf(c.key);
  // The active cell in view sideways (a narrow window scrolls the table's columns; the list
  // scrolls to its row itself), measured in the next frame: measuring now would lay the page
  // out once more before the key's own frame.
  useEffect(() => {
    if (!active) return;
    const frame = requestAnimationFrame(() => {
      const el = ref.current;
      const box = el?.closest<HTMLElement>('.vlist');
      if (!el || !box || box.scrollWidth <= box.clientWidth) return;
      const [cell, view] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
      // On the left, room for the pick boxes' track too (the first column then shows whole, as at the start).
      if (cell.left < view.left + LEFT_ROOM)
        box.scrollLeft = Math.max(0, box.scrollLeft - (view.left + LEFT_ROOM - cell.left));
      else if (cell.right > view.right) box.scrollLeft += cell.right - view.right + 8;
    });
    return () => cancelAnimationFrame(frame);
  }, [active]);
  const refused = mark && mark.status !== 'saving' ? mark : undefined;
  // The value sent (or refused) over the row as the server has it; a choice shows its name.
  const shown =
    mark && spec
      ? ({ ...row, [spec.field]: mark.value, ...(spec.shows ? { [spec.shows]: mark.label || null } : {}) } as T)
      : row;
  const theirs = refused?.theirs ? textOf(c.cell(refused.theirs as T)) : undefined;
  const said = refused?.message ?? '';
  const why = refused
    ? `${said}${/[.!?]$/.test(said) ? '' : '.'}${theirs !== undefined ? ` Now: ${theirs}.` : ''}`
    : undefined;
  const noteId = `${id}-note`;
  const classes = [
    'vtable-td is-cell',
    c.numeric && 'is-num',
    spec && 'is-editable',
    active && 'is-active',
    editing && 'is-editing',
    mark?.status === 'saving' && 'is-saving',
    refused && `is-${refused.status}`,
  ];
  return (
    <span
      ref={ref}
      id={id}
      role="gridcell"
      data-col={c.key}
      className={classes.filter(Boolean).join(' ')}
      aria-readonly={spec ? undefined : true}
      aria-invalid={refused ? true : undefined}
      aria-describedby={refused && active ? noteId : undefined}
      aria-busy={mark?.status === 'saving' || undefined}
      title={why}
      onDoubleClick={() => active && cells.editable() && cells.startEdit()}
    >
      {edit && spec ? (
        <CellEditor spec={spec} edit={edit} cells={cells} anchor={ref} />
      ) : (
        <span className="vtable-text">{c.cell(shown)}</span>
      )}
      {refused && active && !editing && (
        <CellPopover anchor={ref} id={noteId} className={`cell-note is-${refused.status}`}>
          <strong>{refused.message}</strong>
          {theirs !== undefined && <span>Now: {theirs}</span>}
          <span className="muted">
            Enter edits your value again
            {refused.status === 'conflict' ? '; Esc reloads the row' : '; Esc puts back the saved one'}.
          </span>
        </CellPopover>
      )}
    </span>
  );
}

/** What the table keeps left of a cell scrolled into view: the row's padding, its pick box and the gap after it. */
const LEFT_ROOM = 48;

/** A cell's content as words (a title, a note). */
function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}
