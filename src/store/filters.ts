// What a list's filter bar offers: one select per filter, described per screen. Values are
// URL text ('3', 'true', 'Discontinued'); the resource client types them for the API.
import type { Filters } from '../api/resourceClient';
import { whenStale, type Watched } from './touched';

export interface Option {
  value: string;
  label: string;
}

/** Options known up front, or loaded (references such as banks come from their list call). */
export type OptionSource = readonly Option[] | (() => Promise<readonly Option[]>);

export interface FilterDef {
  /** The URL and API name: 'bank'. */
  key: string;
  /** What is filtered: 'Bank' (the select is named 'Filter by bank'). */
  label: string;
  /** The "no filter" choice: 'All banks'. */
  any: string;
  options: OptionSource;
  /**
   * For long lists (cards, outlets): the palette's "Filter … by …" page searches the server
   * with what is typed, instead of narrowing `options`.
   */
  search?: (text: string, signal: AbortSignal) => Promise<readonly Option[]>;
}

export const enumFilter = (
  key: string,
  label: string,
  any: string,
  values: readonly string[],
  labelOf: (v: string) => string = (v) => v,
): FilterDef => ({
  key,
  label,
  any,
  options: values.map((v) => ({ value: v, label: labelOf(v) })),
});

/** A flag as a three-way choice: any, yes, no. */
export const booleanFilter = (key: string, label: string, any: string, yes: string, no: string): FilterDef => ({
  key,
  label,
  any,
  options: [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ],
});

export const refFilter = (
  key: string,
  label: string,
  any: string,
  load: () => Promise<readonly Option[]>,
): FilterDef => ({ key, label, any, options: load });

/**
 * A list call made once and kept for a while, for selects of reference records (banks,
 * networks…): dropped as soon as a call changes the records it lists (`watch`, see
 * src/store/touched.ts), and asked again after `ttlMs` in case another admin changed them.
 */
export function cachedOptions(
  watch: Watched,
  load: () => Promise<readonly Option[]>,
  ttlMs = 30_000,
): () => Promise<readonly Option[]> {
  let at = -Infinity;
  let pending: Promise<readonly Option[]> | null = null;
  whenStale(watch, () => {
    pending = null;
  });
  return () => {
    const now = Date.now();
    if (!pending || now - at > ttlMs) {
      at = now;
      pending = load().catch((e: unknown) => {
        pending = null; // try again next time
        throw e;
      });
    }
    return pending;
  };
}

/** The filters a URL search holds, for the given names (empty values left out). */
export function filtersFromSearch(search: string, keys: readonly string[]): Filters {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** The URL search with some params set ('' or null removes one); the rest is kept in order. */
export function searchWith(search: string, changes: Readonly<Record<string, string | null>>): string {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') params.delete(k);
    else params.set(k, v);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** 'bank_name' → 'Bank name', 'created_at' → 'Created'. */
export function humanise(key: string): string {
  const words = key.replace(/_at$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Sort choices from the contract's sortable columns: each ascending and descending. */
export function sortOptions(sortable: readonly string[], labels: Readonly<Record<string, string>> = {}): Option[] {
  return sortable.flatMap((key) => {
    const name = labels[key] ?? humanise(key);
    if (key === 'created_at') {
      return [
        { value: '-created_at', label: 'Newest first' },
        { value: 'created_at', label: 'Oldest first' },
      ];
    }
    return [
      { value: key, label: `${name} ↑` },
      { value: `-${key}`, label: `${name} ↓` },
    ];
  });
}
