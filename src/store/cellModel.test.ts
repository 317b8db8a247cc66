import { describe, expect, it } from 'vitest';
import { offerResource } from '@contract/offer';
import { cellModel, CONFLICT_TEXT, PasteRefused } from './cellModel';
import { CATEGORIES, fakeOfferServer, type Row } from './cellModelFake';
import { refFilter } from './filters';
import { listModel } from './listModel';
import { resourceStore } from './resourceStore';
import { memoryRouter } from './router';

const COLUMNS = [
  { key: 'title', label: 'Title' },
  { key: 'discount', label: 'Discount' },
  { key: 'state', label: 'State' },
  { key: 'category_name', label: 'Category' },
];

async function setup(n = 5) {
  const server = fakeOfferServer(n);
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
  cells.setTable(true, COLUMNS);
  return { server, store, list, cells };
}

describe('the cell cursor', () => {
  it('→ enters the row’s cells at the first; ←/→ stop at the ends; Home/End; ↑/↓ keep the column; Escape leaves', async () => {
    const { list, cells } = await setup();
    expect(cells.active()).toBe(false);
    cells.moveCol(1);
    expect([list.state.cursor, cells.state.col]).toEqual([1, 'title']);
    cells.moveCol(-1);
    expect(cells.state.col).toBe('title');
    cells.toEdge('last');
    expect(cells.state.col).toBe('category_name');
    cells.moveCol(1);
    expect(cells.state.col).toBe('category_name');
    list.move(1);
    expect([list.state.cursor, cells.state.col]).toEqual([2, 'category_name']);
    cells.toEdge('first');
    cells.moveCol(1);
    expect(cells.state.col).toBe('discount');
    cells.leave();
    expect(cells.active()).toBe(false);
  });

  it('has no cells while the list is no table; a hidden active column hands over to the first', async () => {
    const { cells } = await setup();
    cells.toEdge('last');
    cells.setTable(true, COLUMNS.slice(0, 2));
    expect(cells.state.col).toBe('title');
    cells.setTable(false, COLUMNS.slice(0, 2));
    expect(cells.active()).toBe(false);
    cells.moveCol(1);
    expect(cells.state.col).toBe('title'); // unchanged: no table, no moves
  });

  it('edits where the contract lets it: Enter on State (computed) is no edit', async () => {
    const { cells } = await setup();
    cells.moveCol(1);
    expect(cells.editable()).toBe(true);
    cells.moveCol(1);
    cells.moveCol(1);
    expect(cells.state.col).toBe('state');
    expect(cells.editable()).toBe(false);
    cells.startEdit();
    expect(cells.state.edit).toBeNull();
  });
});

describe('saving a cell', () => {
  it('shows the value at once, sends only the field and the version, moves on, and takes the server’s row', async () => {
    const { server, store, list, cells } = await setup();
    cells.moveCol(1);
    cells.startEdit();
    expect(cells.state.edit).toMatchObject({ id: 1, col: 'title', initial: 'Offer 1', typed: false });
    server.hold();
    const saving = cells.commit('Renamed', 'Renamed', 'down');
    // Painted and moved before any answer: the cell holds the value, the store still the server's row.
    expect(cells.state.cells['1:title']).toMatchObject({ status: 'saving', value: 'Renamed' });
    expect(store.find(1)!.title).toBe('Offer 1');
    expect([list.state.cursor, cells.state.col, cells.state.edit]).toEqual([2, 'title', null]);
    server.release();
    await saving;
    expect(server.sent).toEqual([{ title: 'Renamed', version: 1 }]);
    expect(store.find(1)).toMatchObject({ title: 'Renamed', version: 2 });
    expect(cells.state.cells['1:title']).toBeUndefined();
  });

  it('typing opens the editor with the key as its text; an unchanged value sends nothing', async () => {
    const { server, cells } = await setup();
    cells.moveCol(1);
    cells.startEdit('Z');
    expect(cells.state.edit).toMatchObject({ initial: 'Z', typed: true });
    cells.cancel();
    cells.startEdit();
    await cells.commit('Offer 1', 'Offer 1', 'right');
    expect(server.sent).toEqual([]);
    expect(cells.state.col).toBe('discount');
  });

  it('saves two cells of one row one after the other, the second with the version the first left', async () => {
    const { server, store, cells } = await setup();
    cells.moveCol(1);
    server.hold();
    cells.startEdit();
    const a = cells.commit('First edit', 'First edit', 'right');
    cells.startEdit();
    const b = cells.commit('50%', '50%', 'stay');
    server.release();
    await Promise.all([a, b]);
    await cells.idle();
    expect(server.sent).toEqual([
      { title: 'First edit', version: 1 },
      { discount: '50%', version: 2 },
    ]);
    expect(store.find(1)).toMatchObject({ title: 'First edit', discount: '50%', version: 3 });
  });

  it('409: the cell keeps the value typed, marked, with the server’s row beside it; Escape takes the server’s', async () => {
    const { server, store, cells } = await setup();
    server.change(1, { title: 'Theirs' });
    cells.moveCol(1);
    cells.startEdit();
    await cells.commit('Mine', 'Mine', 'stay');
    expect(cells.state.cells['1:title']).toMatchObject({
      status: 'conflict',
      value: 'Mine',
      message: CONFLICT_TEXT,
      theirs: { title: 'Theirs', version: 2 },
    });
    expect(store.find(1)).toMatchObject({ title: 'Theirs', version: 2 });
    // Editing it again starts from the value typed, and saves over the version now known.
    cells.startEdit();
    expect(cells.state.edit?.initial).toBe('Mine');
    cells.cancel();
    cells.reloadRow();
    expect(cells.state.cells['1:title']).toBeUndefined();
  });

  it('422: the field’s message in the cell, the value kept for correction', async () => {
    const { cells } = await setup();
    cells.moveCol(1);
    cells.startEdit();
    await cells.commit('ab', 'ab', 'stay');
    expect(cells.state.cells['1:title']).toMatchObject({
      status: 'invalid',
      value: 'ab',
      message: 'Title must be 3 characters or more.',
    });
    cells.startEdit();
    await cells.commit('abc', 'abc', 'stay');
    expect(cells.state.cells['1:title']).toBeUndefined();
  });

  it('a choice shows its name in the cell before the answer', async () => {
    const { server, cells } = await setup();
    cells.toEdge('last');
    server.hold();
    cells.startEdit();
    const saving = cells.commit(2, 'Travel', 'stay');
    expect(cells.state.cells['1:category_name']).toMatchObject({ value: 2, label: 'Travel' });
    expect(cells.specOf('category_name')?.shows).toBe('category_name');
    server.release();
    await saving;
    expect(server.row(1)).toMatchObject({ category_id: 2, category_name: 'Travel' });
  });
});

describe('planning a paste', () => {
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'planned',
      (e: unknown) => (e instanceof PasteRefused ? e.message : `other: ${String(e)}`),
    );

  it('one value into the picked rows of a bulk field: the bulk call, by ids', async () => {
    const { list, cells } = await setup();
    cells.toEdge('last');
    list.toggle(1);
    list.toggle(3);
    expect(await cells.planPaste('travel\n')).toMatchObject({
      kind: 'bulk',
      count: 2,
      target: { ids: [1, 3] },
      value: 2,
      label: 'Travel',
    });
  });

  it('one line per picked row, in list order: each row its own value', async () => {
    const { list, cells } = await setup();
    cells.toEdge('last');
    list.toggle(3);
    list.toggle(1);
    const plan = await cells.planPaste('Travel\nDining');
    expect(plan).toMatchObject({
      kind: 'each',
      count: 2,
      rows: [
        { id: 1, value: 2 },
        { id: 3, value: 1 },
      ],
    });
  });

  it('one value into picked rows of a field changed row by row (a title): row by row', async () => {
    const { list, cells } = await setup();
    cells.moveCol(1);
    list.toggle(2);
    list.toggle(4);
    expect(await cells.planPaste('Same title')).toMatchObject({
      kind: 'each',
      rows: [
        { id: 2, value: 'Same title' },
        { id: 4, value: 'Same title' },
      ],
    });
  });

  it('with nothing picked: the active cell, or line by line from it down', async () => {
    const { list, cells } = await setup();
    cells.moveCol(1);
    list.move(1);
    expect(await cells.planPaste('One')).toMatchObject({ kind: 'cell', id: 2, value: 'One' });
    expect(await cells.planPaste('A\nB\nC')).toMatchObject({ kind: 'each', rows: [{ id: 2 }, { id: 3 }, { id: 4 }] });
    expect(await refusal(cells.planPaste('A\nB\nC\nD\nE'))).toBe(
      '5 lines, but only 4 offers from here down: load more rows, or paste fewer lines.',
    );
  });

  it('refuses before asking: a name that is no choice (naming the line), lines that do not match the rows, several columns, a read-only column', async () => {
    const { list, cells } = await setup();
    cells.toEdge('last');
    list.toggle(1);
    list.toggle(2);
    expect(await refusal(cells.planPaste('Dining\nDinning\n'))).toBe('Line 2: “Dinning” is no category.');
    expect(await refusal(cells.planPaste('Dining\nTravel\nDining'))).toBe(
      '3 lines for 2 offers selected: paste one value, or one line per selected row.',
    );
    expect(await refusal(cells.planPaste('Dining\tTravel'))).toBe('Copy one column: line 1 has 2 cells.');
    cells.moveCol(-1);
    expect(cells.state.col).toBe('state');
    expect(await refusal(cells.planPaste('Live'))).toBe('State cannot be edited here.');
  });

  it('all matching, beyond the loaded rows: one value of a bulk field goes by the filter; anything row by row is refused', async () => {
    const { list, cells, store } = await setup();
    cells.toEdge('last');
    // "All 120 matching": more than are loaded.
    void list.selectAll();
    list.state.matching = true;
    list.state.matchingCount = 120;
    expect(await cells.planPaste('Dining')).toMatchObject({
      kind: 'bulk',
      count: 120,
      target: { where: store.where(), expect: 120 },
    });
    expect(await refusal(cells.planPaste('Dining\nTravel'))).toMatch(/^2 lines for 120 offers selected/);
    cells.toEdge('first');
    expect(await refusal(cells.planPaste('Same title'))).toBe(
      'Title is changed row by row: pick loaded rows (x) rather than all 120 offers matching.',
    );
  });
});
