// The keys of the table's cells (src/store/cellModel.ts), in the list scope beside the list's
// own (./list.ts: ↑/↓ and j/k keep the column, Enter edits an editable cell, Esc leaves it).
// Registered with the screens' commands (src/app/installCommands.ts laterCommands), which a list
// screen fetches as it opens: the table exists only there, and these keep the cell model's
// code out of the signed-in shell that every screen downloads first.
import {
  CellRefused,
  PasteRefused,
  type After,
  type CellModel,
  type CellSaved,
  type PastePlan,
} from '../store/cellModel';
import { confirm } from '../ui/confirmStore';
import { cellsOn, table } from './list';
import { CommandError } from './runner';
import type { Command } from './types';
import { formatNumber } from '@/lib/format';

/** What the editor hands `list.saveCell`: its model and the value it parsed. */
export interface CellSave {
  cells: CellModel;
  value: unknown;
  label: string;
  after: After;
}

/**
 * A cell's save as the runner takes an undoable write: `{ message, undo }`, its refusal a
 * sentence to show. The undo resolves with its redo, the save again, undoable the same way.
 */
type Step = { message: string; undo: () => Promise<{ message: string; redo: () => Promise<Step | undefined> }> };
const undoable = (saving: Promise<CellSaved | undefined> | undefined): Promise<Step | undefined> | undefined =>
  saving?.then((saved) =>
    saved
      ? {
          message: saved.message,
          undo: () =>
            saved.undo().then(
              (undone) => ({
                message: undone.message,
                redo: () => undoable(undone.redo()) ?? Promise.resolve(undefined),
              }),
              (e: unknown) => {
                throw e instanceof CellRefused ? new CommandError(e.message) : e;
              },
            ),
        }
      : undefined,
  );

export const cellCommands: Command[] = [
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
    // The editor's Enter, Tab or leaving click: the save runs here, not straight from the editor,
    // so it is an undoable write like any other (src/store/undo.ts): its toast offers Undo and
    // mod+z sets the cell back. Its argument carries the editor's model: while the editor is
    // open the cell commands above are off (./list.ts `table`), and the save must not be.
    id: 'list.saveCell',
    title: 'Save the edited cell',
    group: 'List',
    scope: 'list',
    anywhere: true,
    palette: false,
    run(_ctx, arg) {
      const { cells, value, label, after } = arg as CellSave;
      return undoable(cells.commit(value, label, after));
    },
  },
  {
    id: 'list.pasteColumn',
    title: 'Paste a column into the active column',
    selection: (n) => `Paste a column into ${formatNumber(n)} selected rows`,
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
              throw new CommandError(
                'The browser did not let the clipboard be read here: press Ctrl+V (⌘V) on the table instead.',
              );
            });
      let plan: PastePlan;
      try {
        plan = await cells.planPaste(text);
      } catch (e) {
        throw e instanceof PasteRefused ? new CommandError(e.message) : e;
      }
      // One cell: saved as if typed into it, undone the same way.
      if (plan.kind === 'cell') return undoable(cells.saveStep(plan.id, plan.spec, plan.value, plan.label));
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
        list:
          plan.kind === 'each' && values.length > 1
            ? plan.rows.slice(0, 8).map((r) => `${cells.rowName(r.id)} → ${r.label === '' ? 'none' : r.label}`)
            : undefined,
        confirmLabel: `Paste into ${many}`,
      });
      if (!ok) return undefined;
      const done = await cells.applyPaste(plan);
      return { message: done.message, undo: () => cells.undo(done.token!) };
    },
  },
];
