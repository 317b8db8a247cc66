// GET /admin/v1/search: the palette's record search. One call runs one small, indexed
// query per searchable resource (contract/resource.ts `search`), answering them in the
// order of their groups.
import { searchable, searchRecords } from '@contract/search';
import type { Resource } from '@contract/resource';
import { seesPeople } from '@contract/roles';
import { bind, type Bound } from '../http/handle';
import { searchTerms } from '../repositories/crud';
import { findRecords } from '../repositories/recordSearch';

export function searchHandlers(resources: readonly Resource[]): Bound[] {
  const all = searchable(resources);
  return [
    bind(searchRecords, async ({ query }, tx, ctx) => {
      const terms = searchTerms(query.query);
      if (!terms.length) return { data: [] };
      const types = query.types?.split(',');
      const wanted = types ? all.filter((r) => types.includes(r.name)) : all;
      // A hit of a person (a user's e-mail) reads as the lists read it: masked for a role without people.read.
      const masked = !seesPeople(ctx.user?.role);
      const found = await Promise.all(wanted.map((r) => findRecords(tx, r, terms, query.limit ?? 5, masked)));
      return { data: found.flat() };
    }),
  ];
}
