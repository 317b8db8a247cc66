// The response shapes both halves agree on (contract/api.md, "The conventions").
import * as Type from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';

/**
 * How far `total` is a count: exact (left out: exact), at_least (the list matches more than
 * this: "10,000+" or "1,000+"), about (the table's size as the database estimates it: "about 1.0M").
 * Lists count exactly up to 10,000 rows, searched or filtered up to 1,000 (server/repositories/crud.ts COUNT_CAP).
 */
export const TotalIs = Type.Union([Type.Literal('exact'), Type.Literal('at_least'), Type.Literal('about')]);
export type TotalIs = Static<typeof TotalIs>;

export const Pagination = Type.Object({
  page: Type.Integer(),
  per_page: Type.Integer(),
  current_page: Type.Integer(),
  total: Type.Integer(),
  first_page: Type.Integer(),
  last_page: Type.Integer(),
  from: Type.Integer(),
  to: Type.Integer(),
  total_is: Type.Optional(TotalIs),
  /**
   * Whether a page follows this one: the list read one row past the page, so it knows
   * without counting (a list asked `count=false` carries no count, only this).
   */
  has_more: Type.Optional(Type.Boolean()),
});
export type Pagination = Static<typeof Pagination>;

/** `{ data: [...], pagination }` — every list call. */
export const ListEnvelope = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), pagination: Pagination });

/**
 * `{ data: { <key>: [...], page, per_page, … } }`: a list whose rows sit under a named key of
 * `data`, the pagination fields beside them (welcome boxes, hero banners).
 */
export const KeyedListEnvelope = <K extends string, T extends TSchema>(key: K, item: T) =>
  Type.Object({
    data: Type.Object({ [key]: Type.Array(item), ...Pagination.properties } as {
      [k in K]: ReturnType<typeof Type.Array<T>>;
    } & typeof Pagination.properties),
  });

/** `{ message, data }` — add, update, show and delete. */
export const RecordEnvelope = <T extends TSchema>(item: T) => Type.Object({ message: Type.String(), data: item });

export const MessageEnvelope = Type.Object({ message: Type.String() });

/** Every 4xx/5xx: a sentence plus per-field lists; `errors.message[0]` repeats the sentence. */
export const ErrorEnvelope = Type.Object({
  message: Type.String(),
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
  /** A 401's why, in a word (contract/auth.ts SESSION_END_REASONS): the sign-in page says it. */
  reason: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorEnvelope>;

export interface ListResponse<T> {
  data: T[];
  pagination: Pagination;
}
export interface RecordResponse<T> {
  message: string;
  data: T;
}

/** Page 1, 50 a page. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 500;

/** The deepest page a list answers (an offset past this is no list anybody reads). */
export const MAX_PAGE = 1_000_000;

/**
 * Whether a list call counts its matches (server/repositories/crud.ts countCapped): `true`
 * (the default) on page 1, as lists always did; `false` never, the page's `has_more` says
 * whether another follows and `total` only what the pages so far show; `only` counts and
 * reads no row (`data` empty): the screens ask it once, after the page, so a page never waits
 * on a count nobody reads (issue 37: the capped count was 6–9 ms of a 13 ms call).
 */
export const ListCount = Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('only')], {
  description: 'count the matches: true (page 1, default), false (never; see has_more), only (the count, no rows)',
});
export type ListCount = Static<typeof ListCount>;

/**
 * The row's fields a list call answers (`fields=id,title,bank_names`), comma-separated; every
 * one must be a field of the row (else 422 naming `fields`). Left out: every field.
 */
export const ListFields = Type.String({
  pattern: '^[a-z_]+(,[a-z_]+)*$',
  maxLength: 1000,
  description: "the row's fields to answer, comma-separated (default: all)",
});

/** Optional with defaults: the server fills them in, so a caller may leave them out. */
export const ListQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE })),
  sort: Type.Optional(Type.String({ pattern: '^-?[a-z_]+$', maxLength: 40 })),
  /** The last row already shown: the page after it, found through the sort's index (infinite scroll). */
  after: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description: 'id of the last row shown: the rows after it in this order',
    }),
  ),
});
export type ListQuery = Static<typeof ListQuery>;
