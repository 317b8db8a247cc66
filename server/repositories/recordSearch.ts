// The palette's record search over one resource (GET /admin/v1/search, server/routes/search.ts):
// its `search` (contract/resource.ts) says how a hit reads, its `storage` where the rows are.
// One small, indexed query on the same trigram-indexed search_text the lists use, ranked by
// similarity. A resource that declares `search` is found with no code here.
import { maskPeople } from '@contract/people';
import type { SearchHit } from '@contract/search';
import type { Resource } from '@contract/resource';
import type { Tx } from '../db/connection';
import { escapeLike } from './crud';
import { searchMatch, searchTextOf } from './searchMatch';

/**
 * The `limit` best matches of every one of `terms` among `resource`'s rows, best first. `masked`:
 * people's contact details (the resource's `personal`) are masked wherever a hit's words show them.
 */
export async function findRecords(tx: Tx, resource: Resource, terms: readonly string[], limit: number, masked = false) {
  const s = resource.search!;
  const personal = masked ? columnsOf(resource) : [];
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
  const people = personal.length ? `, jsonb_build_object(${personal.map((k) => `'${k}', ${k}`).join(', ')})` : `, null`;
  const rows = await tx.query<{ id: number; title: string; subtitle: string; people: Record<string, unknown> | null }>(
    `select id, title, subtitle, people from (
       select id, ${s.title} as title, ${s.subtitle} as subtitle${people} as people, similarity(${searchTextOf(table)}, immutable_unaccent($${terms.length + 1})) as rank
       from ${from} where ${where} limit 200) m
     order by rank desc, id limit $${terms.length + 2}`,
    params,
  );
  return rows.rows.map(({ people: values, ...r }): SearchHit => {
    const hit = { type: resource.name, ...r };
    if (!values) return hit;
    // Each value a hit's words show (the subtitle's e-mail) is put as its mask.
    const hidden = maskPeople(values, resource.personal!);
    for (const [k, v] of Object.entries(values))
      if (typeof v === 'string' && v)
        for (const part of ['title', 'subtitle'] as const) hit[part] = hit[part].replaceAll(v, String(hidden[k]));
    return hit;
  });
}

/** The resource's personal fields that are columns of the rows it lists (not a nested record's). */
const columnsOf = (r: Resource): string[] =>
  Object.keys(r.personal ?? {}).filter((k) => k in r.entity.properties && /^[a-z_]+$/.test(k));
