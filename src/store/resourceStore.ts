// One valtio store factory for every entity (SPEC.md §4): list status and update status
// kept apart, the error text, the loaded pages, the query, and the highlighted record.
import { proxy, ref } from 'valtio';
import type { ListResponse, Pagination, RecordResponse } from '../../contract/envelope';
import { DEFAULT_PER_PAGE } from '../../contract/envelope';
import type { Payload, ResourceClient } from '../api/resourceClient';
import { ApiError } from '../api/client';

export type Status = 'idle' | 'loading' | 'succeeded' | 'failed';
export const UNKNOWN_ERROR = 'An unknown error occurred';

export interface ResourceState<T> {
  status: Status;
  updateStatus: Status;
  error: string | null;
  /** `ref`: thousands of rows need no deep proxy; every change assigns a new array. */
  items: T[];
  pagination: Pagination | null;
  /** The query asked for last; `shownQuery` is the one the loaded items answer. */
  query: string;
  shownQuery: string;
  selectedId: number | null;
  /** A record fetched by id that is not (yet) among the loaded pages: deep links. */
  current: T | null;
  fieldErrors: Record<string, string>;
  /** The last save hit a 409: someone else changed the record first. */
  conflict: boolean;
}

const messageOf = (e: unknown) =>
  (e instanceof ApiError ? e.serverMessage : e instanceof Error ? e.message : null) || UNKNOWN_ERROR;

export function resourceStore<T extends { id: number }>(client: ResourceClient<T>, perPage = DEFAULT_PER_PAGE) {
  const state = proxy<ResourceState<T>>({
    status: 'idle',
    updateStatus: 'idle',
    error: null,
    items: ref([]),
    pagination: null,
    query: '',
    shownQuery: '',
    selectedId: null,
    current: null,
    fieldErrors: {},
    conflict: false,
  });

  let listAbort: AbortController | null = null;

  const hasMore = () => !!state.pagination && state.pagination.current_page < state.pagination.last_page;

  /** Page 1 replaces the list; later pages append (infinite scroll). A newer request cancels an older one. */
  async function loadPage(page: number, query = state.query): Promise<ListResponse<T> | undefined> {
    listAbort?.abort();
    const abort = (listAbort = new AbortController());
    state.status = 'loading';
    state.query = query;
    try {
      const res = await client.list({ query: query || undefined, page, per_page: perPage }, { signal: abort.signal });
      if (abort.signal.aborted) return undefined;
      // Rows can shift between pages while someone adds or deletes; never show one twice.
      const seen = new Set(page === 1 ? [] : state.items.map((i) => i.id));
      state.items = ref([...(page === 1 ? [] : state.items), ...res.data.filter((r) => !seen.has(r.id))]);
      state.pagination = res.pagination;
      state.shownQuery = query;
      state.status = 'succeeded';
      state.error = null;
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

  const load = (query = state.query) => loadPage(1, query);

  /** The next page, unless one is on its way or there is none. */
  function loadMore(): Promise<unknown> | undefined {
    if (state.status === 'loading' || !hasMore() || !state.pagination) return undefined;
    return loadPage(state.pagination.current_page + 1).catch(() => undefined);
  }

  const find = (id: number | null): T | undefined =>
    id === null ? undefined : (state.items.find((i) => i.id === id) ?? (state.current?.id === id ? state.current : undefined));

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

  /** After add the returned record is appended (SPEC.md §4). */
  const add = (data: Payload | FormData) =>
    save(async () => {
      const res = await client.add(data);
      state.items = ref([...state.items, res.data]);
      if (state.pagination) state.pagination = { ...state.pagination, total: state.pagination.total + 1 };
      return res;
    });

  /** After update the record with the same id is replaced by the returned one. */
  const update = (id: number, data: Payload | FormData) =>
    save(async () => {
      const res = await client.update(id, data);
      replaceInList(res.data);
      return res;
    });

  /** After delete the record is removed; the highlight moves to its neighbour. */
  async function remove(id: number): Promise<RecordResponse<T>> {
    state.updateStatus = 'loading';
    try {
      const res = await client.remove(id);
      const index = state.items.findIndex((i) => i.id === id);
      const rest = state.items.filter((i) => i.id !== id);
      state.items = ref(rest);
      if (index >= 0 && state.pagination) state.pagination = { ...state.pagination, total: Math.max(0, state.pagination.total - 1) };
      if (state.current?.id === id) state.current = null;
      if (state.selectedId === id) state.selectedId = rest[Math.min(index, rest.length - 1)]?.id ?? null;
      state.updateStatus = 'succeeded';
      return res;
    } catch (e) {
      state.updateStatus = 'failed';
      state.error = messageOf(e);
      throw e;
    }
  }

  function select(id: number | null) {
    state.selectedId = id;
  }

  /** Forget the form's last outcome (a new form starts clean). */
  function resetForm() {
    state.fieldErrors = {};
    state.conflict = false;
    state.updateStatus = 'idle';
  }

  return { state, load, loadPage, loadMore, hasMore, find, show, add, update, remove, select, resetForm, client };
}

export type ResourceStore<T extends { id: number }> = ReturnType<typeof resourceStore<T>>;
