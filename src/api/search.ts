// GET /admin/v1/search: records of several types in one call (the command palette).
import { SEARCH_TYPES, searchRecords as searchOp, type SearchType } from '../../contract/search';
import type { PickItem, Picker } from '../commands/types';
import { call } from './call';

/** Records matching `query`, at most `limit` per type, best first per type; all types unless `types` names some. */
export const searchRecords = (query: string, types: readonly string[] | undefined, limit: number, signal: AbortSignal) =>
  call(searchOp, { query: { query, limit, types: types?.length ? types.join(',') : undefined } }, { signal }).then((res) => res.data);

/** The most the endpoint answers per type (contract/search.ts). */
export const SEARCH_MAX_LIMIT = 20;

export const isSearchType = (v: string): v is SearchType => (SEARCH_TYPES as readonly string[]).includes(v);

/**
 * A palette page ("Find card…") backed by the same ranked search as the root page, with
 * more rows of one type. Its values are SearchHits: `{ type, id, title, subtitle }`.
 */
export function recordPicker(type: SearchType, placeholder: string): Picker {
  return {
    placeholder,
    async load(search: string, signal: AbortSignal): Promise<PickItem[]> {
      if (!search) return [];
      const hits = await searchRecords(search, [type], SEARCH_MAX_LIMIT, signal);
      return hits.map((h) => ({ key: String(h.id), label: h.title, hint: h.subtitle, value: h }));
    },
  };
}
