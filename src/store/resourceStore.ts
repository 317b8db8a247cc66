// One valtio store factory for every entity: the records a list has loaded,
// list status and update status kept apart, the error text, and the calls that change
// records (replace on update, remove on delete, append on add, then the list again). Where the cursor is and
// which rows are checked belong to the list model (src/store/listModel.ts), not here.
// A call elsewhere that changes what this store shows makes it fetch its list again
// (src/store/touched.ts).
import { proxy, ref } from 'valtio';
import type { ListResponse, Pagination, RecordResponse } from '@contract/envelope';
import { DEFAULT_PER_PAGE } from '@contract/envelope';
import type { Resource } from '@contract/resource';
import type { BulkAnswer, BulkTarget, CountAnswer, UndoAnswer } from '@contract/bulk';
import { call } from '../api/call';
import { resourceClient, typeFilters, type Filters, type Payload, type ResourceClient } from '../api/resourceClient';
import { ApiError } from '../api/client';
import { whenStale } from './touched';

export type Status = 'idle' | 'loading' | 'succeeded' | 'failed';
export const UNKNOWN_ERROR = 'An unknown error occurred';

interface ResourceState<T> {
  status: Status;
  updateStatus: Status;
  error: string | null;
  /** `ref`: thousands of rows need no deep proxy; every change assigns a new array. */
  items: T[];
  pagination: Pagination | null;
  /** The query asked for last; `shownQuery` is the one the loaded items answer. */
  query: string;
  shownQuery: string;
  /** Filters (URL text, empty values left out) and sort asked for last. */
  filters: Filters;
  sort: string;
  /** `listKey` of what the loaded items answer ('' before the first load). */
  shownKey: string;
  /** When the loaded items last came from the server (ms since epoch; null before). */
  loadedAt: number | null;
  /** A record fetched by id that is not (yet) among the loaded pages: deep links. */
  current: T | null;
  fieldErrors: Record<string, string>;
  /** The last save hit a 409: someone else changed the record first. */
  conflict: boolean;
}

/** What a list is asked for; a change reloads page 1. */
export interface ListArgs {
  query?: string;
  filters?: Filters;
  sort?: string;
}

/** Empty values dropped, names sorted: two equal filter sets compare equal. */
function cleanFilters(filters: Filters | undefined): Filters {
  return Object.fromEntries(
    Object.entries(filters ?? {})
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** One string per distinct list: query, filters and sort. */
export const listKey = (a: { query?: string; filters?: Filters; sort?: string }) =>
  JSON.stringify([a.query ?? '', cleanFilters(a.filters), a.sort ?? '']);

const messageOf = (e: unknown) =>
  (e instanceof ApiError ? e.serverMessage : e instanceof Error ? e.message : null) || UNKNOWN_ERROR;

interface StoreOptions<T> {
  perPage?: number;
  /** Another client (tests); by default the resource's own (src/api/resourceClient.ts). */
  client?: ResourceClient<T>;
}

export function resourceStore<T extends { id: number }>(
  resource: Pick<Resource, 'name' | 'shows'> & Partial<Resource>,
  opts: StoreOptions<T> = {},
) {
  const client = opts.client ?? resourceClient<T>(resource as Resource);
  const perPage = opts.perPage ?? DEFAULT_PER_PAGE;
  const state = proxy<ResourceState<T>>({
    status: 'idle',
    updateStatus: 'idle',
    error: null,
    items: ref([]),
    pagination: null,
    query: '',
    shownQuery: '',
    filters: {},
    sort: '',
    shownKey: '',
    loadedAt: null,
    current: null,
    fieldErrors: {},
    conflict: false,
  });

  let listAbort: AbortController | null = null;
  // Records written or deleted here, numbered in order. A list request remembers the number it
  // left at: its answer was read before any later write, so those stand over its copies. (A
  // palette's "hide card" answered while a refresh was on its way: the refresh, read before
  // the write, put "Shown" back, and no event came to correct it, the write being our own.)
  let writes = 0;
  const written = new Map<number, { at: number; record: T | null }>();
  const removedListeners = new Set<(id: number) => void>();

  // Another resource's call changed names these records show (or a bulk call changed these
  // records): fetch the list again. This resource's own calls are applied below as they return.
  whenStale(
    resource,
    () => {
      if (state.status !== 'idle') load().catch(() => undefined);
      if (state.current)
        client.show(state.current.id).then(
          (r) => (state.current = ref(r.data) as T),
          () => undefined,
        );
    },
    { skipOwn: true },
  );

  const hasMore = () =>
    !!state.pagination && (state.pagination.has_more ?? state.pagination.current_page < state.pagination.last_page);

  /** Page 1 replaces the list; later pages append (infinite scroll). A newer request cancels an older one. */
  async function loadPage(page: number, args: ListArgs | string = {}): Promise<ListResponse<T> | undefined> {
    const a = typeof args === 'string' ? { query: args } : args;
    const query = a.query ?? state.query;
    const filters = a.filters !== undefined ? cleanFilters(a.filters) : state.filters;
    const sort = a.sort ?? state.sort;
    const key = listKey({ query, filters, sort });
    const since = writes;
    listAbort?.abort();
    const abort = (listAbort = new AbortController());
    state.status = 'loading';
    state.query = query;
    state.filters = filters;
    state.sort = sort;
    try {
      // The next page of the rows shown: after the last of them (the server seeks, not counts).
      const after = page > 1 && key === state.shownKey ? state.items.at(-1)?.id : undefined;
      // Never counted with the page: a page that is all there is says so itself (has_more
      // false, an exact total); else the count is asked once, after it (countAfter).
      const asked = { query: query || undefined, filters, sort: sort || undefined, per_page: perPage };
      const res = await client.list({ ...asked, page, after, count: 'false' }, { signal: abort.signal });
      if (abort.signal.aborted) return undefined;
      const rows = res.data.flatMap((r) => {
        const w = written.get(r.id);
        return w && w.at > since ? (w.record ?? []) : [r];
      });
      for (const [id, w] of written) if (w.at <= since) written.delete(id);
      // Rows can shift between pages while someone adds or deletes; never show one twice.
      const seen = new Set(page === 1 ? [] : state.items.map((i) => i.id));
      state.items = ref([...(page === 1 ? [] : state.items), ...rows.filter((r) => !seen.has(r.id))]);
      // A later page is not counted again by the server: the first page's total stands.
      const first = page > 1 && state.pagination ? state.pagination : null;
      state.pagination = first
        ? { ...res.pagination, total: Math.max(first.total, res.pagination.total), total_is: first.total_is }
        : res.pagination;
      state.shownQuery = query;
      state.shownKey = key;
      state.loadedAt = Date.now();
      state.status = 'succeeded';
      state.error = null;
      if (page === 1 && res.pagination.has_more) countAfter(asked, key, abort.signal);
      return res;
    } catch (e) {
      if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return undefined;
      state.status = 'failed';
      state.error = messageOf(e);
      throw e;
    } finally {
      if (listAbort === abort) listAbort = null;
    }
  }

  /**
   * The list's count ("1,000+", "about 1.0M", or exact), asked after its first page: the total
   * the page's own pagination gave (what the rows so far show) is replaced by it, unless
   * another list was asked for meanwhile. A failed count leaves the page's.
   */
  function countAfter(asked: Parameters<typeof client.list>[0], key: string, signal: AbortSignal) {
    client.list({ ...asked, page: 1, count: 'only' }, { signal }).then(
      (c) => {
        if (signal.aborted || state.shownKey !== key || !state.pagination) return;
        const p = state.pagination;
        const total = Math.max(c.pagination.total, p.total);
        const exact = (c.pagination.total_is ?? 'exact') === 'exact';
        state.pagination = {
          ...p,
          total,
          total_is: c.pagination.total_is,
          last_page: exact ? Math.max(p.current_page, Math.ceil(total / p.per_page)) : p.last_page,
        };
        if (exact) delete state.pagination.total_is;
      },
      () => undefined,
    );
  }

  /** Page 1 of the list; a string is a new query (filters and sort kept), an object changes any of them. */
  const load = (args: ListArgs | string = {}) => loadPage(1, args);

  /** The args the list was last asked for. */
  const args = (): Required<ListArgs> => ({ query: state.query, filters: state.filters, sort: state.sort });

  /** Load page 1 unless the list already shows (or is fetching) exactly these args: the URL calls this on every change. */
  function sync(a: ListArgs): Promise<ListResponse<T> | undefined> | undefined {
    const wanted = { ...args(), ...a };
    if (state.status !== 'idle' && listKey(wanted) === listKey(args())) return undefined;
    return load(wanted);
  }

  /** One filter changed ('' clears it): page 1 again. */
  const setFilter = (name: string, value: string) => load({ filters: { ...state.filters, [name]: value } });
  const setFilters = (filters: Filters) => load({ filters });
  const setSort = (sort: string) => load({ sort });

  /** The next page, unless one is on its way or there is none. */
  function loadMore(): Promise<unknown> | undefined {
    if (state.status === 'loading' || !hasMore() || !state.pagination) return undefined;
    return loadPage(state.pagination.current_page + 1).catch(() => undefined);
  }

  const find = (id: number | null): T | undefined =>
    id === null
      ? undefined
      : (state.items.find((i) => i.id === id) ?? (state.current?.id === id ? state.current : undefined));

  async function show(id: number): Promise<RecordResponse<T>> {
    try {
      const res = await client.show(id);
      state.current = ref(res.data) as T;
      replaceInList(res.data);
      return res;
    } catch (e) {
      state.error = messageOf(e);
      throw e;
    }
  }

  function replaceInList(record: T) {
    written.set(record.id, { at: ++writes, record });
    if (state.items.some((i) => i.id === record.id)) {
      state.items = ref(state.items.map((i) => (i.id === record.id ? record : i)));
    }
    if (state.current?.id === record.id) state.current = ref(record) as T;
  }

  /** Shared bookkeeping of add and update: updateStatus, error text, field errors, 409. */
  async function save(work: () => Promise<RecordResponse<T>>): Promise<RecordResponse<T>> {
    state.updateStatus = 'loading';
    state.fieldErrors = {};
    state.conflict = false;
    try {
      const res = await work();
      state.updateStatus = 'succeeded';
      state.error = null;
      return res;
    } catch (e) {
      state.updateStatus = 'failed';
      state.error = messageOf(e);
      if (e instanceof ApiError) {
        state.fieldErrors = e.fieldErrors;
        state.conflict = e.status === 409;
      }
      throw e;
    }
  }

  /**
   * After add the returned record is appended at once, and is the current record (the pane
   * shows it wherever it sorts); then the list is asked again, so a sorted list shows it where
   * its sort puts it, not last (and not at all when it is past the first page or its filters).
   */
  const add = (data: Payload | FormData) =>
    save(async () => {
      const res = await client.add(data);
      state.items = ref([...state.items.filter((i) => i.id !== res.data.id), res.data]);
      state.current = ref(res.data) as T;
      if (state.pagination) state.pagination = { ...state.pagination, total: state.pagination.total + 1 };
      if (state.status !== 'idle') load().catch(() => undefined);
      return res;
    });

  /** After update the record with the same id is replaced by the returned one. */
  const update = (id: number, data: Payload | FormData) =>
    save(async () => {
      const res = await client.update(id, data);
      replaceInList(res.data);
      return res;
    });

  /** Drop a deleted record from the list and the total. */
  function forget(id: number) {
    written.set(id, { at: ++writes, record: null });
    const index = state.items.findIndex((i) => i.id === id);
    state.items = ref(state.items.filter((i) => i.id !== id));
    if (index >= 0 && state.pagination)
      state.pagination = { ...state.pagination, total: Math.max(0, state.pagination.total - 1) };
    if (state.current?.id === id) state.current = null;
    removedListeners.forEach((fn) => fn(id));
  }

  /** After delete the record is removed. */
  async function remove(id: number): Promise<RecordResponse<T>> {
    state.updateStatus = 'loading';
    try {
      const res = await client.remove(id);
      forget(id);
      state.updateStatus = 'succeeded';
      return res;
    } catch (e) {
      state.updateStatus = 'failed';
      state.error = messageOf(e);
      throw e;
    }
  }

  /**
   * One call for many records (contract/bulk.ts): the checked ids, or what the list's search
   * and filters match with the count confirmed. The list is fetched again after it.
   */
  async function bulk(kind: 'bulkRemove' | 'bulkUpdate', target: BulkTarget, set?: Payload): Promise<BulkAnswer> {
    const op = resource.ops?.[kind];
    if (!op) throw new Error(`${resource.name} has no ${kind} call`);
    state.updateStatus = 'loading';
    try {
      const res = (await call(op, { body: { ...target, ...(set && { set }) } } as never)) as BulkAnswer;
      if (kind === 'bulkRemove') (target.ids ?? []).forEach(forget);
      state.updateStatus = 'succeeded';
      await load().catch(() => undefined);
      return res;
    } catch (e) {
      state.updateStatus = 'failed';
      state.error = messageOf(e);
      throw e;
    }
  }

  /**
   * Many records, each to values of its own, each from the version it was read at, in one
   * transaction (contract/bulk.ts `updateEach`: a column pasted into the table). The list is
   * fetched again after it; its answer's token undoes it as one step.
   */
  async function updateEach(rows: { id: number; version: number; set: Payload }[]): Promise<BulkAnswer> {
    const op = resource.ops?.updateEach;
    if (!op) throw new Error(`${resource.name} has no updateEach call`);
    state.updateStatus = 'loading';
    try {
      const res = (await call(op, { body: { rows } } as never)) as BulkAnswer;
      state.updateStatus = 'succeeded';
      await load().catch(() => undefined);
      return res;
    } catch (e) {
      state.updateStatus = 'failed';
      state.error = messageOf(e);
      throw e;
    }
  }

  /** Puts back what a delete or bulk change with this token changed; then the list again. */
  async function undo(token: string): Promise<UndoAnswer> {
    const op = resource.ops?.undo;
    if (!op) throw new Error(`${resource.name} has no undo call`);
    const res = (await call(op, { body: { token } } as never)) as UndoAnswer;
    await load().catch(() => undefined);
    if (state.current) await show(state.current.id).catch(() => undefined);
    return res;
  }

  /** How many records the list matches, exactly: its total when that is exact, else counted (up to BULK_MAX + 1). */
  async function exactCount(): Promise<number> {
    const p = state.pagination;
    if (p && (p.total_is ?? 'exact') === 'exact') return p.total;
    const op = resource.ops?.count;
    if (!op) return p?.total ?? state.items.length;
    return ((await call(op, { body: { where: where() } } as never)) as CountAnswer).data.count;
  }

  /** The list's search and filters as a bulk call's `where`, typed for the API. */
  const where = (): Record<string, unknown> => ({
    ...typeFilters(resource as Resource, state.filters),
    ...(state.query && { query: state.query }),
  });

  /** Put a record the server returned in place of the listed one (display toggles and the like). */
  const replace = (record: T) => replaceInList(record);

  /** Hear of records leaving the list (a list model drops them from its selection). */
  function onRemoved(fn: (id: number) => void): () => void {
    removedListeners.add(fn);
    return () => removedListeners.delete(fn);
  }

  /** Forget the form's last outcome (a new form starts clean). */
  function resetForm() {
    state.fieldErrors = {};
    state.conflict = false;
    state.updateStatus = 'idle';
  }

  return {
    state,
    load,
    loadPage,
    loadMore,
    hasMore,
    sync,
    args,
    setFilter,
    setFilters,
    setSort,
    find,
    show,
    add,
    update,
    replace,
    remove,
    bulk,
    updateEach,
    undo,
    where,
    exactCount,
    onRemoved,
    resetForm,
    client,
  };
}

export type ResourceStore<T extends { id: number }> = ReturnType<typeof resourceStore<T>>;
