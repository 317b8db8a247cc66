import { describe, expect, it } from 'vitest';
import type { ListParams, Payload, ResourceClient } from '../api/resourceClient';
import { ApiError } from '../api/client';
import { resourceStore, UNKNOWN_ERROR } from './resourceStore';

interface Row {
  id: number;
  name: string;
}

/** An in-memory stand-in for the HTTP client: pages, query filter, and failures on demand. */
function fakeClient(total = 120) {
  let rows: Row[] = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Bank ${i + 1}` }));
  let nextId = total + 1;
  const calls: string[] = [];
  let fail: ApiError | null = null;
  const failNext = (e: ApiError) => {
    fail = e;
  };
  const check = () => {
    if (fail) {
      const e = fail;
      fail = null;
      throw e;
    }
  };
  const client: ResourceClient<Row> = {
    async list({ query = '', page = 1, per_page = 50 }: ListParams) {
      calls.push(`list ${query} ${page}`);
      check();
      const matching = rows.filter((r) => r.name.toLowerCase().includes(query.toLowerCase()));
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
      check();
      const row = rows.find((r) => r.id === id)!;
      rows = rows.filter((r) => r.id !== id);
      return { message: 'Bank deleted successfully!', data: row };
    },
  };
  return { client, calls, failNext };
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
