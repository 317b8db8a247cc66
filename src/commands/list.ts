// The keys of whichever list screen is active (scope 'list'): one set for every list. Each
// calls a function of the screen's list model (src/store/listModel.ts); a row click and the
// palette run these same commands.
import type { Command, Ctx } from './types';
import { closeHistory, historyOpen } from '@/store/history';

const browsing = (ctx: Ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add';
const checked = (ctx: Ctx) => ctx.list?.selectedCount() ?? 0;
/** The table's cells (src/store/cellModel.ts), while the list can be a table and no cell editor is open. */
export const table = (ctx: Ctx) => {
  const cells = ctx.mode === 'list' ? ctx.list?.cells : undefined;
  return cells?.state.table && !cells.state.edit ? cells : undefined;
};
/** …and a cell is active (the row is not the unit). */
export const cellsOn = (ctx: Ctx) => {
  const cells = table(ctx);
  return cells?.active() ? cells : undefined;
};
/** An explicit row (a click) or the cursor's. */
const rowOf = (ctx: Ctx, arg: unknown) => (typeof arg === 'number' ? arg : (ctx.cursor?.id ?? null));

export const listCommands: Command[] = [
  {
    id: 'list.next',
    title: 'Next in list',
    group: 'List',
    shortcut: 'j, arrowdown',
    scope: 'list',
    palette: false,
    enabled: browsing,
    run: (ctx) => ctx.list?.move(1),
  },
  {
    id: 'list.prev',
    title: 'Previous in list',
    group: 'List',
    shortcut: 'k, arrowup',
    scope: 'list',
    palette: false,
    enabled: browsing,
    run: (ctx) => ctx.list?.move(-1),
  },
  {
    id: 'list.open',
    title: 'Open highlighted',
    group: 'List',
    shortcut: 'enter',
    scope: 'list',
    palette: false,
    // A click names its row (even in a form: the click means leave it); Enter opens the cursor's,
    // or, on an editable cell of the table, edits it (a cell the contract lets no one set opens the record).
    enabled: (ctx) => ctx.list !== null,
    run: (ctx, row) => {
      if (typeof row !== 'number' && (!browsing(ctx) || ctx.cursor === null)) return;
      const cells = cellsOn(ctx);
      if (typeof row !== 'number' && cells?.editable()) return cells.startEdit();
      ctx.list?.open(rowOf(ctx, row));
    },
  },
  {
    id: 'list.close',
    title: 'Close pane',
    group: 'List',
    keywords: ['cancel', 'back'],
    shortcut: 'escape',
    scope: 'list',
    // With no pane open, Escape lets go instead: of a refused cell's value (the row is fetched
    // again), of the selection, then of the cell cursor (back to rows). A record's History
    // panel closes first, back to the record.
    enabled: (ctx) => ctx.mode !== 'list' || checked(ctx) > 0 || !!cellsOn(ctx),
    run: (ctx) => {
      if (ctx.mode === 'view' && historyOpen()) return closeHistory();
      if (ctx.mode !== 'list') return ctx.list?.close();
      const cells = cellsOn(ctx);
      const refused = cells?.activeState();
      if (cells && refused && refused.status !== 'saving') return cells.reloadRow();
      if (checked(ctx) > 0) return ctx.list?.clear();
      cells?.leave();
    },
  },
  {
    id: 'list.toggleSelect',
    title: 'Select or unselect highlighted',
    group: 'List',
    keywords: ['check', 'pick', 'mark'],
    shortcut: 'x',
    scope: 'list',
    enabled: (ctx) => browsing(ctx) && ctx.cursor !== null,
    run: (ctx, row) => ctx.list?.toggle(rowOf(ctx, row)),
  },
  {
    id: 'list.extendSelect',
    title: 'Extend selection to highlighted',
    group: 'List',
    keywords: ['range', 'shift'],
    shortcut: 'shift+x',
    scope: 'list',
    enabled: (ctx) => browsing(ctx) && ctx.cursor !== null,
    run: (ctx, row) => ctx.list?.extend(rowOf(ctx, row)),
  },
  {
    id: 'list.selectAll',
    title: 'Select all loaded (again: all matching)',
    group: 'List',
    keywords: ['check all', 'everything'],
    shortcut: 'mod+a',
    scope: 'list',
    enabled: browsing,
    run: (ctx) => ctx.list?.selectAll(),
  },
  {
    id: 'list.selectMatching',
    title: 'Select all matching',
    group: 'List',
    keywords: ['check all', 'every page', 'everything', 'filter'],
    scope: 'list',
    enabled: (ctx) =>
      browsing(ctx) && !!ctx.list && !ctx.list.state.matching && ctx.list.total() > ctx.list.state.selected.size,
    run: (ctx) => ctx.list?.selectMatching(),
  },
  {
    id: 'list.clearSelection',
    title: 'Clear selection',
    group: 'List',
    keywords: ['unselect', 'deselect', 'none'],
    scope: 'list',
    enabled: (ctx) => checked(ctx) > 0,
    run: (ctx) => ctx.list?.clear(),
  },
  {
    id: 'list.clearFilters',
    title: 'Clear filters',
    group: 'List',
    keywords: ['reset', 'show all', 'remove filters'],
    scope: 'list',
    enabled: (ctx) => (ctx.list?.filterCount() ?? 0) > 0,
    run: (ctx) => ctx.list?.clearFilters(),
  },
  {
    id: 'list.search',
    title: 'Search this list',
    group: 'List',
    keywords: ['filter', 'find'],
    shortcut: '/',
    scope: 'list',
    run: (ctx) => ctx.list?.focusSearch(),
  },
];
