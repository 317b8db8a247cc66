import { describe, expect, it } from 'vitest';
import type { ListParams, Payload, ResourceClient } from '../api/resourceClient';
import { ApiError } from '../api/client';
import { resourceStore, UNKNOWN_ERROR } from './resourceStore';

interface Row {
  id: number;
  name: string;
  kind?: string;
}

/** An in-memory stand-in for the HTTP client: pages, query filter, and failures on demand. */
function fakeClient(total = 120) {
  let rows: Row[] = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Bank ${i + 1}`, kind: (i + 1) % 2 ? 'odd' : 'even' }));
  let nextId = total + 1;
  const calls: string[] = [];
  let fail: ApiError | null = null;
  const failNext = (e: ApiError) => {
    fail = e;
  };
  /** Removing this id fails with a 409 (still in use). */
  let stuck: number | null = null;
  const failRemoveOf = (id: number | null) => {
    stuck = id;
  };
  const check = () => {
    if (fail) {
      const e = fail;
      fail = null;
      throw e;
    }
  };
  const client: ResourceClient<Row> = {
    async list({ query = '', page = 1, per_page = 50, filters = {}, sort }: ListParams) {
      calls.push(`list ${query} ${page}${Object.keys(filters).length ? ' ' + JSON.stringify(filters) : ''}${sort ? ' ' + sort : ''}`);
      check();
      let matching = rows.filter((r) => r.name.toLowerCase().includes(query.toLowerCase()) && (!filters.kind || r.kind === filters.kind));
      if (sort === '-id') matching = [...matching].reverse();
      const last = Math.max(1, Math.ceil(matching.length / per_page));
      const data = matching.slice((page - 1) * per_page, page * per_page);
      return {
        data,
        pagination: { page, per_page, current_page: page, total: matching.length, first_page: 1, last_page: last, from: (page - 1) * per_page + 1, to: (page - 1) * per_page + data.length },
      };
    },
    async show(id) {
      check();
      const row = rows.find((r) => r.id === id);
      if (!row) throw new ApiError(404, 'GET', { message: 'Bank not found.' });
      return { message: 'Bank fetched successfully!', data: row };
    },
    async add(data) {
      check();
      const row = { id: nextId++, name: String((data as Payload).name) };
      rows.push(row);
      return { message: 'Bank added successfully!', data: row };
    },
    async update(id, data) {
      check();
      const row = { id, name: String((data as Payload).name) };
      rows = rows.map((r) => (r.id === id ? row : r));
      return { message: 'Bank updated successfully!', data: row };
    },
    async remove(id) {
      calls.push(`remove ${id}`);
      check();
      if (id === stuck) throw new ApiError(409, 'DELETE', { message: 'This bank is still in use by other records; remove those first.' });
      const row = rows.find((r) => r.id === id)!;
      rows = rows.filter((r) => r.id !== id);
      return { message: 'Bank deleted successfully!', data: row };
    },
  };
  return { client, calls, failNext, failRemoveOf };
}

describe('resourceStore', () => {
  it('starts idle with empty state', () => {
    const s = resourceStore(fakeClient().client).state;
    expect(s.status).toBe('idle');
    expect(s.updateStatus).toBe('idle');
    expect(s.items).toEqual([]);
    expect(s.error).toBeNull();
  });

  it('loads page 1, then appends pages of 50 until the last', async () => {
    const store = resourceStore(fakeClient(120).client);
    await store.load();
    expect(store.state.status).toBe('succeeded');
    expect(store.state.items).toHaveLength(50);
    await store.loadMore();
    expect(store.state.items).toHaveLength(100);
    await store.loadMore();
    expect(store.state.items).toHaveLength(120);
    expect(store.hasMore()).toBe(false);
    expect(store.loadMore()).toBeUndefined();
    expect(store.state.items[119].id).toBe(120);
  });

  it('a new query replaces the list and keeps the query', async () => {
    const store = resourceStore(fakeClient(120).client);
    await store.load();
    await store.load('Bank 11');
    expect(store.state.query).toBe('Bank 11');
    expect(store.state.items.map((r) => r.id)).toEqual([11, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119]);
  });

  it('a failed list sets status failed and the server message, or the unknown-error text', async () => {
    const { client, failNext } = fakeClient();
    const store = resourceStore(client);
    failNext(new ApiError(500, 'GET', { message: 'Database is down' }));
    await expect(store.load()).rejects.toBeInstanceOf(ApiError);
    expect(store.state.status).toBe('failed');
    expect(store.state.error).toBe('Database is down');
    failNext(new ApiError(0, 'GET', null));
    await expect(store.load()).rejects.toBeInstanceOf(ApiError);
    expect(store.state.error).toBe(UNKNOWN_ERROR);
  });

  it('appends the returned record after add', async () => {
    const store = resourceStore(fakeClient(3).client);
    await store.load();
    const res = await store.add({ name: 'Mashreq' });
    expect(res.message).toBe('Bank added successfully!');
    expect(store.state.updateStatus).toBe('succeeded');
    expect(store.state.items.at(-1)).toEqual({ id: 4, name: 'Mashreq' });
    expect(store.state.pagination?.total).toBe(4);
  });

  it('replaces the record by id after update, leaving the list status alone', async () => {
    const store = resourceStore(fakeClient(3).client);
    await store.load();
    await store.update(2, { name: 'Renamed' });
    expect(store.state.items.map((r) => r.name)).toEqual(['Bank 1', 'Renamed', 'Bank 3']);
    expect(store.state.updateStatus).toBe('succeeded');
    expect(store.state.status).toBe('succeeded');
  });

  it('keeps field errors and flags a conflict when a save fails with 409', async () => {
    const { client, failNext } = fakeClient(3);
    const store = resourceStore(client);
    await store.load();
    failNext(new ApiError(422, 'POST', { message: 'Name is too short', errors: { name: ['Name is too short'], message: ['Name is too short'] } }));
    await expect(store.update(1, { name: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(store.state.updateStatus).toBe('failed');
    expect(store.state.fieldErrors).toEqual({ name: 'Name is too short' });
    expect(store.state.conflict).toBe(false);
    failNext(new ApiError(409, 'POST', { message: 'Changed by someone else' }));
    await expect(store.update(1, { name: 'xyz', version: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(store.state.conflict).toBe(true);
    expect(store.state.fieldErrors).toEqual({});
    expect(store.state.items[0].name).toBe('Bank 1');
  });

  it('removes the record after delete and moves the highlight to its neighbour', async () => {
    const store = resourceStore(fakeClient(3).client);
    await store.load();
    store.select(2);
    await store.remove(2);
    expect(store.state.items.map((r) => r.id)).toEqual([1, 3]);
    expect(store.state.selectedId).toBe(3);
    expect(store.state.pagination?.total).toBe(2);
    await store.remove(3);
    expect(store.state.selectedId).toBe(1);
  });

  it('finds a record outside the loaded pages through show', async () => {
    const store = resourceStore(fakeClient(120).client);
    await store.load();
    expect(store.find(99)).toBeUndefined();
    await store.show(99);
    expect(store.find(99)?.name).toBe('Bank 99');
  });

  it('ignores an older list answer when a newer query was asked meanwhile', async () => {
    const { client } = fakeClient(120);
    const store = resourceStore(client);
    const first = store.load('Bank 1');
    const second = store.load('Bank 2');
    await Promise.all([first, second]);
    expect(store.state.query).toBe('Bank 2');
    expect(store.state.items.every((r) => r.name.includes('Bank 2'))).toBe(true);
  });
});

describe('resourceStore filters and sort', () => {
  it('loads with filters and sort, keeps them for later pages, and a change reloads page 1', async () => {
    const { client, calls } = fakeClient(120);
    const store = resourceStore(client);
    await store.load({ filters: { kind: 'odd', empty: '' }, sort: '-id' });
    expect(store.state.filters).toEqual({ kind: 'odd' });
    expect(store.state.items).toHaveLength(50);
    expect(store.state.items[0].id).toBe(119);
    expect(store.state.pagination?.total).toBe(60);
    await store.loadMore();
    expect(store.state.items).toHaveLength(60);
    await store.setFilter('kind', 'even');
    expect(store.state.items[0].id).toBe(120);
    await store.setSort('');
    expect(store.state.items[0].id).toBe(2);
    await store.setFilter('kind', '');
    expect(store.state.filters).toEqual({});
    expect(calls).toEqual(['list  1 {"kind":"odd"} -id', 'list  2 {"kind":"odd"} -id', 'list  1 {"kind":"even"} -id', 'list  1 {"kind":"even"}', 'list  1']);
  });

  it('a string load changes the query and keeps the filters', async () => {
    const store = resourceStore(fakeClient(120).client);
    await store.load({ filters: { kind: 'odd' } });
    await store.load('Bank 11');
    expect(store.state.filters).toEqual({ kind: 'odd' });
    expect(store.state.items.map((r) => r.id)).toEqual([11, 111, 113, 115, 117, 119]);
  });

  it('sync loads only when the args differ from what is shown or asked', async () => {
    const { client, calls } = fakeClient(10);
    const store = resourceStore(client);
    await store.sync({ query: '', filters: {}, sort: '' });
    expect(store.sync({ query: '', filters: { kind: '' }, sort: '' })).toBeUndefined();
    await store.sync({ filters: { kind: 'odd' } });
    expect(store.sync({ filters: { kind: 'odd' } })).toBeUndefined();
    expect(calls).toEqual(['list  1', 'list  1 {"kind":"odd"}']);
  });
});

describe('resourceStore selection', () => {
  const loaded = async (n = 10) => {
    const fake = fakeClient(n);
    const store = resourceStore(fake.client);
    await store.load();
    return { store, ...fake };
  };

  it('x toggles one record and makes it the anchor', async () => {
    const { store } = await loaded();
    store.toggle(3);
    store.toggle(5);
    expect([...store.state.selected]).toEqual([3, 5]);
    store.toggle(3);
    expect([...store.state.selected]).toEqual([5]);
    expect(store.state.anchorId).toBe(3);
  });

  it('shift+x extends from the last toggled record, either direction', async () => {
    const { store } = await loaded();
    store.toggle(4);
    store.extendTo(7);
    expect(store.selectedIds()).toEqual([4, 5, 6, 7]);
    store.extendTo(2);
    expect(store.selectedIds()).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('shift+x without an anchor toggles', async () => {
    const { store } = await loaded();
    store.extendTo(6);
    expect(store.selectedIds()).toEqual([6]);
  });

  it('selects all loaded and clears', async () => {
    const { store } = await loaded(120);
    store.selectAll();
    expect(store.state.selected.size).toBe(50);
    store.clearSelection();
    expect(store.state.selected.size).toBe(0);
    expect(store.state.anchorId).toBeNull();
  });

  it('another query or filter clears the selection; another page keeps it', async () => {
    const { store } = await loaded(120);
    store.toggle(1);
    await store.loadMore();
    expect(store.selectedIds()).toEqual([1]);
    await store.setFilter('kind', 'even');
    expect(store.state.selected.size).toBe(0);
  });

  it('bulk remove deletes one by one, drops them from the list and the selection', async () => {
    const { store, calls } = await loaded(10);
    store.toggle(2);
    store.toggle(4);
    store.toggle(6);
    store.select(4);
    const result = await store.removeMany(store.selectedIds());
    expect(result.failed).toBeNull();
    expect(result.removed.map((r) => r.id)).toEqual([2, 4, 6]);
    expect(calls.filter((c) => c.startsWith('remove'))).toEqual(['remove 2', 'remove 4', 'remove 6']);
    expect(store.state.items.map((r) => r.id)).toEqual([1, 3, 5, 7, 8, 9, 10]);
    expect(store.state.selected.size).toBe(0);
    expect(store.state.pagination?.total).toBe(7);
    expect(store.state.selectedId).toBe(5);
    expect(store.state.updateStatus).toBe('succeeded');
  });

  it('bulk remove stops at the first failure and says what is left', async () => {
    const { store, calls, failRemoveOf } = await loaded(10);
    failRemoveOf(4);
    store.selectAll();
    const result = await store.removeMany([2, 4, 6, 8]);
    expect(result.removed.map((r) => r.id)).toEqual([2]);
    expect(result.failed?.id).toBe(4);
    expect(result.failed?.record?.name).toBe('Bank 4');
    expect((result.failed?.error as ApiError).status).toBe(409);
    expect(result.skipped).toEqual([6, 8]);
    expect(calls.filter((c) => c.startsWith('remove'))).toEqual(['remove 2', 'remove 4']);
    expect(store.state.items.map((r) => r.id)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(store.state.selected.has(4)).toBe(true);
    expect(store.state.selected.has(2)).toBe(false);
    expect(store.state.updateStatus).toBe('failed');
    expect(store.state.error).toBe('This bank is still in use by other records; remove those first.');
  });

  it('replace puts a returned record in place', async () => {
    const { store } = await loaded(3);
    store.replace({ id: 2, name: 'Shown again' });
    expect(store.state.items[1].name).toBe('Shown again');
  });
});
