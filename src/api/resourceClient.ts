// One client for every CRUD resource, driven by its contract (contract/resource.ts),
// so a path is spelled once for the server and the browser.
import type { ResourceContract } from '../../contract/resource';
import type { ListResponse, RecordResponse } from '../../contract/envelope';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from '../../contract/envelope';
import { request } from './client';

export const ADMIN_BASE = '/admin/v1';

export interface ListParams {
  query?: string;
  page?: number;
  per_page?: number;
}

/** What add/update accept: plain values, plus File/Blob for upload fields. */
export type Payload = Record<string, unknown>;

export interface ResourceClient<T> {
  list(params: ListParams, opts?: { signal?: AbortSignal }): Promise<ListResponse<T>>;
  show(id: number, opts?: { signal?: AbortSignal }): Promise<RecordResponse<T>>;
  add(data: Payload | FormData): Promise<RecordResponse<T>>;
  update(id: number, data: Payload | FormData): Promise<RecordResponse<T>>;
  remove(id: number): Promise<RecordResponse<T>>;
}

export function resourceClient<T>(contract: ResourceContract): ResourceClient<T> {
  const path = (p: string, id?: number) =>
    ADMIN_BASE + (id === undefined ? p : p.replace(':id', encodeURIComponent(String(id))));

  return {
    list: ({ query, page = DEFAULT_PAGE, per_page = DEFAULT_PER_PAGE }, opts) =>
      request('GET', path(contract.paths.list), { params: { query, page, per_page }, signal: opts?.signal }),
    show: (id, opts) => request('GET', path(contract.paths.show, id), { signal: opts?.signal }),
    add: (data) => request('POST', path(contract.paths.add), { data: encodeBody(data) }),
    update: (id, data) => request(contract.updateMethod, path(contract.paths.update, id), { data: encodeBody(data) }),
    remove: (id) =>
      request('DELETE', path(contract.paths.remove), { params: { [contract.removeIdParam]: id } }),
  };
}

const isFile = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/**
 * JSON unless a file is present, then multipart (SPEC.md §7). In multipart every value
 * is text: booleans go as 'true'/'false' and null as '' (the server reads '' as "clear").
 */
export function encodeBody(data: Payload | FormData): Payload | FormData {
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  const payload = data as Payload;
  const values = Object.entries(payload).filter(([, v]) => v !== undefined);
  if (!values.some(([, v]) => isFile(v))) return Object.fromEntries(values);
  const form = new FormData();
  for (const [k, v] of values) {
    if (isFile(v)) form.append(k, v);
    else form.append(k, v === null ? '' : String(v));
  }
  return form;
}
