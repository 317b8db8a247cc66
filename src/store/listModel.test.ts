import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { ListParams, Payload, ResourceClient } from '../api/resourceClient';
import { listModel } from './listModel';
import { resourceStore } from './resourceStore';
import { memoryRouter } from './router';

interface Row {
  id: number;
  name: string;
  kind?: string;
}

/** An in-memory stand-in for the HTTP client: pages of 50, query, `kind` filter, `-id` sort, failures on demand. */
function fakeClient(total: number) {
  let rows: Row[] = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    name: `Bank ${i + 1}`,
    kind: (i + 1) % 2 ? 'odd' : 'even',
  }));
  const calls: string[] = [];
  let fail: ApiError | null = null;
  const failNext = (e: ApiError) => {
    fail = e;
  };
  /** Calls wait for `release()` while held (a slow network). */
  const held = new Map<'list' | 'show', (() => void)[]>();
  const hold = (...kinds: ('list' | 'show')[]) => kinds.forEach((k) => held.set(k, []));
  const release = (kind: 'list' | 'show') => {
    const waiting = held.get(kind) ?? [];
    held.delete(kind);
    waiting.forEach((go) => go());
  };
  const gate = (kind: 'list' | 'show') => {
    const waiting = held.get(kind);
    return waiting ? new Promise<void>((r) => waiting.push(r)) : Promise.resolve();
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
      calls.push(
        `list ${query} ${page}${Object.keys(filters).length ? ' ' + JSON.stringify(filters) : ''}${sort ? ' ' + sort : ''}`,
      );
      await gate('list');
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
      await gate('show');
      check();
      const row = rows.find((r) => r.id === id);
      if (!row) throw new ApiError(404, 'GET', { message: 'Not found' });
      return { message: 'Bank fetched successfully!', data: row };
    },
    async add(data) {
      check();
      const row = { id: rows.length + 1, name: String((data as Payload).name) };
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
      const row = rows.find((r) => r.id === id)!;
      rows = rows.filter((r) => r.id !== id);
      return { message: 'Bank deleted successfully!', data: row };
    },
  };
  return { client, calls, failNext, hold, release };
}

const routes = { list: '/bank-list', view: '/view-bank/:id', edit: '/edit-bank/:id', add: '/add-bank' };

/** Let pending promises (fake calls, valtio's batched notifications) run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A bank list screen on `url`: not yet active unless `activate` (the default). */
async function screen(url = '/bank-list', { total = 10, activate = true, hold = false } = {}) {
  // hold: list and show calls wait for release('list') / release('show').
  const fake = fakeClient(total);
  const store = resourceStore<Row>({ name: 'bank' }, { client: fake.client });
  const router = memoryRouter(url);
  const m = listModel({ store, routes, filterKeys: ['kind'], canShow: true, one: 'bank', router });
  if (hold) fake.hold('list', 'show');
  const stop = activate ? m.activate() : () => undefined;
  if (!hold) await settle();
  const ids = () => store.state.items.map((r) => r.id);
  const here = () => router.history[router.history.length - 1];
  return { ...fake, store, router, m, stop, ids, here };
}

describe('listModel: the URL', () => {
  it('reads mode, open record, query, filters and sort from the location before activation', async () => {
    const { m, calls } = await screen('/edit-bank/7?query=abc&kind=odd&color=red&sort=-id', { activate: false });
    expect(m.state.route).toEqual({ mode: 'edit', openId: 7, query: 'abc', filters: { kind: 'odd' }, sort: '-id' });
    expect(calls).toEqual([]);
  });

  it('activate() loads the list the URL asks for, honouring only the filter keys', async () => {
    const { m, store, calls, ids } = await screen('/bank-list?query=Bank%201&kind=odd&color=red&sort=-id', {
      total: 20,
    });
    expect(calls).toEqual(['list Bank 1 1 {"kind":"odd"} -id']);
    expect(m.state.route).toEqual({
      mode: 'list',
      openId: null,
      query: 'Bank 1',
      filters: { kind: 'odd' },
      sort: '-id',
    });
    expect(store.state.filters).toEqual({ kind: 'odd' });
    expect(ids()).toEqual([19, 17, 15, 13, 11, 1]);
    expect(m.state.cursor).toBeNull();
    expect(m.filterCount()).toBe(1);
  });

  it('a plain list URL loads page 1 with nothing else', async () => {
    const { m, calls, ids } = await screen('/bank-list', { total: 3 });
    expect(calls).toEqual(['list  1']);
    expect(ids()).toEqual([1, 2, 3]);
    expect(m.state.route).toEqual({ mode: 'list', openId: null, query: '', filters: {}, sort: '' });
    expect(m.filterCount()).toBe(0);
  });

  it('the add path is the add mode; a flag route on the list is add only with its flag', async () => {
    expect((await screen('/add-bank?query=x', { activate: false })).m.state.route).toMatchObject({
      mode: 'add',
      openId: null,
      query: 'x',
    });
    const router = memoryRouter('/user-list?new=1');
    const store = resourceStore<Row>({ name: 'user' }, { client: fakeClient(1).client });
    const flagged = { list: '/user-list', view: '/view-user/:id', edit: '/edit-user/:id', add: '/user-list?new=1' };
    const m = listModel({ store, routes: flagged, filterKeys: [], canShow: true, one: 'user', router });
    expect(m.state.route.mode).toBe('add');
    const plain = listModel({
      store,
      routes: flagged,
      filterKeys: [],
      canShow: true,
      one: 'user',
      router: memoryRouter('/user-list?new=0'),
    });
    expect(plain.state.route.mode).toBe('list');
  });

  it('a literal path outranks the record pattern beside it: /category-list/new is the add form, not a record "new"', () => {
    const nested = {
      list: '/category-list',
      view: '/category-list/:id',
      edit: '/category-list/:id/edit',
      add: '/category-list/new',
    };
    const store = resourceStore<Row>({ name: 'category' }, { client: fakeClient(1).client });
    const at = (url: string) =>
      listModel({ store, routes: nested, filterKeys: [], canShow: true, one: 'category', router: memoryRouter(url) })
        .state.route;
    expect(at('/category-list/new')).toMatchObject({ mode: 'add', openId: null });
    expect(at('/category-list/new').badId).toBeUndefined();
    expect(at('/category-list/4')).toMatchObject({ mode: 'view', openId: 4 });
    expect(at('/category-list/4/edit')).toMatchObject({ mode: 'edit', openId: 4 });
    expect(at('/category-list/newer')).toMatchObject({ mode: 'view', openId: null, badId: 'newer' });
  });

  it('follows later URL changes: another query reloads page 1', async () => {
    const { m, router, calls, ids } = await screen('/bank-list', { total: 20 });
    router.navigate('/bank-list?query=Bank%202');
    await settle();
    expect(m.state.route.query).toBe('Bank 2');
    expect(calls).toEqual(['list  1', 'list Bank 2 1']);
    expect(ids()).toEqual([2, 20]);
  });

  it('deactivating stops following the URL', async () => {
    const { m, router, calls, stop } = await screen('/bank-list', { total: 20 });
    stop();
    router.navigate('/view-bank/3?query=Bank');
    await settle();
    expect(m.state.route).toEqual({ mode: 'list', openId: null, query: '', filters: {}, sort: '' });
    expect(m.state.cursor).toBeNull();
    expect(calls).toEqual(['list  1']);
  });
});

describe('listModel: the cursor', () => {
  it('move(1) past the end stays on the last row; move(-1) at the top stays on the first', async () => {
    const { m } = await screen('/bank-list', { total: 3 });
    m.move(1);
    expect(m.state.cursor).toBe(1);
    m.move(1);
    m.move(1);
    expect(m.state.cursor).toBe(3);
    m.move(1);
    expect(m.state.cursor).toBe(3);
    m.move(-1);
    m.move(-1);
    expect(m.state.cursor).toBe(1);
    m.move(-1);
    expect(m.state.cursor).toBe(1);
    expect(m.cursorRecord()).toEqual({ id: 1, name: 'Bank 1', kind: 'odd' });
  });

  it('moves pressed while the first page is loading are applied once it lands', async () => {
    const { m, release, store } = await screen('/bank-list', { total: 5, hold: true });
    expect(store.state.status).toBe('loading');
    m.move(1);
    m.move(1);
    expect(m.state.cursor).toBeNull();
    release('list');
    await settle();
    expect(m.state.cursor).toBe(2);
    // Applied once, not again on the next change.
    store.replace({ id: 5, name: 'Renamed' });
    await settle();
    expect(m.state.cursor).toBe(2);
  });

  it('a move with no rows and nothing loading does nothing', async () => {
    const { m } = await screen('/bank-list?query=nothing', { total: 5 });
    m.move(1);
    expect(m.state.cursor).toBeNull();
    expect(m.state.route.mode).toBe('list');
  });

  it("in 'view' mode a move replaces the URL with the next record's view, keeping the search", async () => {
    const { m, router, store } = await screen('/view-bank/2?query=Bank&kind=even', { total: 10 });
    expect(m.state.cursor).toBe(2);
    m.move(1);
    expect(router.history).toEqual(['/view-bank/4?query=Bank&kind=even']);
    expect(m.state.route).toMatchObject({ mode: 'view', openId: 4 });
    expect(m.state.cursor).toBe(4);
    await settle();
    // The same list: nothing reloaded.
    expect(store.state.items.map((r) => r.id)).toEqual([2, 4, 6, 8, 10]);
  });

  it("in 'list' and 'edit' mode a move leaves the URL alone", async () => {
    const { m, router } = await screen('/edit-bank/2', { total: 5 });
    m.move(1);
    expect(m.state.cursor).toBe(3);
    expect(router.history).toEqual(['/edit-bank/2']);
  });

  it('a deep link to a listed record puts the cursor on it', async () => {
    const { m, store } = await screen('/view-bank/3', { total: 10 });
    expect(m.state.route).toMatchObject({ mode: 'view', openId: 3 });
    expect(m.state.cursor).toBe(3);
    expect(m.state.missing).toBeNull();
    expect(m.cursorRecord()?.name).toBe('Bank 3');
    m.move(1);
    expect(m.state.cursor).toBe(4);
    expect(store.state.status).toBe('succeeded');
  });

  it('a deep link to a record beyond the loaded pages fetches it and keeps the cursor on it', async () => {
    const { m, store, calls } = await screen('/view-bank/99', { total: 120 });
    expect(calls).toEqual(['list  1', 'show 99']);
    expect(store.state.current).toEqual({ id: 99, name: 'Bank 99', kind: 'odd' });
    expect(m.state.missing).toBeNull();
    expect(m.state.cursor).toBe(99);
    expect(m.cursorRecord()?.name).toBe('Bank 99');
  });

  it('the cursor stays on the open record when the list lands before the record', async () => {
    const { m, release, store } = await screen('/view-bank/99', { total: 120, hold: true });
    release('list');
    await settle();
    expect(store.state.items).toHaveLength(50);
    expect(store.state.current).toBeNull();
    expect(m.state.cursor).toBe(99);
    release('show');
    await settle();
    expect(m.state.cursor).toBe(99);
    expect(m.cursorRecord()?.name).toBe('Bank 99');
  });

  it('the cursor stays on a record opened from elsewhere while it is fetched', async () => {
    const { m, hold, release, router } = await screen('/bank-list', { total: 120 });
    hold('show');
    router.navigate('/edit-bank/99');
    await settle();
    expect(m.state.cursor).toBe(99);
    release('show');
    await settle();
    expect(m.state.cursor).toBe(99);
    expect(m.cursorRecord()?.name).toBe('Bank 99');
  });

  it('the cursor stays on the open record when the record lands before the list', async () => {
    const { m, release } = await screen('/view-bank/99', { total: 120, hold: true });
    release('show');
    await settle();
    release('list');
    await settle();
    expect(m.state.cursor).toBe(99);
  });

  it('a deep link to a record that does not exist says so', async () => {
    const { m, calls } = await screen('/view-bank/999', { total: 120 });
    expect(calls).toEqual(['list  1', 'show 999']);
    expect(m.state.missing).toBe('This bank does not exist (any more).');
    expect(m.state.route).toMatchObject({ mode: 'view', openId: 999 });
  });

  it.each(['/edit-bank/abc', '/view-bank/0', '/view-bank/1.5'])(
    'a link whose id is no id (%s) says so and fetches no record',
    async (url) => {
      const { m, calls, router } = await screen(url, { total: 120 });
      expect(calls).toEqual(['list  1']);
      expect(m.state.route).toMatchObject({ mode: 'view', openId: null });
      expect(m.state.missing).toBe(
        `This address names no bank: “${url.split('/').pop()}” is not an id (ids are whole numbers, like 12).`,
      );
      router.navigate('/bank-list');
      expect(m.state.missing).toBeNull();
    },
  );

  it('a deep link whose fetch fails for another reason gives the error text; leaving clears it', async () => {
    const fake = fakeClient(120);
    const store = resourceStore<Row>({ name: 'bank' }, { client: fake.client });
    const router = memoryRouter('/view-bank/99');
    const m = listModel({ store, routes, filterKeys: ['kind'], canShow: true, one: 'bank', router });
    await store.load();
    fake.failNext(new ApiError(500, 'GET', { message: 'Database is down' }));
    m.activate();
    await settle();
    expect(m.state.missing).toBe('Database is down');
    router.navigate('/bank-list');
    expect(m.state.missing).toBeNull();
  });

  it('without show (canShow false) a deep link fetches nothing', async () => {
    const fake = fakeClient(120);
    const store = resourceStore<Row>({ name: 'bank' }, { client: fake.client });
    const m = listModel({
      store,
      routes,
      filterKeys: [],
      canShow: false,
      one: 'bank',
      router: memoryRouter('/view-bank/99'),
    });
    m.activate();
    await settle();
    expect(fake.calls).toEqual(['list  1']);
    expect(m.state.missing).toBeNull();
  });

  it("deleting the cursor's row hands the cursor to its neighbour and drops it from the selection", async () => {
    const { m, store } = await screen('/bank-list', { total: 4 });
    m.toggle(2);
    m.toggle(3);
    m.open(3);
    await settle();
    expect(m.state.cursor).toBe(3);
    await store.remove(3);
    await settle();
    expect(m.state.cursor).toBe(4);
    expect(m.selectedIds()).toEqual([2]);
    expect(m.state.anchor).toBeNull();
    await store.remove(4);
    await settle();
    // The last row went: the one before takes the cursor.
    expect(m.state.cursor).toBe(2);
    await store.remove(2);
    await settle();
    expect(m.state.cursor).toBe(1);
    expect(m.selectedIds()).toEqual([]);
  });

  it("in the list, deleting the cursor's row moves the cursor to the next row", async () => {
    const { m, store } = await screen('/bank-list', { total: 4 });
    m.move(1);
    m.move(1);
    expect(m.state.cursor).toBe(2);
    await store.remove(2);
    await settle();
    expect(m.state.cursor).toBe(3);
    expect(m.state.route.mode).toBe('list');
    // Deleting another row leaves the cursor where it is.
    await store.remove(1);
    await settle();
    expect(m.state.cursor).toBe(3);
    m.move(-1);
    expect(m.state.cursor).toBe(3);
    m.move(1);
    expect(m.state.cursor).toBe(4);
  });

  it("deleting the anchor's row forgets the anchor", async () => {
    const { m, store } = await screen('/bank-list', { total: 4 });
    m.toggle(2);
    await store.remove(2);
    expect(m.state.anchor).toBeNull();
    expect(m.selectedCount()).toBe(0);
  });

  it('the open record deleted from its view: the cursor goes to the neighbour and the pane closes', async () => {
    const { m, store, router } = await screen('/view-bank/2?query=Bank', { total: 4 });
    expect(m.state.cursor).toBe(2);
    await store.remove(2);
    m.closeDeleted(2);
    await settle();
    expect(router.history).toEqual(['/bank-list?query=Bank']);
    expect(m.state.route.mode).toBe('list');
    expect(m.state.cursor).toBe(3);
  });
});

describe('listModel: navigation', () => {
  it('open, edit, add and close navigate, keeping the search', async () => {
    const { m, router } = await screen('/bank-list?query=Bank&kind=odd', { total: 10 });
    m.open(3);
    expect(m.state.cursor).toBe(3);
    expect(m.state.route).toEqual({ mode: 'view', openId: 3, query: 'Bank', filters: { kind: 'odd' }, sort: '' });
    m.edit();
    expect(m.state.route).toMatchObject({ mode: 'edit', openId: 3 });
    m.close(); // edit → its record
    expect(m.state.route).toMatchObject({ mode: 'view', openId: 3 });
    m.close(); // view → the list
    expect(m.state.route).toMatchObject({ mode: 'list', openId: null });
    m.add();
    expect(m.state.route).toMatchObject({ mode: 'add', openId: null });
    m.close();
    expect(router.history).toEqual([
      '/bank-list?query=Bank&kind=odd',
      '/view-bank/3?query=Bank&kind=odd',
      '/edit-bank/3?query=Bank&kind=odd',
      '/view-bank/3?query=Bank&kind=odd',
      '/bank-list?query=Bank&kind=odd',
      '/add-bank?query=Bank&kind=odd',
      '/bank-list?query=Bank&kind=odd',
    ]);
  });

  it('open and edit without a cursor do nothing; open() opens the cursor', async () => {
    const { m, router } = await screen('/bank-list', { total: 3 });
    m.open();
    m.edit();
    expect(router.history).toEqual(['/bank-list']);
    m.move(1);
    m.open();
    expect(router.history).toEqual(['/bank-list', '/view-bank/1']);
  });

  it('close calls the focus the view lent', async () => {
    const { m } = await screen('/view-bank/1', { total: 3 });
    const focused: string[] = [];
    m.attach({
      focusList: () => focused.push('list'),
      focusSearch: () => focused.push('search'),
      submitForm: () => focused.push('submit'),
    });
    m.close();
    m.focusSearch();
    m.submit();
    expect(focused).toEqual(['list', 'search', 'submit']);
  });

  it('showSaved replaces the form with the saved record', async () => {
    const { m, router } = await screen('/add-bank?query=Bank', { total: 3 });
    m.showSaved(2);
    expect(router.history).toEqual(['/view-bank/2?query=Bank']);
    expect(m.state.cursor).toBe(2);
  });

  it('closeDeleted leaves the URL alone when another record is open', async () => {
    const { m, router } = await screen('/view-bank/1', { total: 3 });
    m.closeDeleted(2);
    expect(router.history).toEqual(['/view-bank/1']);
  });

  it('another open record or mode starts the form clean', async () => {
    const { m, store, failNext } = await screen('/edit-bank/1', { total: 3 });
    failNext(new ApiError(422, 'POST', { message: 'Name is too short', errors: { name: ['Name is too short'] } }));
    await expect(store.update(1, { name: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(store.state.fieldErrors).toEqual({ name: 'Name is too short' });
    m.close();
    expect(store.state.fieldErrors).toEqual({});
    expect(store.state.updateStatus).toBe('idle');
  });

  it('setParams writes the URL (replace while typing); clearFilters removes only the filter keys', async () => {
    const { m, router, calls } = await screen('/view-bank/2?sort=-id', { total: 10 });
    m.setParams({ query: 'B' }, true);
    m.setParams({ query: 'Ba' }, true);
    expect(router.history).toEqual(['/view-bank/2?sort=-id&query=Ba']);
    m.setParams({ kind: 'even', color: 'red' });
    expect(router.history).toEqual([
      '/view-bank/2?sort=-id&query=Ba',
      '/view-bank/2?sort=-id&query=Ba&kind=even&color=red',
    ]);
    // No change, no navigation.
    m.setParams({ kind: 'even' });
    expect(router.history).toHaveLength(2);
    m.clearFilters();
    expect(router.history).toEqual([
      '/view-bank/2?sort=-id&query=Ba',
      '/view-bank/2?sort=-id&query=Ba&kind=even&color=red',
      '/view-bank/2?sort=-id&query=Ba&color=red',
    ]);
    expect(m.state.route).toEqual({ mode: 'view', openId: 2, query: 'Ba', filters: {}, sort: '-id' });
    m.setParams({ query: '', sort: null, color: null });
    expect(router.history.at(-1)).toBe('/view-bank/2');
    await settle();
    expect(calls.filter((c) => c.startsWith('list'))).toEqual([
      'list  1 -id',
      'list B 1 -id',
      'list Ba 1 -id',
      'list Ba 1 {"kind":"even"} -id',
      'list Ba 1 -id',
      'list  1',
    ]);
  });
});

describe('listModel: the selection', () => {
  it('toggle checks and unchecks one row (default: the cursor) and makes it the anchor', async () => {
    const { m } = await screen('/bank-list', { total: 10 });
    m.toggle(3);
    m.toggle(5);
    expect([...m.state.selected]).toEqual([3, 5]);
    m.toggle(3);
    expect([...m.state.selected]).toEqual([5]);
    expect(m.state.anchor).toBe(3);
    m.toggle(); // no cursor: nothing
    expect(m.selectedCount()).toBe(1);
    m.move(1);
    m.toggle();
    expect(m.selectedIds()).toEqual([1, 5]);
    expect(m.state.anchor).toBe(1);
  });

  it('extend checks every loaded row from the anchor, either direction', async () => {
    const { m } = await screen('/bank-list', { total: 10 });
    m.toggle(4);
    m.extend(7);
    expect(m.selectedIds()).toEqual([4, 5, 6, 7]);
    m.extend(2);
    expect(m.selectedIds()).toEqual([2, 3, 4, 5, 6, 7]);
    expect(m.state.anchor).toBe(4);
  });

  it('extend without an anchor toggles', async () => {
    const { m } = await screen('/bank-list', { total: 10 });
    m.extend(6);
    expect(m.selectedIds()).toEqual([6]);
    expect(m.state.anchor).toBe(6);
    m.clear();
    m.extend(6);
    expect(m.selectedIds()).toEqual([6]);
  });

  it('selectAll checks every loaded row; clear empties the selection and the anchor', async () => {
    const { m } = await screen('/bank-list', { total: 120 });
    m.toggle(3);
    void m.selectAll();
    expect(m.selectedCount()).toBe(50);
    expect(m.selectedIds()).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    m.clear();
    expect(m.selectedCount()).toBe(0);
    expect(m.state.anchor).toBeNull();
  });

  it('selectAll again, with more matching than loaded, selects every matching record: bulk calls then name the filter and the count shown', async () => {
    const { m, store } = await screen('/bank-list?query=Bank&kind=odd', { total: 120 });
    const loaded = store.state.items.map((r) => r.id);
    void m.selectAll();
    expect(m.state.matching).toBe(false);
    expect(m.target()).toEqual({ ids: loaded });
    await m.selectAll();
    expect(m.state.matching).toBe(true);
    expect(m.selectedCount()).toBe(m.total());
    // `kind` is this fake list's own filter, not one of the bank contract's: the call leaves it out.
    expect(m.target()).toEqual({ where: { query: 'Bank' }, expect: m.total() });
    // Unchecking a row by hand ends "all matching": the checked rows are meant.
    m.toggle(loaded[0]);
    expect(m.state.matching).toBe(false);
    expect(m.target()).toEqual({ ids: loaded.slice(1) });
    await m.selectMatching();
    m.clear();
    expect(m.state.matching).toBe(false);
    expect(m.selectedCount()).toBe(0);
  });

  it('selectedIds: list order first, then ids not loaded', async () => {
    const { m } = await screen('/bank-list?sort=-id', { total: 10 });
    m.toggle(200);
    m.toggle(3);
    m.toggle(9);
    m.toggle(100);
    expect(m.selectedIds()).toEqual([9, 3, 200, 100]);
  });

  it('another query, filter or sort in the URL clears the selection; another open record or page keeps it', async () => {
    const { m, router, store } = await screen('/bank-list', { total: 120 });
    m.toggle(2);
    m.open(2);
    m.edit(2);
    m.close();
    m.move(1);
    await store.loadMore();
    expect(m.selectedIds()).toEqual([2]);
    expect(m.state.anchor).toBe(2);
    m.setParams({ query: 'Bank' });
    expect(m.selectedCount()).toBe(0);
    expect(m.state.anchor).toBeNull();
    m.toggle(5);
    m.setParams({ kind: 'odd' });
    expect(m.selectedCount()).toBe(0);
    m.toggle(5);
    m.setParams({ sort: '-id' });
    expect(m.selectedCount()).toBe(0);
    m.toggle(5);
    expect(router.history.at(-1)).toBe('/view-bank/3?query=Bank&kind=odd&sort=-id');
    // Another open record, and a param that is not a filter: the same list.
    router.navigate('/view-bank/7?query=Bank&kind=odd&sort=-id&color=red');
    expect(m.state.route).toEqual({ mode: 'view', openId: 7, query: 'Bank', filters: { kind: 'odd' }, sort: '-id' });
    expect(m.selectedIds()).toEqual([5]);
    expect(m.state.anchor).toBe(5);
  });
});
