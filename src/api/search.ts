// GET /admin/v1/search: records of several types in one call (the command palette).
import { SEARCH_TYPES, searchRecords as searchOp, type SearchType } from '@contract/search';
import { call } from './call';

/** Records matching `query`, at most `limit` per type, best first per type; all types unless `types` names some. */
export const searchRecords = (
  query: string,
  types: readonly string[] | undefined,
  limit: number,
  signal: AbortSignal,
) =>
  call(searchOp, { query: { query, limit, types: types?.length ? types.join(',') : undefined } }, { signal }).then(
    (res) => res.data,
  );

/** The most the endpoint answers per type (contract/search.ts). */
export const SEARCH_MAX_LIMIT = 20;

export const isSearchType = (v: string): v is SearchType => (SEARCH_TYPES as readonly string[]).includes(v);
