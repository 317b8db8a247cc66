// The table's cell cursor and its edits, per list screen (valtio, outside React), beside the
// list model whose row cursor it extends: the active column (null: the row is the unit, as in
// the split list), the open editor, and the cells whose save is on its way or was refused.
//
// A save is optimistic: the cell shows the new value in the frame after the key (the value is
// laid over the row here, the store keeps the server's rows), then the update goes out with
// the row's `version` and the answer replaces the row. Saves of one row go one after another,
// each with the version the last answer gave, so two quick edits of one row do not refuse each
// other. A refusal leaves the cell marked with the value typed, for another try: 409 with the
// server's row beside it, 422 with the field's message.
import { proxy, ref } from 'valtio';
import type { BulkAnswer, BulkTarget } from '@contract/bulk';
import type { ResourceContract } from '@contract/resource';
import { ApiError } from '../api/client';
import { errorText } from '../api/errorText';
import { cellSpec, loadChoices, parseCell, pastedColumn, type CellColumn, type CellSpec } from './cellFields';
import type { FilterDef } from './filters';
import type { ListModel } from './listModel';
import type { ResourceStore } from './resourceStore';
import { allows, type OpRule } from './role';
import { formatNumber } from '@/lib/format';

/** The words a conflict shows in its cell. */
export const CONFLICT_TEXT = 'Changed by someone else — reload the row';

/** A cell whose value is not (yet) the server's: saving, or refused. */
export interface CellState {
  status: 'saving' | 'conflict' | 'invalid' | 'failed';
  /** The value sent, and how it reads (a choice's name). */
  value: unknown;
  label: string;
  message?: string;
  /** 409: the record as the server has it now. */
  theirs?: Record<string, unknown>;
  seq: number;
}

/** The open editor: its cell, the text it starts with, and whether typing opened it (the key replaces the value). */
export interface CellEdit {
  id: number;
  col: string;
  initial: string;
  typed: boolean;
}

export interface CellModelState {
  /** The active column's key; null: no cell is active (the row is the unit). */
  col: string | null;
  /** The view shows the list as a table (nothing open, a wide window): cells exist. */
  table: boolean;
  /** The table's shown columns, in order. `ref`: replaced whole. */
  columns: readonly CellColumn[];
  edit: CellEdit | null;
  /** `${id}:${col}` → its state. */
  cells: Record<string, CellState>;
  /** The last outcome in words, for a polite live region (a refusal may come after the cursor moved on). */
  said: string;
}

/** Where the cursor goes once an edit is saved. */
export type After = 'down' | 'up' | 'right' | 'left' | 'stay';

/** What a paste will do, for the confirmation and then the call. */
export type PastePlan =
  | { kind: 'cell'; spec: CellSpec; id: number; value: unknown; label: string }
  | { kind: 'bulk'; spec: CellSpec; count: number; target: BulkTarget; value: unknown; label: string }
  | { kind: 'each'; spec: CellSpec; count: number; rows: { id: number; value: unknown; label: string }[] };

/** A paste refused before anything was asked or sent: the sentence says why. */
export class PasteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasteRefused';
  }
}

interface CellModelOptions<T extends { id: number }> {
  resource: Pick<ResourceContract, 'update' | 'entity' | 'files' | 'bulk'> & {
    ops: { bulkUpdate?: unknown; updateEach?: unknown; show?: unknown; update?: OpRule };
  };
  store: ResourceStore<T>;
  list: Pick<ListModel<T>, 'state' | 'move' | 'selectedCount' | 'selectedIds' | 'target' | 'clear'>;
  filters?: readonly FilterDef[];
  /** 'offer' / 'offers': the words of sentences. */
  noun: { one: string; many: string };
  /** How a record is named in a question ('Summer dining'). */
  describe?: (record: T) => string;
}

/** A cell saved, as the runner offers its undo (src/commands/runner.ts): its toast, and the step back. */
export interface CellSaved {
  message: string;
  /** Sets the cell back; resolves to its toast and the redo: the value saved again, as a new step. */
  undo: () => Promise<{ message: string; redo: () => Promise<CellSaved | undefined> }>;
}

/** An undo of a cell the server refused (the row changed since): the sentence says why. */
export class CellRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CellRefused';
  }
}

export const cellKey = (id: number, col: string) => `${id}:${col}`;

export function cellModel<T extends { id: number }>(o: CellModelOptions<T>) {
  const { store, list } = o;
  const state = proxy<CellModelState>({ col: null, table: false, columns: ref([]), edit: null, cells: {}, said: '' });
  const specs = new Map<string, CellSpec | null>();
  const queues = new Map<number, Promise<unknown>>();
  let seq = 0;
  /** A row by its name, for questions and toasts ('Summer dining'), else its id. */
  const rowName = (id: number) => {
    const r = store.find(id);
    return r && o.describe ? o.describe(r) : `${o.noun.one} ${id}`;
  };
  const count = (n: number) => `${formatNumber(n)} ${n === 1 ? o.noun.one : o.noun.many}`;

  /** How the column's cells are edited, or null: read-only (to a role that may not change the records, all are). */
  function specOf(col: string | null): CellSpec | null {
    if (col === null || !allows({ op: o.resource.ops.update })) return null;
    if (!specs.has(col)) {
      const column = state.columns.find((c) => c.key === col);
      specs.set(col, column ? cellSpec(o.resource, column, o.filters) : null);
    }
    return specs.get(col) ?? null;
  }

  /** The view says whether the list is a table now, and its columns. */
  function setTable(table: boolean, columns: readonly CellColumn[]) {
    if (columns.map((c) => c.key).join() !== state.columns.map((c) => c.key).join()) {
      state.columns = ref([...columns]);
      specs.clear();
    }
    state.table = table;
    if (!table) {
      state.edit = null;
      return;
    }
    if (state.col !== null && !columns.some((c) => c.key === state.col)) state.col = columns[0]?.key ?? null;
  }

  const active = () => state.table && state.col !== null;
  const index = () => state.columns.findIndex((c) => c.key === state.col);

  /** The cursor's row, made the first when there is none (a cell needs a row). */
  function ensureRow() {
    if (list.state.cursor === null) list.move(1);
  }

  /** ←/→: the cell beside (entering the cells at the first column). */
  function moveCol(delta: 1 | -1) {
    if (!state.table || !state.columns.length) return;
    ensureRow();
    const at = index();
    const next = at < 0 ? 0 : Math.min(state.columns.length - 1, Math.max(0, at + delta));
    state.col = state.columns[next].key;
  }

  /** Home/End: the row's first or last cell. */
  function toEdge(edge: 'first' | 'last') {
    if (!state.table || !state.columns.length) return;
    ensureRow();
    state.col = state.columns[edge === 'first' ? 0 : state.columns.length - 1].key;
  }

  /** Back to rows (Escape with nothing else to let go of). */
  function leave() {
    state.col = null;
    state.edit = null;
  }

  /** A click on a cell: that row and column. */
  function point(col: string) {
    if (state.table && state.columns.some((c) => c.key === col)) state.col = col;
  }

  /** The active cell's row, loaded. */
  const row = (): T | undefined => (list.state.cursor === null ? undefined : store.find(list.state.cursor));

  /** Whether Enter edits (an editable active cell on a loaded row) rather than opening the record. */
  const editable = () => active() && !!specOf(state.col) && !!row();

  /** The text an editor starts with: the value refused last, else the row's. */
  function textOf(spec: CellSpec, r: T): string {
    const mark = state.cells[cellKey(r.id, spec.col)];
    const v = mark ? mark.value : (r as Record<string, unknown>)[spec.field];
    return v === null || v === undefined ? '' : String(v);
  }

  /** Enter or F2 (typed: the printable key that opened it, which replaces the value). */
  function startEdit(typed?: string) {
    const r = row();
    const spec = specOf(state.col);
    if (!active() || !r || !spec) return;
    if (typed !== undefined && spec.kind === 'boolean') typed = undefined;
    state.edit = { id: r.id, col: spec.col, initial: typed ?? textOf(spec, r), typed: typed !== undefined };
  }

  /**
   * Escape in the editor: nothing saved, the cell as it was. The keys go back to the grid as
   * the editor leaves the page (ResourceListView, in the same frame): focusing the grid first
   * would lay the page out once more before that frame.
   */
  function cancel() {
    state.edit = null;
  }

  function go(after: After) {
    if (after === 'down') list.move(1);
    else if (after === 'up') list.move(-1);
    else if (after === 'right') moveCol(1);
    else if (after === 'left') moveCol(-1);
  }

  /**
   * Enter or Tab in the editor: the value (parsed by the editor) painted at once and saved;
   * the cursor moves on at once too, and the keys stay on the grid. Resolves, once saved, to
   * an undoable write as the runner takes it (src/commands/runner.ts `{ message, undo }`,
   * src/store/undo.ts): the editor runs it as a command (src/commands/cellCommands.ts
   * `list.saveCell`), so mod+z sets the cell back like any other change.
   */
  function commit(value: unknown, label: string, after: After): Promise<CellSaved | undefined> | undefined {
    const edit = state.edit;
    state.edit = null;
    if (!edit) return undefined;
    const r = store.find(edit.id) as Record<string, unknown> | undefined;
    const spec = specOf(edit.col);
    const mark = state.cells[cellKey(edit.id, edit.col)];
    let saving: Promise<CellSaved | undefined> | undefined;
    // Unchanged (and not refused before): nothing to send.
    if (spec && r && (mark || !same(r[spec.field], value))) saving = saveStep(edit.id, spec, value, label);
    go(after);
    return saving;
  }

  /** Saves a cell as one undo step: resolves to it once saved, to nothing when refused (the cell says why). */
  function saveStep(id: number, spec: CellSpec, value: unknown, label: string): Promise<CellSaved | undefined> {
    const r = store.find(id) as Record<string, unknown> | undefined;
    // The server's value before (not a refused one typed over it): what undo sets back.
    const before = r?.[spec.field] ?? null;
    const beforeLabel = r ? labelOf(spec, r) : '';
    return save(id, spec, value, label).then((ok) =>
      ok
        ? {
            message: saidOf('Saved', id, spec),
            undo: () => setBack(id, spec, before, beforeLabel, () => saveStep(id, spec, value, label)),
          }
        : undefined,
    );
  }

  /** How a row's field reads in its cell: a reference by the name shown beside it. */
  function labelOf(spec: CellSpec, r: Record<string, unknown>): string {
    const v = r[spec.shows ?? spec.field];
    return v === null || v === undefined ? '' : String(v);
  }

  /** 'Saved Name of card “Gold”.' (the row named as it is now). */
  const saidOf = (verb: string, id: number, spec: CellSpec) =>
    `${verb} ${spec.label} of ${o.noun.one} “${rowName(id)}”.`;

  /**
   * An undo of a cell: the value before, through the same save (chained after the row's other
   * saves, with the version the row has then), so an edit made since is refused as a conflict
   * rather than overwritten. A refusal rejects with the cell's sentence, for the undo's toast.
   */
  async function setBack(
    id: number,
    spec: CellSpec,
    value: unknown,
    label: string,
    redo: () => Promise<CellSaved | undefined>,
  ): Promise<{ message: string; redo: () => Promise<CellSaved | undefined> }> {
    if (await save(id, spec, value, label)) return { message: saidOf('Undid:', id, spec), redo };
    const mark = state.cells[cellKey(id, spec.col)];
    throw new CellRefused(`${spec.label} was not set back: ${mark?.message ?? errorText(undefined, null)}`);
  }

  /** Saves one cell: painted now, sent after the row's earlier saves with the version they left. Resolves to whether it saved. */
  function save(id: number, spec: CellSpec, value: unknown, label: string): Promise<boolean> {
    const key = cellKey(id, spec.col);
    const mine = ++seq;
    state.cells[key] = { status: 'saving', value, label, seq: mine };
    const ours = () => state.cells[key]?.seq === mine;
    const run = async () => {
      const current = store.find(id) as (T & { version?: number }) | undefined;
      try {
        if (!current) throw new Error(`This ${o.noun.one} is no longer in the list.`);
        const res = await store.client.update(id, { [spec.field]: value, version: current.version });
        store.replace(res.data);
        if (ours()) {
          delete state.cells[key];
          state.said = `Saved ${spec.label}.`;
        }
        return true;
      } catch (e) {
        if (ours()) await refused(id, spec, key, e);
        return false;
      }
    };
    // Sent once the frame's work is handed to React (a task later), so the paint does not wait on the request being made.
    const queued = (queues.get(id) ?? Promise.resolve()).then(
      () => new Promise<boolean>((go) => setTimeout(() => void run().then(go), 0)),
    );
    queues.set(id, queued);
    void queued.finally(() => queues.get(id) === queued && queues.delete(id));
    return queued;
  }

  /** A save refused: the cell keeps the value typed, marked with why. */
  async function refused(id: number, spec: CellSpec, key: string, e: unknown) {
    const was = state.cells[key];
    if (e instanceof ApiError && e.status === 409) {
      // The record as it is now, beside the value typed; the row takes it (and its version).
      let theirs: Record<string, unknown> | undefined;
      if (o.resource.ops.show) {
        theirs = await store.show(id).then(
          (r) => r.data as Record<string, unknown>,
          () => undefined,
        );
      } else await store.load().catch(() => undefined);
      if (state.cells[key]?.seq !== was.seq) return;
      state.cells[key] = { ...was, status: 'conflict', message: CONFLICT_TEXT, theirs: theirs && ref(theirs) };
      state.said = `${spec.label} not saved: ${CONFLICT_TEXT.toLowerCase()}.`;
      return;
    }
    const message =
      e instanceof ApiError
        ? (e.fieldErrors[spec.field] ?? errorText(e.method, e.body))
        : e instanceof Error
          ? e.message
          : errorText(undefined, null);
    state.cells[key] = { ...was, status: e instanceof ApiError && e.status === 422 ? 'invalid' : 'failed', message };
    state.said = `${spec.label} not saved: ${message}`;
  }

  /** Escape on a refused cell: the value typed goes, and the row is fetched again. */
  function reloadRow(id: number | null = list.state.cursor) {
    if (id === null) return;
    for (const key of Object.keys(state.cells))
      if (key.startsWith(`${id}:`) && state.cells[key].status !== 'saving') delete state.cells[key];
    if (o.resource.ops.show) store.show(id).catch(() => undefined);
  }

  /** The active cell's state, when it has one. */
  const activeState = (): CellState | undefined =>
    list.state.cursor === null || state.col === null ? undefined : state.cells[cellKey(list.state.cursor, state.col)];

  /** Settled once every save under way has its answer (tests, the bench). */
  const idle = () => Promise.all([...queues.values()]).then(() => undefined);

  // ---- paste ----

  /**
   * What pasting `text` into the active column does: with rows picked, one value into all of
   * them (the bulk call when the field is a bulk one, by ids or by the list's filter) or one
   * line per picked row, in list order; with none, the active cell and, line by line, the rows
   * below it. Refused (PasteRefused) before anything is asked when a line names no choice
   * (naming the line), the lines do not match the rows, or the rows are not loaded.
   */
  async function planPaste(text: string): Promise<PastePlan> {
    const spec = specOf(state.col);
    if (!active()) throw new PasteRefused('Pick a column first: → moves from the row to its cells.');
    if (!spec) throw new PasteRefused(`${state.columns[index()]?.label ?? 'This column'} cannot be edited here.`);
    const column = pastedColumn(text);
    if (!column.ok) throw new PasteRefused(column.error);
    const options = spec.kind === 'choice' || spec.kind === 'boolean' ? await loadChoices(spec) : [];
    const values = column.lines.map((line, i) => {
      const p = parseCell(spec, line, options);
      if (!p.ok) throw new PasteRefused(column.lines.length > 1 ? `Line ${i + 1}: ${p.error}` : p.error);
      return p;
    });
    const oneValue = values.every((v) => same(v.value, values[0].value));
    const picked = list.selectedCount();
    const loaded = (ids: readonly number[]) => ids.every((id) => store.find(id));

    if (picked === 0) {
      const cursor = list.state.cursor;
      const items = store.state.items;
      const from = items.findIndex((r) => r.id === cursor);
      if (cursor === null || from < 0) throw new PasteRefused('Pick a row first: j and k move between rows.');
      if (values.length === 1)
        return { kind: 'cell', spec, id: cursor, value: values[0].value, label: values[0].label };
      const rows = items.slice(from, from + values.length);
      if (rows.length < values.length)
        throw new PasteRefused(
          `${values.length} lines, but only ${count(rows.length)} from here down: load more rows, or paste fewer lines.`,
        );
      return {
        kind: 'each',
        spec,
        count: rows.length,
        rows: rows.map((r, i) => ({ id: r.id, value: values[i].value, label: values[i].label })),
      };
    }

    const ids = list.selectedIds();
    const allLoaded = !list.state.matching || (loaded(ids) && ids.length === picked);
    if (oneValue && (values.length === 1 || values.length === picked)) {
      if (o.resource.bulk?.includes(spec.field) && o.resource.ops.bulkUpdate)
        return {
          kind: 'bulk',
          spec,
          count: picked,
          target: list.target(),
          value: values[0].value,
          label: values[0].label,
        };
      if (!allLoaded || !loaded(ids))
        throw new PasteRefused(
          `${spec.label} is changed row by row: pick loaded rows (x) rather than all ${count(picked)} matching.`,
        );
      return {
        kind: 'each',
        spec,
        count: ids.length,
        rows: ids.map((id) => ({ id, value: values[0].value, label: values[0].label })),
      };
    }
    if (values.length !== picked)
      throw new PasteRefused(
        `${values.length} lines for ${count(picked)} selected: paste one value, or one line per selected row.`,
      );
    if (!allLoaded || !loaded(ids))
      throw new PasteRefused(
        `Different values go row by row: pick loaded rows (x) rather than all ${count(picked)} matching.`,
      );
    return {
      kind: 'each',
      spec,
      count: ids.length,
      rows: ids.map((id, i) => ({ id, value: values[i].value, label: values[i].label })),
    };
  }

  /** Makes a planned paste (after it was confirmed): one call, one undo token (none for one cell). */
  async function applyPaste(plan: PastePlan): Promise<{ message: string; token?: string }> {
    if (plan.kind === 'cell') {
      await save(plan.id, plan.spec, plan.value, plan.label);
      return { message: '' };
    }
    let answer: BulkAnswer;
    if (plan.kind === 'bulk') {
      answer = await store.bulk('bulkUpdate', plan.target, { [plan.spec.field]: plan.value });
      // Checked rows stay checked for a second change; "all matching" may match others now.
      if (plan.target.where) list.clear();
    } else {
      const rows = plan.rows.map((r) => {
        const current = store.find(r.id) as { version?: number } | undefined;
        if (!current?.version)
          throw new PasteRefused(`A row to paste into is no longer in the list: nothing was pasted.`);
        return { id: r.id, version: current.version, set: { [plan.spec.field]: r.value } };
      });
      answer = await store.updateEach(rows);
    }
    return { message: `Set ${plan.spec.label} of ${count(answer.data.count)}.`, token: answer.data.undo };
  }

  return {
    state,
    specOf,
    setTable,
    active,
    editable,
    moveCol,
    toEdge,
    leave,
    point,
    startEdit,
    cancel,
    commit,
    saveStep,
    reloadRow,
    activeState,
    idle,
    planPaste,
    applyPaste,
    count,
    rowName,
    undo: (token: string) => store.undo(token),
  };
}

export type CellModel = ReturnType<typeof cellModel>;

/** Two values the same for a save: null and '' are both "none"; numbers and their text alike. */
function same(a: unknown, b: unknown): boolean {
  const none = (v: unknown) => v === null || v === undefined || v === '';
  if (none(a) || none(b)) return none(a) && none(b);
  return String(a) === String(b);
}
