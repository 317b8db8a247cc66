// One description of a CRUD resource. `defineResource` derives its five operations
// (list, show, add, update, remove) from it, so a plain entity's calls are never written
// by hand: the server registers them with a derived repository, the browser calls them
// through the resource client, and both read the same paths, schemas and messages.
import * as Type from '@sinclair/typebox';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import {
  KeyedListEnvelope,
  ListCount,
  ListEnvelope,
  ListFields,
  ListQuery,
  RecordEnvelope,
  type Pagination,
} from './envelope';
import { Id } from './fields';
import { ADMIN_ROOT, defineOp, type AnyOp, type DefinedOp, type FileKind, type Method } from './operation';
import { bulkOps, UndoToken } from './bulk';
import { exportOp } from './export';
import type { PersonalFields } from './people';

export type CrudCall = 'list' | 'show' | 'add' | 'update' | 'remove';

/** How an ordered resource's move call is made (`ordered`). */
export interface OrderedCalls {
  /** Path of the move call under /admin/v1, with `:id`: '/hero-banners/:id/direction'. */
  path: string;
  /** Its success message. */
  message: string;
}

export interface ResourceContract<
  TEntity extends TObject = TObject,
  TCreate extends TObject = TObject,
  TUpdate extends TObject = TObject,
> {
  /** Singular machine name: 'bank'. Operation ids are `<name>.<call>`. */
  name: string;
  /** Human names for titles and toasts. */
  label: { one: string; many: string };
  /**
   * Where the rows live. The server derives the repository from this: it writes `table`
   * and reads `view` (joined names) when given. Every table has a trigram-indexed
   * `search_text` column kept by the database (server/db/migrations/003_search_text.sql,
   * 017_search_text_per_table.sql).
   */
  storage: { table: string; view?: string };
  /** Paths under /admin/v1, exactly as the product's Calls. `:id` is the record id. */
  paths: { list: string; show: string; add: string; update: string; remove: string };
  /**
   * The list's rows sit under `data[listKey]`, beside the pagination fields
   * (`{ data: { hero_banners: [...], page, per_page, … } }`), instead of `{ data, pagination }`.
   */
  listKey?: string;
  /**
   * A list in an order people set (the homepage's banners): every record has a 1-based
   * `position`, 1..n with no gap; lists answer in that order and take no `sort`; an add
   * appends at the end, a delete closes the gap; and a `move` call is derived, POST
   * `{ to }` to `ordered.path`, answering the list's new order (`MoveAnswer`).
   */
  ordered?: OrderedCalls;
  /** The update call is also taken as PATCH: a second operation (`<name>.patch`), the same handler. */
  patch?: boolean;
  /** What a record is, for the list call's summary (so contract/api.md says it). */
  about?: string;
  /** Calls this resource does not have (a read-only list such as Dubai cities). */
  omit?: Exclude<CrudCall, 'list'>[];
  /**
   * How the list is asked for. GET (default): filters in the query string. POST: page and
   * per_page in the query, the filter payload as the JSON body (all_card, all_offer).
   */
  listMethod?: 'GET' | 'POST';
  /**
   * Filter fields beyond `query` (all optional); the browser keeps them in the URL. The
   * server filters `<key>_id = value` when the entity has that field, else `<key> = value`.
   */
  filters?: TObject;
  /** Columns a list may be sorted by (`sort=name` or `sort=-name`): the only sort keys of both halves. */
  sortable?: readonly string[];
  /** The order of a list that names none (default: the first sortable column, ascending). */
  defaultSort?: string;
  /** Where show takes the id: in the path (`:id`, default) or as `?id=` (the product shows no path parameter). */
  showIdIn?: 'path' | 'query';
  /** HTTP method of the update call (it varies: POST multipart or PUT JSON). */
  updateMethod: 'POST' | 'PUT';
  /**
   * A second body the update call takes (contract/operation.ts `alternativeBody`), with the
   * words that say what it does; the server handles it by the resource's hook
   * (server/routes/crud.ts ALTERNATIVES).
   */
  updateAlternative?: { body: TObject; summary: string };
  /** Query parameter carrying the id on delete (`delete_bank?bank_id=`); empty when the path has `:id`. */
  removeIdParam: string;
  /** Multipart file fields and what they accept. */
  files?: Readonly<Record<string, FileKind>>;
  entity: TEntity;
  create: TCreate;
  update: TUpdate;
  /** Success messages the server sends (the product's texts where it has them). */
  messages: { added: string; updated: string; deleted: string; shown: string };
  /**
   * Resources whose names its records show (a card shows its bank's name): a change to one
   * of those makes a list of this resource stale, so the browser fetches it again.
   */
  shows?: readonly string[];
  /** The permission its writes need: '<name>.write' by default. */
  permission?: string;
  /**
   * Part of the catalogue: the roles that keep the catalogue (editors; admins hold every
   * permission) hold its write permission, with no edit in contract/roles.ts, which reads it
   * from contract/resourceWords.ts. `does` is what the permission lets a role do, in a
   * refusal's words ("A viewer may not change card networks."); default 'change <many>'.
   */
  catalogue?: true | { does: string };
  /**
   * Update fields a bulk change may set on many records at once (contract/bulk.ts): the
   * ones people set the same on a batch (a category, a status, validity dates).
   */
  bulk?: readonly string[];
  /**
   * Found by the palette's record search (GET /admin/v1/search, contract/search.ts): how a hit
   * reads, as SQL over the rows the list reads (`storage.view`, else `storage.table`), and its
   * group's place among the others (lower first). Its table's `search_text` is kept by a trigger
   * function of its own, `<table>_search_text()` (server/db/migrations/017_search_text_per_table.sql).
   */
  search?: { order: number; title: string; subtitle: string };
  /**
   * Its records' fields holding people's contact details (contract/people.ts): masked in every
   * answer of its calls for a role without `people.read`; such a list is exported through an
   * export call of its own, which the audit log records (contract/export.ts).
   */
  personal?: PersonalFields;
  /**
   * Counted on the dashboard (GET /admin/v1/total_counts, contract/dashboard.ts): the rows the
   * list reads, under the table's name (`counts.banks`), in `order` (lower first).
   */
  dashboard?: { order: number };
}

/** `{ id }` in the path or the query string. */
export const IdParams = Type.Object({ id: Id });

/**
 * The move call's body: the new 1-based position. Past the end means last; anything but a
 * whole number of at least 1 is a 422.
 */
export const MoveBody = Type.Object({
  to: Type.Integer({
    minimum: 1,
    maximum: 2147483647,
    description: 'the new 1-based position; past the end means last',
  }),
});
export type MoveBody = Static<typeof MoveBody>;

/** An ordered list's order, first to last: every record's id and its position (1..n). */
export const Order = Type.Array(Type.Object({ id: Type.Integer(), position: Type.Integer({ minimum: 1 }) }), {
  description: "the list's order after the call, first to last",
});
export type Order = Static<typeof Order>;

/** What a move answers: the whole list's new order, so a screen shows what the server decided. */
export const MoveAnswer = RecordEnvelope(Order);
export type MoveAnswer = Static<typeof MoveAnswer>;

/** The version an edit started from (every record has one; each update adds 1). */
export const Version = Type.Integer({
  minimum: 1,
  maximum: 2147483647,
  description: 'the version the edit started from; a stale one is a 409',
});

type ListOp<E extends TSchema> = DefinedOp<undefined, TObject, TSchema | undefined, ReturnType<typeof ListEnvelope<E>>>;
type RecordOp<
  E extends TSchema,
  B extends TSchema | undefined,
  P extends TObject | undefined = TObject | undefined,
> = DefinedOp<P, TObject | undefined, B, ReturnType<typeof RecordEnvelope<E>>>;

/** The five derived operations; the ones a resource omits are absent. */
export interface CrudOps<E extends TObject, C extends TObject> {
  list: ListOp<E>;
  show?: RecordOp<E, undefined>;
  add?: RecordOp<E, C>;
  // The update fields plus `version`, a body TypeBox cannot spell from a generic U.
  update?: RecordOp<E, TObject, typeof IdParams>;
  remove?: RecordOp<E, undefined>;
  /** The update again as PATCH (`patch`). */
  patch?: RecordOp<E, TObject, typeof IdParams>;
  /** Moves a record of an ordered list (`ordered`). */
  move?: DefinedOp<typeof IdParams, undefined, typeof MoveBody, typeof MoveAnswer>;
  /** Deletes many (contract/bulk.ts). */
  bulkRemove?: AnyOp;
  /** Sets the `bulk` fields of many. */
  bulkUpdate?: AnyOp;
  /** Sets fields of many, each record to values of its own, with the versions they were read at. */
  updateEach?: AnyOp;
  /** Undoes a delete (one or many), a bulk change or a per-row change. */
  undo?: AnyOp;
  /** Counts what a filter matches, exactly (for "select all matching"). */
  count?: AnyOp;
  /** What deleting records would do to the rows using them, and whether it will be refused. */
  uses?: AnyOp;
  /** Exports records with people's data, logged (`personal`: contract/export.ts). */
  export?: AnyOp;
}

export type Resource<
  E extends TObject = TObject,
  C extends TObject = TObject,
  U extends TObject = TObject,
> = ResourceContract<E, C, U> & {
  ops: CrudOps<E, C>;
};

export function defineResource<E extends TObject, C extends TObject, U extends TObject>(
  r: ResourceContract<E, C, U>,
): Resource<E, C, U> {
  return { ...r, ops: crudOps(r) };
}

function crudOps<E extends TObject, C extends TObject, U extends TObject>(r: ResourceContract<E, C, U>): CrudOps<E, C> {
  const has = (call: CrudCall) => call === 'list' || !r.omit?.includes(call);
  const one = r.label.one.toLowerCase();
  const base = {
    tag: r.label.many,
    access: 'admin' as const,
    resource: r.name,
    ...(r.personal && { personal: r.personal }),
  };
  const write = { ...base, touches: [r.name], permission: r.permission ?? `${r.name}.write` };
  const multipart = !!r.files && Object.keys(r.files).length > 0;
  const record = RecordEnvelope(r.entity);
  const post = r.listMethod === 'POST';
  // The sort keys are the contract's sortable columns, each up or down; nothing else is accepted.
  // An ordered list has one order, its positions: no sort at all.
  const sortKeys = (r.sortable ?? []).flatMap((k) => [k, `-${k}`]);
  const sort = sortKeys.length
    ? Type.Optional(Type.Union(sortKeys.map((k) => Type.Literal(k))))
    : ListQuery.properties.sort;
  const { sort: _unsorted, ...unsortedPaging } = ListQuery.properties;
  const filters = r.ordered ? { ...r.filters?.properties } : { ...r.filters?.properties, sort };
  const count = Type.Optional(ListCount);
  // The row's fields a caller wants (server/http/fieldSelection.ts checks them against the
  // row): lists whose rows are `data` itself; a keyed list's (listKey) sit beside its paging.
  const fields: Record<string, TSchema> = r.listKey ? {} : { fields: Type.Optional(ListFields) };
  const paging = r.ordered
    ? { ...unsortedPaging, count, ...fields }
    : { ...ListQuery.properties, sort, count, ...fields };
  const many = r.label.many.toLowerCase();

  const ops: CrudOps<E, C> = {
    list: defineOp({
      ...base,
      id: `${r.name}.list`,
      method: post ? 'POST' : 'GET',
      // A POST list only reads (its filters travel as a body): a read unit, no write to tell.
      readOnly: post || undefined,
      shared: true,
      path: ADMIN_ROOT + r.paths.list,
      summary: [`List ${many}${r.ordered ? ' in position order' : ''}`, r.about].filter(Boolean).join('. '),
      // GET: every filter in the query string. POST: paging in the query, filters in the body.
      query: Type.Object(post ? paging : { ...paging, ...filters }),
      body: post ? Type.Union([Type.Null(), Type.Object(filters)]) : undefined,
      response: r.listKey ? KeyedListEnvelope(r.listKey, r.entity) : ListEnvelope(r.entity),
    }) as ListOp<E>,
  };
  if (has('show')) {
    const byQuery = r.showIdIn === 'query';
    ops.show = defineOp({
      ...base,
      id: `${r.name}.show`,
      method: 'GET',
      path: ADMIN_ROOT + r.paths.show,
      summary: `Show one ${one}`,
      params: byQuery ? undefined : IdParams,
      query: byQuery ? IdParams : undefined,
      response: record,
      message: r.messages.shown,
    }) as RecordOp<E, undefined>;
  }
  if (has('add')) {
    ops.add = defineOp({
      ...write,
      id: `${r.name}.add`,
      method: 'POST',
      path: ADMIN_ROOT + r.paths.add,
      summary: `Add a ${one}${r.ordered ? ' at the end of the list' : ''}`,
      body: r.create,
      multipart,
      files: r.files,
      response: record,
      message: r.messages.added,
    });
  }
  if (has('update')) {
    // Every update says which version it started from: without it, a concurrent edit would
    // be overwritten without a word. A stale version is a 409.
    const body = Type.Object({ ...r.update.properties, version: Version });
    const update = {
      ...write,
      id: `${r.name}.update`,
      method: r.updateMethod as Method,
      path: ADMIN_ROOT + r.paths.update,
      summary: r.updateAlternative ? `Update a ${one}; or ${r.updateAlternative.summary}` : `Update a ${one}`,
      params: IdParams,
      body,
      alternativeBody: r.updateAlternative?.body,
      multipart,
      files: r.files,
      response: record,
      message: r.messages.updated,
    };
    ops.update = defineOp(update) as RecordOp<E, TObject, typeof IdParams>;
    if (r.patch)
      ops.patch = defineOp({
        ...update,
        id: `${r.name}.patch`,
        method: 'PATCH',
        summary: `Update a ${one} (as ${r.updateMethod})`,
      }) as RecordOp<E, TObject, typeof IdParams>;
  }
  if (has('remove')) {
    const inPath = !r.removeIdParam;
    ops.remove = defineOp({
      ...write,
      id: `${r.name}.remove`,
      method: 'DELETE',
      path: ADMIN_ROOT + r.paths.remove,
      summary: `Delete a ${one}${r.ordered ? ' (the positions after it close the gap)' : ''}`,
      params: inPath ? IdParams : undefined,
      query: inPath ? undefined : Type.Object({ [r.removeIdParam]: Id }),
      // `undo`: the token that puts the record back (contract/bulk.ts); an ordered list's has none.
      response: r.ordered ? record : Type.Object({ ...record.properties, undo: Type.Optional(UndoToken) }),
      message: r.messages.deleted,
    }) as RecordOp<E, undefined>;
  }
  if (r.ordered) {
    ops.move = defineOp({
      ...write,
      id: `${r.name}.move`,
      method: 'POST',
      path: ADMIN_ROOT + r.ordered.path,
      summary: `Move a ${one} to a position (1-based; past the end means last); answers the list's new order`,
      params: IdParams,
      body: MoveBody,
      response: MoveAnswer,
      message: r.ordered.message,
    });
  }
  // Only the calls it has: every value of `ops` is an operation the server registers.
  if (!r.ordered)
    for (const [k, op] of Object.entries(bulkOps(r, has('remove'), has('update'))))
      if (op) Object.assign(ops, { [k]: op });
  if (r.personal) ops.export = exportOp(r, sort);
  return ops;
}

/** A list call's rows and pagination, whichever shape the resource answers in (`listKey`). */
export function listPage<T>(
  r: Pick<ResourceContract, 'listKey'>,
  answer: unknown,
): { data: T[]; pagination: Pagination } {
  const a = answer as { data: unknown; pagination?: Pagination };
  if (!r.listKey) return a as { data: T[]; pagination: Pagination };
  const { [r.listKey]: rows, ...pagination } = a.data as Record<string, unknown>;
  return { data: rows as T[], pagination: pagination as Pagination };
}

/** The id of a show or remove call, wherever the resource takes it (path, `?id=`, `?bank_id=`). */
export function recordIdOf(
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> },
  r: Pick<ResourceContract, 'removeIdParam'>,
  call: 'show' | 'remove',
): number {
  const key = call === 'remove' && r.removeIdParam ? r.removeIdParam : 'id';
  return Number(input.params?.[key] ?? input.query?.[key]);
}

export type Schema = TSchema;
