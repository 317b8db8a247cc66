// The palette's record search over one resource (GET /admin/v1/search, server/routes/search.ts):
// its `search` (contract/resource.ts) says how a hit reads, its `storage` where the rows are.
// One small, indexed query on the same trigram-indexed search_text the lists use, ranked by
// similarity. A resource that declares `search` is found with no code here.
import type { SearchHit } from '../../contract/search';
import type { Resource } from '../../contract/resource';
import type { Tx } from '../db/connection';
import { escapeLike } from './crud';
import { searchMatch, searchTextOf } from './searchMatch';

/** The `limit` best matches of every one of `terms` among `resource`'s rows, best first. */
export async function findRecords(tx: Tx, resource: Resource, terms: readonly string[], limit: number) {
  const s = resource.search!;
  const { table } = resource.storage;
  const from = resource.storage.view ?? table;
  const params: unknown[] = terms.map((t) => `%${escapeLike(t)}%`);
  // Each term a condition of its own, unlike a list's (server/repositories/crud.ts):
  // for any 200 matches of common words the planner may read rows in table order and
  // stop at the 200th, where intersecting every term's trigram lists first costs more
  // ("cashback dining" at a million offers: ~30 ms against ~70 ms).
  const where = terms.map((_, i) => searchMatch(table, [`$${i + 1}`])).join(' and ');
  params.push(terms.join(' '), limit);
  // Ranked among the first 200 matches, so a common word stays cheap on a million rows.
  const rows = await tx.query<{ id: number; title: string; subtitle: string }>(
    `select id, title, subtitle from (
       select id, ${s.title} as title, ${s.subtitle} as subtitle, similarity(${searchTextOf(table)}, immutable_unaccent($${terms.length + 1})) as rank
       from ${from} where ${where} limit 200) m
     order by rank desc, id limit $${terms.length + 2}`,
    params,
  );
  return rows.rows.map((r): SearchHit => ({ type: resource.name, ...r }));
}
