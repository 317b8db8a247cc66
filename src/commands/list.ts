// The keys of whichever list screen is active (scope 'list'): one set for every list. Each
// calls a function of the screen's list model (src/store/listModel.ts); a row click and the
// palette run these same commands.
import type { PastePlan } from '../store/cellModel';
import { PasteRefused } from '../store/pasteRefused';
import { confirm } from '../ui/confirmStore';
import { CommandError } from './runner';
import type { Command, Ctx } from './types';

const browsing = (ctx: Ctx) => ctx.mode !== 'edit' && ctx.mode !== 'add';
const checked = (ctx: Ctx) => ctx.list?.selectedCount() ?? 0;
/** The table's cells (src/store/cellModel.ts), while the list can be a table and no cell editor is open. */
const table = (ctx: Ctx) => {
  const cells = ctx.mode === 'list' ? ctx.list?.cells : undefined;
  return cells?.state.table && !cells.state.edit ? cells : undefined;
};
/** …and a cell is active (the row is not the unit). */
const cellsOn = (ctx: Ctx) => {
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
    // again), of the selection, then of the cell cursor (back to rows).
    enabled: (ctx) => ctx.mode !== 'list' || checked(ctx) > 0 || !!cellsOn(ctx),
    run: (ctx) => {
      if (ctx.mode !== 'list') return ctx.list?.close();
      const cells = cellsOn(ctx);
      const refused = cells?.activeState();
      if (cells && refused && refused.status !== 'saving') return cells.reloadRow();
      if (checked(ctx) > 0) return ctx.list?.clear();
      cells?.leave();
    },
  },
  // ---- the table's cells (src/store/cellModel.ts): ←/→ between cells, ↑/↓ and j/k keep the column ----
  {
    id: 'list.cellNext',
    title: 'Next cell',
    group: 'List',
    keywords: ['column', 'right', 'table'],
    shortcut: 'arrowright',
    scope: 'list',
    palette: false,
    enabled: (ctx) => !!table(ctx),
    run: (ctx) => table(ctx)?.moveCol(1),
  },
  {
    id: 'list.cellPrev',
    title: 'Previous cell',
    group: 'List',
    keywords: ['column', 'left', 'table'],
    shortcut: 'arrowleft',
    scope: 'list',
    palette: false,
    enabled: (ctx) => !!cellsOn(ctx),
    run: (ctx) => cellsOn(ctx)?.moveCol(-1),
  },
  {
    id: 'list.cellFirst',
    title: 'First cell of the row',
    group: 'List',
    shortcut: 'home',
    scope: 'list',
    palette: false,
    enabled: (ctx) => !!table(ctx),
    run: (ctx) => table(ctx)?.toEdge('first'),
  },
  {
    id: 'list.cellLast',
    title: 'Last cell of the row',
    group: 'List',
    shortcut: 'end',
    scope: 'list',
    palette: false,
    enabled: (ctx) => !!table(ctx),
    run: (ctx) => table(ctx)?.toEdge('last'),
  },
  {
    id: 'list.editCell',
    title: 'Edit the active cell',
    group: 'List',
    keywords: ['change', 'cell', 'inline', 'table'],
    // Enter too (list.open edits an editable cell), and typing a character no command takes.
    shortcut: 'f2',
    scope: 'list',
    enabled: (ctx) => !!cellsOn(ctx)?.editable(),
    run: (ctx) => cellsOn(ctx)?.startEdit(),
  },
  {
    id: 'list.pasteColumn',
    title: 'Paste a column into the active column',
    selection: (n) => `Paste a column into ${n.toLocaleString()} selected rows`,
    group: 'List',
    keywords: ['paste', 'spreadsheet', 'excel', 'clipboard', 'column', 'bulk', 'fill'],
    shortcut: 'mod+v',
    // The clipboard's text comes with the browser's paste event (ResourceListView hands it
    // here); binding the key would cancel that event.
    nativeKey: true,
    scope: 'list',
    enabled: (ctx) => !!cellsOn(ctx)?.specOf(cellsOn(ctx)!.state.col),
    async run(ctx, arg) {
      const cells = cellsOn(ctx);
      if (!cells) return undefined;
      // From the palette: the clipboard read on request (the browser may ask to allow it).
      const text =
        typeof arg === 'string'
          ? arg
          : await navigator.clipboard.readText().catch(() => {
              throw new CommandError('The browser did not let the clipboard be read here: press Ctrl+V (⌘V) on the table instead.');
            });
      let plan: PastePlan;
      try {
        plan = await cells.planPaste(text);
      } catch (e) {
        throw e instanceof PasteRefused ? new CommandError(e.message) : e;
      }
      if (plan.kind === 'cell') {
        await cells.applyPaste(plan);
        return undefined;
      }
      const label = plan.spec.label;
      const many = cells.count(plan.count);
      const values = plan.kind === 'bulk' ? [plan.label] : [...new Set(plan.rows.map((r) => r.label))];
      const shown = (v: string) => (v === '' ? 'none' : `“${v}”`);
      const ok = await confirm({
        title: `Paste into ${label} of ${many}?`,
        body:
          values.length === 1
            ? `${label} becomes ${shown(values[0])} on ${plan.kind === 'bulk' && plan.target.where ? `all ${many} the list matches` : many}. You can undo this.`
            : `Each of the ${many} takes its own line, in list order. You can undo this.`,
        list: plan.kind === 'each' && values.length > 1 ? plan.rows.slice(0, 8).map((r) => `${cells.rowName(r.id)} → ${r.label === '' ? 'none' : r.label}`) : undefined,
        confirmLabel: `Paste into ${many}`,
      });
      if (!ok) return undefined;
      const done = await cells.applyPaste(plan);
      return { message: done.message, undo: () => cells.undo(done.token!) };
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
    enabled: (ctx) => browsing(ctx) && !!ctx.list && !ctx.list.state.matching && ctx.list.total() > ctx.list.state.selected.size,
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
