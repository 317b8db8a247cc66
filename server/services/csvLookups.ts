// How the CSV import resolves the names in a file's cells to records (a bank by name or
// code, a card by name or id, …), shared by the import (server/services/csvImport.ts) and the
// preview's question before the upload (csv.checkNames), so both find exactly the same:
// each kind read whole into a map from the lower-cased name to the ids that have it, and a
// cell's value trimmed and lower-cased the same way before it is looked up.
import { CSV_LOOKUP_KINDS, type CsvLookupKind } from '@contract/csv';
import type { CsvNamesResult } from '@contract/csvImport';
import type { Tx } from '../db/connection';

type NameMap = Map<string, number[]>;
type Lookup = (tx: Tx) => Promise<NameMap>;

const byName =
  (sql: string): Lookup =>
  async (tx) => {
    const map: NameMap = new Map();
    for (const r of (await tx.query<{ id: number; k: string }>(sql)).rows)
      map.set(r.k, [...(map.get(r.k) ?? []), r.id]);
    return map;
  };

const LOOKUPS: Record<CsvLookupKind, Lookup> = {
  bank: byName('select id, lower(name) as k from banks union all select id, lower(code) from banks'),
  network: byName('select id, lower(type) as k from networks'),
  category: byName('select id, lower(name) as k from categories'),
  area: byName('select id, lower(name) as k from dubai_cities'),
  card: byName('select id, lower(name) as k from cards_view union all select id, id::text from cards_view'),
  outlet: byName('select id, id::text as k from outlets_view'),
};

/** The maps of the kinds asked for, read at once. */
export async function loadLookups<K extends CsvLookupKind>(tx: Tx, kinds: readonly K[]): Promise<Record<K, NameMap>> {
  return Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await LOOKUPS[k](tx)] as const))) as Record<
    K,
    NameMap
  >;
}

/**
 * The ids a value (trimmed, not blank) resolves to, as the import takes them: the first is
 * the one it uses; `matches` counts the distinct records (0: none, 2 or more: it cannot choose).
 */
export function resolveName(map: NameMap, value: string): { ids: number[] | undefined; matches: number } {
  const ids = map.get(value.toLowerCase());
  return { ids, matches: ids ? new Set(ids).size : 0 };
}

/** csv.checkNames: of the names asked about, those that resolve to no record or to several. */
export async function checkNames(
  tx: Tx,
  names: Partial<Record<CsvLookupKind, readonly string[]>>,
): Promise<CsvNamesResult['data']> {
  const asked = CSV_LOOKUP_KINDS.filter((k) => names[k]?.length);
  const maps = await loadLookups(tx, asked);
  const answer = {} as CsvNamesResult['data'];
  for (const k of CSV_LOOKUP_KINDS) answer[k] = { unknown: [], ambiguous: [] };
  for (const kind of asked) {
    for (const name of new Set(names[kind])) {
      // A blank name is a blank cell, which the import leaves alone.
      if (!name.trim()) continue;
      const { matches } = resolveName(maps[kind], name.trim());
      if (matches === 0) answer[kind].unknown.push(name);
      else if (matches > 1) answer[kind].ambiguous.push({ name, matches });
    }
  }
  return answer;
}
