// One homepage list, sortable with @dnd-kit (imported only here, so it loads with this screen's
// chunk, never with the app's first download). The pointer sensor waits for 5 px so a click
// still highlights; the keyboard sensor picks the focused row up with Space, moves it with the
// arrows and drops it with Space or Enter. A drop is a command (homepage.move) like every
// other move; the list keys (j/k) highlight, and the highlighted row holds the focus.
//
// The rows are list items, not listbox options: the hotkey library counts a focused
// role="option" as a form field and would keep every key (j/k, Alt+↑/↓) from it.
import { useEffect, useMemo, type ReactNode, type RefObject } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type Modifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { runCommand } from '@/commands/runner';
import { titleOf, type HomepageItem, type HomepageTab } from './homepageTypes';
import { homepage } from './model';
import { isPhone } from '@/store/ui';
import { announcementsFor, instructions } from './announcements';
import type { MoveArg } from './commands';

/** Rows slide up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface SortableListProps {
  tab: HomepageTab;
  rows: readonly HomepageItem[];
  cursor: number | null;
  label: string;
  listRef: RefObject<HTMLDivElement | null>;
  renderRow: (row: HomepageItem) => ReactNode;
  /** Under the rows: loading, empty or failed. */
  footer?: ReactNode;
}

export function SortableList({ tab, rows, cursor, label, listRef, renderRow, footer }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter opens the highlighted row's form (list.open), so only Space picks a row up.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const ids = rows.map((r) => r.id);
  const titled = useMemo(() => rows.map((r) => ({ id: r.id, title: titleOf(r) })), [rows]);

  // The highlighted row takes the focus while the list has it (j/k, a move, a drop).
  useEffect(() => {
    const list = listRef.current;
    if (!list || cursor === null || !list.contains(document.activeElement)) return;
    const row = list.querySelector<HTMLElement>(`[data-id="${cursor}"]`);
    if (row && document.activeElement !== row) row.focus();
  }, [cursor, rows, listRef]);

  function onDragStart(e: DragStartEvent) {
    homepage.setDragging(true);
    void runCommand('homepage.highlight', 'pointer', Number(e.active.id));
  }

  function onDragEnd(e: DragEndEvent) {
    homepage.setDragging(false);
    const { active, over } = e;
    if (!over || active.id === over.id) return;
    const arg: MoveArg = { tab, id: Number(active.id), to: ids.indexOf(Number(over.id)) + 1 };
    void runCommand('homepage.move', e.activatorEvent instanceof KeyboardEvent ? 'hotkey' : 'pointer', arg);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      accessibility={{ announcements: announcementsFor(titled), screenReaderInstructions: instructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => homepage.setDragging(false)}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <div
          ref={listRef}
          className="hp-rows"
          role="list"
          aria-label={label}
          // With no row to hold it, the list itself takes the focus (j/k still answer).
          tabIndex={rows.length ? -1 : 0}
        >
          {rows.map((r) => (
            <SortableRow
              key={r.id}
              row={r}
              highlighted={r.id === cursor}
              focusable={r.id === cursor || (cursor === null && r === rows[0])}
            >
              {renderRow(r)}
            </SortableRow>
          ))}
          {footer}
        </div>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  row,
  highlighted,
  focusable,
  children,
}: {
  row: HomepageItem;
  highlighted: boolean;
  focusable: boolean;
  children: ReactNode;
}) {
  // An item dnd-kit can pick up; its role stays 'listitem' (dnd-kit's 'button' would give Enter to the row, not to list.open).
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: row.id,
    attributes: { role: 'listitem', roleDescription: 'sortable item' },
  });
  const { 'aria-pressed': _pressed, tabIndex: _tab, ...rest } = attributes;
  return (
    <div
      ref={setNodeRef}
      {...rest}
      {...listeners}
      id={`hp-row-${row.id}`}
      data-id={row.id}
      aria-current={highlighted || undefined}
      aria-label={`${titleOf(row)}, position ${row.position}`}
      // One row is in the tab order: the highlighted one (a roving tab stop).
      tabIndex={focusable ? 0 : -1}
      className={`hp-row${highlighted ? ' is-highlighted' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      // A phone has room for the list or the form: a tap opens the row's form in its place (list.open).
      onClick={() => void runCommand(isPhone() ? 'list.open' : 'homepage.highlight', 'pointer', row.id)}
    >
      <span className="hp-grip" aria-hidden>
        ⠿
      </span>
      <span className="hp-pos" aria-hidden>
        {row.position}
      </span>
      {children}
    </div>
  );
}
