// One client for every CRUD resource: its five calls are the operations `defineResource`
// derived from the contract (contract/resource.ts), made through `call`.
import type { TSchema } from '@sinclair/typebox';
import type { ListResponse, RecordResponse } from '@contract/envelope';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from '@contract/envelope';
import type { AnyOp } from '@contract/operation';
import type { Resource, ResourceContract } from '@contract/resource';
import { call, type Payload } from './call';

export type { Payload };

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
  /** The last row already shown: the server seeks past it instead of counting off every row before it. */
  after?: number;
  /** Count the matches (contract/envelope.ts ListCount): 'false' for a page alone, 'only' for the count alone. */
  count?: 'true' | 'false' | 'only';
}

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

/** `{ params: { id } }` or `{ query: { id } }` or `{ query: { bank_id } }`: wherever the call takes the id. */
function idInput(op: AnyOp, id: number): { params?: { id: number }; query?: Record<string, number> } {
  if (op.params) return { params: { id } };
  const key = Object.keys(op.query?.properties ?? {})[0] ?? 'id';
  return { query: { [key]: id } };
}

export function resourceClient<T>(resource: Resource): ResourceClient<T> {
  const { ops } = resource;
  const loose = call as (op: AnyOp, input: object, opts?: { signal?: AbortSignal }) => Promise<never>;
  const missing = (c: Call) => Promise.reject(new UnsupportedCallError(resource.label.many, c));
  const post = ops.list.method === 'POST';
  // POST lists take the filter payload as the body; `query` goes with it when the payload names it.
  const queryInBody = post && !!resource.filters?.properties.query;

  return {
    list({ query, page = DEFAULT_PAGE, per_page = DEFAULT_PER_PAGE, sort, filters, after, count }, opts) {
      const typed = typeFilters(resource, filters);
      // GET: everything in the query string. POST: paging and search in the query, filters in the body.
      if (!post) return loose(ops.list, { query: { query, ...typed, sort, page, per_page, after, count } }, opts);
      const body: Record<string, unknown> = { ...typed };
      if (queryInBody && query) body.query = query;
      return loose(
        ops.list,
        { query: { query: queryInBody ? undefined : query, sort, page, per_page, after, count }, body },
        opts,
      );
    },
    show: (id, opts) => (ops.show ? loose(ops.show, idInput(ops.show, id), opts) : missing('show')),
    add: (data) => (ops.add ? loose(ops.add, { body: data }) : missing('add')),
    update: (id, data) => (ops.update ? loose(ops.update, { params: { id }, body: data }) : missing('update')),
    remove: (id) => (ops.remove ? loose(ops.remove, idInput(ops.remove, id)) : missing('remove')),
  };
}

/** The filter names a contract accepts (beyond `query` and `sort`), in its order. */
export const filterKeys = (contract: ResourceContract): string[] =>
  Object.keys(contract.filters?.properties ?? {}).filter((k) => k !== 'query' && k !== 'sort');

type FilterKind = 'number' | 'boolean' | 'string';

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
export function typeFilters(
  contract: ResourceContract,
  filters: Filters | undefined,
): Record<string, string | number | boolean> {
  const props = contract.filters?.properties ?? {};
  const out: Record<string, string | number | boolean> = {};
  for (const [key, raw] of Object.entries(filters ?? {})) {
    if (key === 'query' || key === 'sort' || !(key in props) || raw === undefined || raw === '') continue;
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
