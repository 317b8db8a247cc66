import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ADMIN_ROOT, defineOp } from './operation';
import type { Resource } from './resource';
import { resources } from './resources';

/** The resources the palette finds (their `search`), in the order of their groups. */
export const searchable = (list: readonly Resource[]): Resource[] =>
  list.filter((r) => r.search).sort((a, b) => a.search!.order - b.search!.order);

/** Their names: a hit's `type`. */
export const SEARCH_TYPES: readonly string[] = searchable(resources).map((r) => r.name);
export type SearchType = string;

/**
 * What `types` accepts: a comma-separated list of these names, whatever their case (a
 * camelCase resource's name is one), and nothing else: an unknown type is a 422 naming it.
 */
export const typesPattern = (names: readonly string[]): string => {
  const one = `(?:${names.join('|')})`;
  return `^${one}(?:,${one})*$`;
};

/** One record found by the palette: enough to show a row and open the record. */
export const SearchHit = Type.Object({
  type: Type.Union(SEARCH_TYPES.map((t) => Type.Literal(t))),
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
});
export type SearchHit = Static<typeof SearchHit>;

/** GET /admin/v1/search?query=&limit= — records of every type in one call, best matches first per type. */
export const SearchQuery = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 200 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
  types: Type.Optional(
    Type.String({
      pattern: typesPattern(SEARCH_TYPES),
      maxLength: Math.max(80, SEARCH_TYPES.join(',').length),
      description: `comma-separated subset of ${SEARCH_TYPES.join(',')}`,
    }),
  ),
});

/** The palette's record search: every type in one call. */
export const searchRecords = defineOp({
  id: 'search.records',
  method: 'GET',
  path: `${ADMIN_ROOT}/search`,
  summary: 'Find records of every type (the command palette)',
  tag: 'Search',
  access: 'admin',
  shared: true,
  query: SearchQuery,
  response: Type.Object({ data: Type.Array(SearchHit) }),
});
