import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCardDisplay } from '@contract/card';
import { call } from '../api/call';
import { ApiError, setTokenSource } from '../api/client';
import type { ListParams, Payload, ResourceClient } from '../api/resourceClient';
import { resourceStore, UNKNOWN_ERROR } from './resourceStore';

interface Row {
  id: number;
  name: string;
  kind?: string;
}

/** An in-memory stand-in for the HTTP client: pages, query, filter, sort, and failures on demand. */
function fakeClient(total = 120) {
  let rows: Row[] = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    name: `Bank ${i + 1}`,
    kind: (i + 1) % 2 ? 'odd' : 'even',
  }));
  let nextId = total + 1;
  const calls: string[] = [];
  /** The abort signal of every list request, in order. */
  const signals: (AbortSignal | undefined)[] = [];
  let fail: ApiError | null = null;
  const failNext = (e: ApiError) => {
    fail = e;
  };
  /** Removing this id fails with a 409 (still in use). */
  let stuck: number | null = null;
  const failRemoveOf = (id: number | null) => {
    stuck = id;
  };
  /** Someone else adds a row that sorts first: later pages shift by one. */
  const insertFirst = (row: Row) => {
    rows = [row, ...rows];
  };
  const check = () => {
    if (fail) {
      const e = fail;
      fail = null;
      throw e;
    }
  };
  const client: ResourceClient<Row> = {
    async list(
      { query = '', page = 1, per_page = 50, filters = {}, sort }: ListParams,
      opts?: { signal?: AbortSignal },
    ) {
      calls.push(
        `list ${query} ${page}${Object.keys(filters).length ? ' ' + JSON.stringify(filters) : ''}${sort ? ' ' + sort : ''}`,
      );
      signals.push(opts?.signal);
      check();
      let matching = rows.filter(
        (r) => r.name.toLowerCase().includes(query.toLowerCase()) && (!filters.kind || r.kind === filters.kind),
      );
      if (sort === '-id') matching = [...matching].reverse();
      const last = Math.max(1, Math.ceil(matching.length / per_page));
      const data = matching.slice((page - 1) * per_page, page * per_page);
      return {
        data,
        pagination: {
          page,
          per_page,
          current_page: page,
          total: matching.length,
          first_page: 1,
          last_page: last,
          from: (page - 1) * per_page + 1,
          to: (page - 1) * per_page + data.length,
        },
      };
    },
    async show(id) {
      calls.push(`show ${id}`);
      check();
      const row = rows.find((r) => r.id === id);
      if (!row) throw new ApiError(404, 'GET', { message: 'Not found' });
      return { message: 'Bank fetched successfully!', data: row };
    },
    async add(data) {
      calls.push('add');
      check();
      const row = { id: nextId++, name: String((data as Payload).name) };
      rows.push(row);
      return { message: 'Bank added successfully!', data: row };
    },
    async update(id, data) {
      calls.push(`update ${id}`);
      check();
      const row = { id, name: String((data as Payload).name) };
      rows = rows.map((r) => (r.id === id ? row : r));
      return { message: 'Bank updated successfully!', data: row };
    },
    async remove(id) {
      calls.push(`remove ${id}`);
      check();
      if (id === stuck)
        throw new ApiError(409, 'DELETE', {
          message: 'This bank is still in use by other records; remove those first.',
        });
      const row = rows.find((r) => r.id === id)!;
      rows = rows.filter((r) => r.id !== id);
      return { message: 'Bank deleted successfully!', data: row };
    },
  };
  return {
    client,
    calls,
    signals,
    failNext,
    failRemoveOf,
    insertFirst,
    rename: (id: number, name: string) => (rows = rows.map((r) => (r.id === id ? { ...r, name } : r))),
  };
}

const bank = { name: 'bank' } as const;
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
/** Let pending promises (fake calls, valtio's batched notifications) run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('resourceStore list', () => {
  it('starts idle with empty state', () => {
    const s = resourceStore<Row>(bank, { client: fakeClient().client }).state;
    expect(s.status).toBe('idle');
    expect(s.updateStatus).toBe('idle');
    expect(s.items).toEqual([]);
    expect(s.pagination).toBeNull();
    expect(s.error).toBeNull();
    expect(s.current).toBeNull();
    expect(s.fieldErrors).toEqual({});
    expect(s.conflict).toBe(false);
  });

  it('is loading while the list call is on its way, then succeeded', async () => {
    const store = resourceStore<Row>(bank, { client: fakeClient(3).client });
    const pending = store.load();
    expect(store.state.status).toBe('loading');
    await pending;
    expect(store.state.status).toBe('succeeded');
    expect(store.state.updateStatus).toBe('idle');
    expect(ids(store.state.items)).toEqual([1, 2, 3]);
  });

  it('loads page 1, then appends pages of 50 until the last', async () => {
    const { client, calls } = fakeClient(120);
    const store = resourceStore<Row>(bank, { client });
    await store.load();
    expect(store.state.status).toBe('succeeded');
    expect(store.state.items).toHaveLength(50);
    expect(store.hasMore()).toBe(true);
    await store.loadMore();
    expect(store.state.items).toHaveLength(100);
    await store.loadMore();
    expect(store.state.items).toHaveLength(120);
    expect(store.hasMore()).toBe(false);
    expect(store.loadMore()).toBeUndefined();
    expect(store.state.items[119].id).toBe(120);
    expect(store.state.pagination?.current_page).toBe(3);
    expect(calls).toEqual(['list  1', 'list  2', 'list  3']);
  });

  it('perPage sets the page size asked for', async () => {
    const { client } = fakeClient(25);
    const store = resourceStore<Row>(bank, { client, perPage: 10 });
    await store.load();
    expect(ids(store.state.items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(store.state.pagination?.last_page).toBe(3);
  });

  it('loadMore asks nothing while a page is on its way', async () => {
    const { client, calls } = fakeClient(120);
    const store = resourceStore<Row>(bank, { client });
    await store.load();
    const first = store.loadMore();
    expect(store.loadMore()).toBeUndefined();
    await first;
    expect(calls).toEqual(['list  1', 'list  2']);
  });

  it('never shows a row twice when rows shift between pages', async () => {
    const { client, insertFirst } = fakeClient(120);
    const store = resourceStore<Row>(bank, { client });
    await store.load();
    insertFirst({ id: 500, name: 'Bank new', kind: 'odd' });
    await store.loadMore();
    // Page 2 now starts with row 50, already shown as the last of page 1.
    expect(store.state.items).toHaveLength(99);
    expect(new Set(ids(store.state.items)).size).toBe(99);
    expect(ids(store.state.items).slice(48, 51)).toEqual([49, 50, 51]);
  });

  it('a new query replaces the list and keeps the query', async () => {
    const store = resourceStore<Row>(bank, { client: fakeClient(120).client });
    await store.load();
    await store.load('Bank 11');
    expect(store.state.query).toBe('Bank 11');
    expect(store.state.shownQuery).toBe('Bank 11');
    expect(ids(store.state.items)).toEqual([11, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119]);
  });

  it('a failed list sets status failed and the server message, or the unknown-error text', async () => {
    const { client, failNext } = fakeClient();
    const store = resourceStore<Row>(bank, { client });
    failNext(new ApiError(500, 'GET', { message: 'Database is down' }));
    await expect(store.load()).rejects.toBeInstanceOf(ApiError);
    expect(store.state.status).toBe('failed');
    expect(store.state.error).toBe('Database is down');
    failNext(new ApiError(0, 'GET', null));
    await expect(store.load()).rejects.toBeInstanceOf(ApiError);
    expect(store.state.status).toBe('failed');
    expect(store.state.error).toBe(UNKNOWN_ERROR);
    expect(UNKNOWN_ERROR).toBe('An unknown error occurred');
    await store.load();
    expect(store.state.status).toBe('succeeded');
    expect(store.state.error).toBeNull();
  });

  it('a failed loadMore keeps the loaded rows and does not reject', async () => {
    const { client, failNext } = fakeClient(120);
    const store = resourceStore<Row>(bank, { client });
    await store.load();
    failNext(new ApiError(500, 'GET', { message: 'Database is down' }));
    await expect(store.loadMore()).resolves.toBeUndefined();
    expect(store.state.status).toBe('failed');
    expect(store.state.error).toBe('Database is down');
    expect(store.state.items).toHaveLength(50);
  });

  it('aborts an older list request when a newer one is asked, and ignores its answer', async () => {
    const { client, signals } = fakeClient(120);
    const store = resourceStore<Row>(bank, { client });
    const first = store.load('Bank 1');
    const second = store.load('Bank 2');
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    await expect(first).resolves.toBeUndefined();
    await second;
    expect(store.state.query).toBe('Bank 2');
    expect(store.state.shownQuery).toBe('Bank 2');
    expect(ids(store.state.items)).toEqual([2, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
  });

  it('an aborted older request that fails leaves the newer one in charge', async () => {
    const { client, failNext } = fakeClient(10);
    const store = resourceStore<Row>(bank, { client });
    failNext(new ApiError(500, 'GET', { message: 'Database is down' }));
    const first = store.load('Bank 1');
    const second = store.load('Bank 2');
    await expect(first).resolves.toBeUndefined();
    await second;
    expect(store.state.status).toBe('succeeded');
    expect(store.state.error).toBeNull();
    expect(ids(store.state.items)).toEqual([2]);
  });
});

describe('resourceStore filters and sort', () => {
  it('loads with filters and sort, keeps them for later pages, and a change reloads page 1', async () => {
    const { client, calls } = fakeClient(120);
    const store = resourceStore<Row>(bank, { client });
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
    expect(calls).toEqual([
      'list  1 {"kind":"odd"} -id',
      'list  2 {"kind":"odd"} -id',
      'list  1 {"kind":"even"} -id',
      'list  1 {"kind":"even"}',
      'list  1',
    ]);
  });

  it('a string load changes the query and keeps the filters', async () => {
    const store = resourceStore<Row>(bank, { client: fakeClient(120).client });
    await store.load({ filters: { kind: 'odd' } });
    await store.load('Bank 11');
    expect(store.state.filters).toEqual({ kind: 'odd' });
    expect(store.args()).toEqual({ query: 'Bank 11', filters: { kind: 'odd' }, sort: '' });
    expect(ids(store.state.items)).toEqual([11, 111, 113, 115, 117, 119]);
  });

  it('sync loads only when the args differ from what is shown or asked', async () => {
    const { client, calls } = fakeClient(10);
    const store = resourceStore<Row>(bank, { client });
    await store.sync({ query: '', filters: {}, sort: '' });
    expect(store.sync({ query: '', filters: { kind: '' }, sort: '' })).toBeUndefined();
    await store.sync({ filters: { kind: 'odd' } });
    expect(store.sync({ filters: { kind: 'odd' } })).toBeUndefined();
    expect(calls).toEqual(['list  1', 'list  1 {"kind":"odd"}']);
  });
});

describe('resourceStore records', () => {
  const loaded = async (n = 10) => {
    const fake = fakeClient(n);
    const store = resourceStore<Row>(bank, { client: fake.client });
    await store.load();
    return { store, ...fake };
  };

  it('appends the returned record after add', async () => {
    const { store } = await loaded(3);
    const pending = store.add({ name: 'Mashreq' });
    expect(store.state.updateStatus).toBe('loading');
    const res = await pending;
    expect(res.message).toBe('Bank added successfully!');
    expect(store.state.updateStatus).toBe('succeeded');
    expect(store.state.status).toBe('succeeded');
    expect(store.state.items.at(-1)).toEqual({ id: 4, name: 'Mashreq' });
    expect(store.state.pagination?.total).toBe(4);
  });

  it('shows an added record at once, then where the list’s sort puts it (the list asked again)', async () => {
    const fake = fakeClient(3);
    const store = resourceStore<Row>(bank, { client: fake.client });
    await store.load({ sort: '-id' });
    expect(store.state.items.map((r) => r.id)).toEqual([3, 2, 1]);
    await store.add({ name: 'Mashreq' });
    // The pane can show it whether or not the sorted page holds it.
    expect(store.state.current).toEqual({ id: 4, name: 'Mashreq' });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.state.items.map((r) => r.id)).toEqual([4, 3, 2, 1]);
    expect(store.state.pagination?.total).toBe(4);
    expect(fake.calls.filter((c) => c.startsWith('list'))).toEqual(['list  1 -id', 'list  1 -id']);
  });

  it('replaces the record by id after update, leaving the list status alone', async () => {
    const { store } = await loaded(3);
    await store.update(2, { name: 'Renamed' });
    expect(store.state.items.map((r) => r.name)).toEqual(['Bank 1', 'Renamed', 'Bank 3']);
    expect(store.state.updateStatus).toBe('succeeded');
    expect(store.state.status).toBe('succeeded');
  });

  it('keeps field errors and flags a conflict when a save fails with 409', async () => {
    const { store, failNext } = await loaded(3);
    failNext(
      new ApiError(422, 'POST', {
        message: 'Name is too short',
        errors: { name: ['Name is too short'], message: ['Name is too short'] },
      }),
    );
    await expect(store.update(1, { name: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(store.state.updateStatus).toBe('failed');
    expect(store.state.status).toBe('succeeded');
    expect(store.state.error).toBe('Name is too short');
    expect(store.state.fieldErrors).toEqual({ name: 'Name is too short' });
    expect(store.state.conflict).toBe(false);
    failNext(new ApiError(409, 'POST', { message: 'Changed by someone else' }));
    await expect(store.update(1, { name: 'xyz', version: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(store.state.conflict).toBe(true);
    expect(store.state.error).toBe('Changed by someone else');
    expect(store.state.fieldErrors).toEqual({});
    expect(store.state.items[0].name).toBe('Bank 1');
    // The next save starts without the old conflict.
    await store.update(1, { name: 'Bank one' });
    expect(store.state.conflict).toBe(false);
    expect(store.state.error).toBeNull();
    expect(store.state.items[0].name).toBe('Bank one');
  });

  it('a failed add appends nothing and gives the unknown-error text without a message', async () => {
    const { store, failNext } = await loaded(3);
    failNext(new ApiError(500, 'POST', null));
    await expect(store.add({ name: 'Mashreq' })).rejects.toBeInstanceOf(ApiError);
    expect(store.state.updateStatus).toBe('failed');
    expect(store.state.error).toBe(UNKNOWN_ERROR);
    expect(ids(store.state.items)).toEqual([1, 2, 3]);
    expect(store.state.pagination?.total).toBe(3);
  });

  it('resetForm forgets the last save outcome', async () => {
    const { store, failNext } = await loaded(3);
    failNext(new ApiError(409, 'POST', { message: 'Changed', errors: { name: ['Taken'] } }));
    await expect(store.update(1, { name: 'x' })).rejects.toBeInstanceOf(ApiError);
    store.resetForm();
    expect(store.state.updateStatus).toBe('idle');
    expect(store.state.fieldErrors).toEqual({});
    expect(store.state.conflict).toBe(false);
  });

  it('removes the record after delete, lowers the total and tells onRemoved', async () => {
    const { store } = await loaded(3);
    const heard: number[] = [];
    const stop = store.onRemoved((id) => heard.push(id));
    const res = await store.remove(2);
    expect(res.data).toEqual({ id: 2, name: 'Bank 2', kind: 'even' });
    expect(ids(store.state.items)).toEqual([1, 3]);
    expect(store.state.pagination?.total).toBe(2);
    expect(store.state.updateStatus).toBe('succeeded');
    stop();
    await store.remove(3);
    expect(heard).toEqual([2]);
    expect(ids(store.state.items)).toEqual([1]);
  });

  it('a failed delete keeps the record and says why', async () => {
    const { store, failRemoveOf } = await loaded(3);
    failRemoveOf(2);
    await expect(store.remove(2)).rejects.toBeInstanceOf(ApiError);
    expect(store.state.updateStatus).toBe('failed');
    expect(store.state.error).toBe('This bank is still in use by other records; remove those first.');
    expect(ids(store.state.items)).toEqual([1, 2, 3]);
    expect(store.state.pagination?.total).toBe(3);
  });

  it('finds a record outside the loaded pages through show', async () => {
    const { store } = await loaded(120);
    expect(store.find(99)).toBeUndefined();
    expect(store.find(null)).toBeUndefined();
    await store.show(99);
    expect(store.state.current).toEqual({ id: 99, name: 'Bank 99', kind: 'odd' });
    expect(store.find(99)?.name).toBe('Bank 99');
    expect(store.state.items).toHaveLength(50);
  });

  it('show of a listed record puts the fresh copy in the list; a missing one rejects with 404', async () => {
    const { store, rename } = await loaded(3);
    rename(2, 'Fresh');
    await store.show(2);
    expect(store.state.items.map((r) => r.name)).toEqual(['Bank 1', 'Fresh', 'Bank 3']);
    const err = await store.show(42).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect(store.state.error).toBe('Not found');
  });

  it('update and delete keep the fetched current record in step', async () => {
    const { store } = await loaded(120);
    await store.show(99);
    await store.update(99, { name: 'Renamed 99' });
    expect(store.state.current).toEqual({ id: 99, name: 'Renamed 99' });
    expect(store.state.items).toHaveLength(50);
    await store.remove(99);
    expect(store.state.current).toBeNull();
    expect(store.state.pagination?.total).toBe(120);
  });

  it('replace puts a returned record in place and ignores one not listed', async () => {
    const { store } = await loaded(3);
    store.replace({ id: 2, name: 'Shown again' });
    store.replace({ id: 77, name: 'Elsewhere' });
    expect(store.state.items.map((r) => r.name)).toEqual(['Bank 1', 'Shown again', 'Bank 3']);
    expect(store.state.updateStatus).toBe('idle');
  });
});

describe('resourceStore: a list answer read before a write', () => {
  /** A client whose next list call waits until `release`. */
  function heldList() {
    const fake = fakeClient(3);
    let hold: Promise<void> | null = null;
    let release = () => undefined as void;
    const client: ResourceClient<Row> = {
      ...fake.client,
      async list(params, opts) {
        const answer = await fake.client.list(params, opts); // read now, as the server would
        if (hold) await hold;
        return answer;
      },
    };
    const holdNext = () => {
      hold = new Promise<void>((r) => (release = r));
    };
    return { ...fake, client, holdNext, release: () => release() };
  }

  it('does not put back a record replaced or deleted while it was on its way', async () => {
    const h = heldList();
    const store = resourceStore<Row>(bank, { client: h.client });
    await store.load();
    h.holdNext();
    const refresh = store.load();
    await settle();
    // The command's write lands first: the server's answer goes in place at once.
    h.rename(2, 'Hidden now');
    store.replace({ id: 2, name: 'Hidden now' });
    await store.remove(3);
    expect(store.state.items.map((r) => r.name)).toEqual(['Bank 1', 'Hidden now']);
    // The refresh read before the write arrives: the written copy stands, the deleted stays gone.
    h.release();
    await refresh;
    expect(store.state.items.map((r) => r.name)).toEqual(['Bank 1', 'Hidden now']);
    // A list read after the write is the server's, as it is.
    h.rename(2, 'Renamed elsewhere');
    await store.load();
    expect(store.state.items.map((r) => r.name)).toEqual(['Bank 1', 'Renamed elsewhere']);
  });
});

describe('resourceStore refetches after calls of other resources', () => {
  beforeEach(() => {
    // setCardDisplay goes through the real `call`: answer it with the card it changed.
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ message: 'Card updated display successfully!', data: { id: 5, display: false } }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    setTokenSource(() => 'tok-123');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setTokenSource(() => null);
  });

  const hideCard = () => call(setCardDisplay, { params: { id: 5 }, body: { display: false } });

  it('a store whose records show cards loads its list again after a card call', async () => {
    const { client, calls } = fakeClient(3);
    const offers = resourceStore<Row>({ name: 'offer', shows: ['card'] }, { client });
    await offers.load({ query: 'Bank', filters: { kind: 'odd' } });
    await hideCard();
    await settle();
    // The same list (query and filters kept) is asked for again.
    expect(calls).toEqual(['list Bank 1 {"kind":"odd"}', 'list Bank 1 {"kind":"odd"}']);
    expect(offers.state.status).toBe('succeeded');
  });

  it('the fetched current record is fetched again too', async () => {
    const { client, calls } = fakeClient(3);
    const offers = resourceStore<Row>({ name: 'offer', shows: ['card'] }, { client });
    await offers.show(2);
    await hideCard();
    await settle();
    // Never loaded as a list (idle): only the record is refreshed.
    expect(calls).toEqual(['show 2', 'show 2']);
  });

  it('a store never loaded stays idle', async () => {
    const { client, calls } = fakeClient(3);
    const offers = resourceStore<Row>({ name: 'offer', shows: ['card'] }, { client });
    await hideCard();
    await settle();
    expect(calls).toEqual([]);
    expect(offers.state.status).toBe('idle');
  });

  it("the card store skips its own resource's call (it applies answers itself)", async () => {
    const { client, calls } = fakeClient(3);
    const cards = resourceStore<Row>({ name: 'card', shows: ['bank'] }, { client });
    await cards.load();
    await hideCard();
    await settle();
    expect(calls).toEqual(['list  1']);
  });

  it('a store of an unrelated resource does not reload', async () => {
    const { client, calls } = fakeClient(3);
    const banks = resourceStore<Row>({ name: 'bank' }, { client });
    await banks.load();
    await hideCard();
    await settle();
    expect(calls).toEqual(['list  1']);
  });
});

describe('resourceStore counts after the page', () => {
  /** A server that counts only when asked (contract/envelope.ts ListCount): 1,000+ of 1,500 rows. */
  function countingClient(n: number) {
    const asked: string[] = [];
    const client = {
      async list({ page = 1, per_page = 50, count }: ListParams) {
        asked.push(`${page} ${count ?? 'true'}`);
        const from = (page - 1) * per_page;
        const data =
          count === 'only'
            ? []
            : Array.from({ length: Math.min(per_page, n - from) }, (_, i) => ({
                id: from + i + 1,
                name: `B${from + i + 1}`,
              }));
        const more = from + data.length < n;
        const counted = count !== 'false';
        const total = counted ? Math.min(n, 1000) : from + data.length;
        const totalIs = counted
          ? n > 1000
            ? ('at_least' as const)
            : undefined
          : more
            ? ('at_least' as const)
            : undefined;
        return {
          data,
          pagination: {
            page,
            per_page,
            current_page: page,
            total,
            first_page: 1,
            last_page: more ? page + 1 : page,
            from: from + 1,
            to: from + data.length,
            has_more: count === 'only' ? total > per_page : more,
            ...(totalIs && { total_is: totalIs }),
          },
        };
      },
    } as unknown as ResourceClient<Row>;
    return { client, asked };
  }

  it('asks page 1 uncounted, then the count once, and shows "1,000+" from it; later pages ask no count', async () => {
    const { client, asked } = countingClient(1500);
    const store = resourceStore<Row>(bank, { client });
    await store.load();
    await settle();
    expect(asked).toEqual(['1 false', '1 only']);
    expect(store.state.pagination).toMatchObject({ total: 1000, total_is: 'at_least', has_more: true });
    await store.loadMore();
    await settle();
    expect(asked).toEqual(['1 false', '1 only', '2 false']);
    expect(store.state.items).toHaveLength(100);
    expect(store.state.pagination).toMatchObject({ total: 1000, total_is: 'at_least' });
  });

  it('a page that is all there is asks no count: its total is exact', async () => {
    const { client, asked } = countingClient(30);
    const store = resourceStore<Row>(bank, { client });
    await store.load();
    await settle();
    expect(asked).toEqual(['1 false']);
    expect(store.state.pagination?.total).toBe(30);
    expect(store.state.pagination?.total_is).toBeUndefined();
  });

  it('an exact count sets the last page', async () => {
    const { client } = countingClient(120);
    const store = resourceStore<Row>(bank, { client });
    await store.load();
    await settle();
    expect(store.state.pagination).toMatchObject({ total: 120, last_page: 3 });
    expect(store.state.pagination?.total_is).toBeUndefined();
  });
});
