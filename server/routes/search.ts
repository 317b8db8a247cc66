// GET /admin/v1/search: the palette's record search. One call runs one small, indexed
// query per type (each on the same trigram-indexed search_text the lists use) and ranks by
// similarity.
import { SEARCH_TYPES, searchRecords, type SearchHit, type SearchType } from '../../contract/search';
import { bind, type Bound } from '../http/handle';
import { escapeLike, searchTerms } from '../repositories/crud';
import { searchMatch, searchTextOf } from '../repositories/searchMatch';

/** Per type: the relation and how a hit reads (title and subtitle). */
const SOURCES: Record<SearchType, { from: string; title: string; subtitle: string }> = {
  card: {
    from: 'cards_view',
    title: 'name',
    subtitle:
      "bank_name || ' · ' || network_type || case when status = 'Discontinued' then ' · Discontinued' else '' end",
  },
  offer: {
    from: 'offers_view',
    title: 'title',
    subtitle: "discount || ' · ' || to_char(valid_from, 'DD Mon YYYY') || ' – ' || to_char(valid_to, 'DD Mon YYYY')",
  },
  outlet: {
    from: 'outlets_view',
    title: "merchant_name || coalesce(' — ' || branch, '')",
    subtitle: "coalesce(area_name, '') || coalesce(' · ' || category_name, '')",
  },
  bank: { from: 'banks', title: 'name', subtitle: 'code' },
  user: { from: 'users', title: 'name', subtitle: "email || ' · ' || role" },
  category: {
    from: 'categories',
    title: 'name',
    subtitle: "case when is_active then 'Category' else 'Category · inactive' end",
  },
};

export function searchHandlers(): Bound[] {
  return [
    bind(searchRecords, async ({ query }, tx) => {
      const terms = searchTerms(query.query);
      if (!terms.length) return { data: [] };
      const wanted = query.types ? SEARCH_TYPES.filter((t) => query.types!.split(',').includes(t)) : SEARCH_TYPES;
      const limit = query.limit ?? 5;
      const found = await Promise.all(
        wanted.map(async (type) => {
          const s = SOURCES[type];
          const params: unknown[] = terms.map((t) => `%${escapeLike(t)}%`);
          // A view reads its table's rows (`offers_view` → offers), whose search text may be in the backlog.
          const table = s.from.replace(/_view$/, '');
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
               from ${s.from} where ${where} limit 200) m
             order by rank desc, id limit $${terms.length + 2}`,
            params,
          );
          return rows.rows.map((r): SearchHit => ({ type, ...r }));
        }),
      );
      return { data: found.flat() };
    }),
  ];
}
