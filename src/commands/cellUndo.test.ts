// A cell saved in the table is an undo step like any other write: the editor runs its save
// through the runner (./cellCommands.ts `list.saveCell`), whose toast offers Undo and whose
// offer `app.undo` (mod+z, ./navigation.ts) takes (src/store/undo.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  loading: vi.fn(() => 'loading-id'),
  message: vi.fn(),
  dismiss: vi.fn(),
}));
vi.mock('../ui/toast', () => ({ toast, toastsSent: () => 0 }));

import { offerResource } from '@contract/offer';
import { ApiError } from '../api/client';
import type { Payload, ResourceClient } from '../api/resourceClient';
import { cellModel, type After, type CellModel } from '../store/cellModel';
import { refFilter } from '../store/filters';
import { listModel } from '../store/listModel';
import { resourceStore } from '../store/resourceStore';
import { memoryRouter } from '../store/router';
import { dropUndo, undoNow } from '../store/undo';
import { cellCommands, type CellSave } from './cellCommands';
import { appCommands, NOTHING_TO_UNDO } from './navigation';
import { register } from './registry';
import { runCommand } from './runner';

interface Row {
  id: number;
  title: string;
  discount: string;
  category_id: number | null;
  category_name: string | null;
  version: number;
}

const CATEGORIES = [
  { value: '1', label: 'Dining' },
  { value: '2', label: 'Travel' },
];

/** The server in memory: an update checks the version (409 when stale) and the title's length (422). */
function fakeServer() {
  let rows: Row[] = [1, 2].map((id) => ({
    id,
    title: `Offer ${id}`,
    discount: '5%',
    category_id: 1,
    category_name: 'Dining',
    version: 1,
  }));
  const sent: Payload[] = [];
  const client: ResourceClient<Row> = {
    async list() {
      const n = rows.length;
      return {
        data: rows,
        pagination: { page: 1, per_page: 50, current_page: 1, total: n, first_page: 1, last_page: 1, from: 1, to: n },
      };
    },
    async show(id) {
      return { message: '', data: rows.find((r) => r.id === id)! };
    },
    add: () => Promise.reject(new Error('no')),
    remove: () => Promise.reject(new Error('no')),
    async update(id, data) {
      const body = data as Payload;
      sent.push(body);
      const row = rows.find((r) => r.id === id)!;
      if (body.version !== row.version)
        throw new ApiError(409, 'POST', { message: 'Changed by someone else.', errors: { version: ['stale'] } });
      if (typeof body.title === 'string' && body.title.length < 3)
        throw new ApiError(422, 'POST', {
          message: 'Too short.',
          errors: { title: ['Title must be 3 characters or more.'] },
        });
      const next: Row = { ...row, ...(body as Partial<Row>), version: row.version + 1 };
      if ('category_id' in body)
        next.category_name = CATEGORIES.find((c) => Number(c.value) === body.category_id)?.label ?? null;
      rows = rows.map((r) => (r.id === id ? next : r));
      return { message: 'Offer updated successfully!', data: next };
    },
  };
  return {
    client,
    sent,
    row: (id: number) => rows.find((r) => r.id === id)!,
    /** Someone else edits a row. */
    change: (id: number, patch: Partial<Row>) =>
      (rows = rows.map((r) => (r.id === id ? { ...r, ...patch, version: r.version + 1 } : r))),
  };
}

async function setup() {
  const server = fakeServer();
  const store = resourceStore<Row>(offerResource, { client: server.client });
  const list = listModel<Row>({
    store,
    routes: { list: '/offer-list', view: '/view-offer/:id', edit: '/edit-offer/:id', add: '/add-offer' },
    filterKeys: [],
    canShow: true,
    one: 'offer',
    router: memoryRouter('/offer-list'),
  });
  list.activate();
  await store.load();
  const cells = cellModel<Row>({
    resource: offerResource,
    store,
    list,
    filters: [refFilter('category', 'Category', 'All categories', async () => CATEGORIES)],
    noun: { one: 'offer', many: 'offers' },
    describe: (r) => r.title,
  });
  cells.setTable(true, [
    { key: 'title', label: 'Title' },
    { key: 'category_name', label: 'Category' },
  ]);
  return { server, store, cells };
}

register(...cellCommands.filter((c) => c.id === 'list.saveCell'), ...appCommands.filter((c) => c.id === 'app.undo'));

/** As the editor saves (src/screens/listTable/CellEditor.tsx). */
const saveCell = (cells: CellModel, value: unknown, label: string, after: After = 'stay') =>
  runCommand('list.saveCell', 'hotkey', { cells, value, label, after } satisfies CellSave);
const toasts = () => toast.success.mock.calls.map((c) => c[0] as string);

afterEach(() => {
  dropUndo();
  vi.clearAllMocks();
});

describe('a cell saved in the table, undone', () => {
  it('mod+z sets the cell back by the update, with the version the row has then; the toasts name the cell', async () => {
    const { server, store, cells } = await setup();
    expect(undoNow()).toBeNull();
    cells.moveCol(1);
    cells.startEdit();
    await saveCell(cells, 'Renamed', 'Renamed');
    expect(store.find(1)).toMatchObject({ title: 'Renamed', version: 2 });
    expect(toasts()).toEqual(['Saved Title of offer “Renamed”.']);
    expect(undoNow()).not.toBeNull();

    await runCommand('app.undo', 'hotkey');
    expect(server.sent).toEqual([
      { title: 'Renamed', version: 1 },
      { title: 'Offer 1', version: 2 },
    ]);
    expect(store.find(1)).toMatchObject({ title: 'Offer 1', version: 3 });
    expect(toasts()[1]).toBe('Undid: Title of offer “Offer 1”.');
    // One step: nothing is left to undo.
    expect(undoNow()).toBeNull();
    expect(await runCommand('app.undo', 'hotkey')).toEqual({ message: NOTHING_TO_UNDO });
  });

  it('a reference goes back to its old choice, named as before', async () => {
    const { server, store, cells } = await setup();
    cells.toEdge('last');
    cells.startEdit();
    await saveCell(cells, 2, 'Travel');
    expect(store.find(1)).toMatchObject({ category_id: 2, category_name: 'Travel' });
    await runCommand('app.undo', 'hotkey');
    expect(server.sent.at(-1)).toEqual({ category_id: 1, version: 2 });
    expect(store.find(1)).toMatchObject({ category_id: 1, category_name: 'Dining' });
    expect(cells.state.cells).toEqual({});
  });

  it('an undo the server refuses (the row changed since) overwrites nothing and says why', async () => {
    const { server, cells } = await setup();
    cells.moveCol(1);
    cells.startEdit();
    await saveCell(cells, 'Renamed', 'Renamed');
    server.change(1, { title: 'Theirs' });
    await runCommand('app.undo', 'hotkey');
    expect(server.row(1).title).toBe('Theirs');
    expect(toast.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Title was not set back: Changed by someone else/),
      expect.anything(),
    );
  });

  it('a refused save offers no undo', async () => {
    const { cells } = await setup();
    cells.moveCol(1);
    cells.startEdit();
    await saveCell(cells, 'ab', 'ab');
    expect(cells.state.cells['1:title']).toMatchObject({ status: 'invalid' });
    expect(undoNow()).toBeNull();
    expect(toasts()).toEqual([]);
  });
});
