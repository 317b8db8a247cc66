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
import { cellModel, type After, type CellModel } from '../store/cellModel';
import { CATEGORIES, fakeOfferServer, type Row } from '../store/cellModelFake';
import { refFilter } from '../store/filters';
import { listModel } from '../store/listModel';
import { resourceStore } from '../store/resourceStore';
import { memoryRouter } from '../store/router';
import { dropRedo, dropUndo, undoNow } from '../store/undo';
import { cellCommands, type CellSave } from './cellCommands';
import { appCommands, NOTHING_TO_REDO, NOTHING_TO_UNDO } from './navigation';
import { register } from './registry';
import { runCommand } from './runner';

async function setup() {
  const server = fakeOfferServer(2);
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

register(
  ...cellCommands.filter((c) => c.id === 'list.saveCell'),
  ...appCommands.filter((c) => c.id === 'app.undo' || c.id === 'app.redo'),
);

/** As the editor saves (src/screens/listTable/CellEditor.tsx). */
const saveCell = (cells: CellModel, value: unknown, label: string, after: After = 'stay') =>
  runCommand('list.saveCell', 'hotkey', { cells, value, label, after } satisfies CellSave);
const toasts = () => toast.success.mock.calls.map((c) => c[0] as string);

afterEach(() => {
  dropUndo();
  dropRedo();
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

  it("mod+shift+z saves the value again, named 'Redid: …'; that redo is undone like any save", async () => {
    const { server, store, cells } = await setup();
    cells.moveCol(1);
    cells.startEdit();
    await saveCell(cells, 'Renamed', 'Renamed');
    await runCommand('app.undo', 'hotkey');
    expect(store.find(1)).toMatchObject({ title: 'Offer 1', version: 3 });

    await runCommand('app.redo', 'hotkey');
    expect(server.sent.at(-1)).toEqual({ title: 'Renamed', version: 3 });
    expect(store.find(1)).toMatchObject({ title: 'Renamed', version: 4 });
    expect(toasts()).toEqual([
      'Saved Title of offer “Renamed”.',
      'Undid: Title of offer “Offer 1”.',
      'Redid: saved Title of offer “Renamed”.',
    ]);
    expect(await runCommand('app.redo', 'hotkey')).toEqual({ message: NOTHING_TO_REDO });

    await runCommand('app.undo', 'hotkey');
    expect(server.sent.at(-1)).toEqual({ title: 'Offer 1', version: 4 });
    expect(toasts().at(-1)).toBe('Undid: Title of offer “Offer 1”.');
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
