// GET /admin/v1/search: the palette's record search. One call runs one small, indexed
// query per searchable resource (contract/resource.ts `search`), answering them in the
// order of their groups.
import { searchable, searchRecords } from '../../contract/search';
import type { Resource } from '../../contract/resource';
import { bind, type Bound } from '../http/handle';
import { searchTerms } from '../repositories/crud';
import { findRecords } from '../repositories/recordSearch';

export function searchHandlers(resources: readonly Resource[]): Bound[] {
  const all = searchable(resources);
  return [
    bind(searchRecords, async ({ query }, tx) => {
      const terms = searchTerms(query.query);
      if (!terms.length) return { data: [] };
      const types = query.types?.split(',');
      const wanted = types ? all.filter((r) => types.includes(r.name)) : all;
      const found = await Promise.all(wanted.map((r) => findRecords(tx, r, terms, query.limit ?? 5)));
      return { data: found.flat() };
    }),
  ];
}
