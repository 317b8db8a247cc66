// A palette page that finds records of one type with the palette's ranked search.
import type { SearchHit, SearchType } from '@contract/search';
import { SEARCH_MAX_LIMIT, searchRecords } from '../api/search';
import type { PickItem, Picker } from './types';

/**
 * A palette page ("Find card…") backed by the same ranked search as the root page, with
 * more rows of one type. Its values are SearchHits: `{ type, id, title, subtitle }`.
 */
export function recordPicker(type: SearchType, placeholder: string): Picker<SearchHit> {
  return {
    placeholder,
    async load(search: string, signal: AbortSignal): Promise<PickItem<SearchHit>[]> {
      if (!search) return [];
      const hits = await searchRecords(search, [type], SEARCH_MAX_LIMIT, signal);
      return hits.map((h) => ({ key: String(h.id), label: h.title, hint: h.subtitle, value: h }));
    },
  };
}
