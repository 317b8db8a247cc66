import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ADMIN_ROOT, defineOp } from './operation';

export const SEARCH_TYPES = ['card', 'offer', 'outlet', 'bank', 'user', 'category'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

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
      pattern: '^[a-z,]+$',
      maxLength: 80,
      description: 'comma-separated subset of card,offer,outlet,bank,user,category',
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
