// One client for every CRUD resource, driven by its contract (contract/resource.ts),
// so a path is spelled once for the server and the browser.
import type { TSchema } from '@sinclair/typebox';
import type { ResourceContract } from '../../contract/resource';
import type { ListResponse, RecordResponse } from '../../contract/envelope';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from '../../contract/envelope';
import { request } from './client';

export const ADMIN_BASE = '/admin/v1';

/** Filter values as the URL holds them (`?bank=3&display=true`): text, typed by the contract on the way out. */
export type Filters = Readonly<Record<string, string>>;

export interface ListParams {
  query?: string;
  page?: number;
  per_page?: number;
  /** A sortable column, `-` first for descending: 'name', '-annual_fee'. */
  sort?: string;
  /** The contract's filter fields (beyond `query`); empty values are left out. */
  filters?: Filters;
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

type Call = 'show' | 'add' | 'update' | 'remove';

/** Thrown (as a rejection) by a call the contract says this resource does not have. */
export class UnsupportedCallError extends Error {
  constructor(resource: string, call: Call) {
    super(`${resource} has no ${call} call.`);
    this.name = 'UnsupportedCallError';
  }
}

export function resourceClient<T>(contract: ResourceContract): ResourceClient<T> {
  const path = (p: string, id?: number) =>
    ADMIN_BASE + (id === undefined ? p : p.replace(':id', encodeURIComponent(String(id))));
  const has = (call: Call) => !contract.omit?.includes(call);
  const missing = (call: Call) => Promise.reject(new UnsupportedCallError(contract.label.many, call));
  const post = contract.listMethod === 'POST';
  // POST lists take the filter payload as the body; `query` goes with it when the payload names it.
  const queryInBody = post && !!contract.filters?.properties.query;

  return {
    list({ query, page = DEFAULT_PAGE, per_page = DEFAULT_PER_PAGE, sort, filters }, opts) {
      const typed = typeFilters(contract, filters);
      if (!post) {
        return request('GET', path(contract.paths.list), {
          params: { query, ...stringParams(typed), sort, page, per_page },
          signal: opts?.signal,
        });
      }
      const body: Record<string, unknown> = { ...typed };
      if (queryInBody && query) body.query = query;
      return request('POST', path(contract.paths.list), {
        params: { query: queryInBody ? undefined : query, sort, page, per_page },
        data: body,
        signal: opts?.signal,
      });
    },
    show: (id, opts) => {
      if (!has('show')) return missing('show');
      return contract.showIdIn === 'query'
        ? request('GET', path(contract.paths.show), { params: { id }, signal: opts?.signal })
        : request('GET', path(contract.paths.show, id), { signal: opts?.signal });
    },
    add: (data) => (has('add') ? request('POST', path(contract.paths.add), { data: encodeBody(data) }) : missing('add')),
    update: (id, data) =>
      has('update') ? request(contract.updateMethod, path(contract.paths.update, id), { data: encodeBody(data) }) : missing('update'),
    remove: (id) => {
      if (!has('remove')) return missing('remove');
      // An empty removeIdParam means the id is in the path (`/outlet_radius/:id`).
      return contract.removeIdParam
        ? request('DELETE', path(contract.paths.remove), { params: { [contract.removeIdParam]: id } })
        : request('DELETE', path(contract.paths.remove, id));
    },
  };
}

/** The filter names a contract accepts (beyond `query`), in its order. */
export const filterKeys = (contract: ResourceContract): string[] =>
  Object.keys(contract.filters?.properties ?? {}).filter((k) => k !== 'query');

export type FilterKind = 'number' | 'boolean' | 'string';

/** What a filter's schema expects: numbers for ids, booleans for flags, text for the rest. */
export function filterKind(schema: TSchema | undefined): FilterKind {
  const type = (schema as { type?: unknown } | undefined)?.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  return 'string';
}

/** The literal values of an enum filter (`Type.Union` of literals), or null. */
export function filterChoices(schema: TSchema | undefined): string[] | null {
  const anyOf = (schema as { anyOf?: { const?: unknown }[] } | undefined)?.anyOf;
  if (!Array.isArray(anyOf) || !anyOf.every((s) => typeof s.const === 'string')) return null;
  return anyOf.map((s) => s.const as string);
}

/**
 * URL text → the types the contract's filter schema asks for ('3' → 3, 'true' → true).
 * Unknown names, empty values and values that do not parse are dropped, never sent.
 */
export function typeFilters(contract: ResourceContract, filters: Filters | undefined): Record<string, string | number | boolean> {
  const props = contract.filters?.properties ?? {};
  const out: Record<string, string | number | boolean> = {};
  for (const [key, raw] of Object.entries(filters ?? {})) {
    if (key === 'query' || !(key in props) || raw === undefined || raw === '') continue;
    const kind = filterKind(props[key]);
    if (kind === 'number') {
      const n = Number(raw);
      if (Number.isFinite(n)) out[key] = n;
    } else if (kind === 'boolean') {
      if (raw === 'true' || raw === 'false') out[key] = raw === 'true';
    } else {
      const choices = filterChoices(props[key]);
      if (!choices || choices.includes(raw)) out[key] = raw;
    }
  }
  return out;
}

const stringParams = (values: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));

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
    else if (Array.isArray(v)) form.append(k, v.join(','));
    else form.append(k, v === null ? '' : String(v));
  }
  return form;
}
