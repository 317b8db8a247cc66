// One description of a CRUD resource. `defineResource` derives its five operations
// (list, show, add, update, remove) from it, so a plain entity's calls are never written
// by hand: the server registers them with a derived repository, the browser calls them
// through the resource client, and both read the same paths, schemas and messages.
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { ListEnvelope, ListQuery, RecordEnvelope } from './envelope';
import { Id } from './fields';
import { ADMIN_ROOT, defineOp, type DefinedOp, type FileKind, type Method } from './operation';

export type CrudCall = 'list' | 'show' | 'add' | 'update' | 'remove';

export interface ResourceContract<TEntity extends TObject = TObject, TCreate extends TObject = TObject, TUpdate extends TObject = TObject> {
  /** Singular machine name: 'bank'. Operation ids are `<name>.<call>`. */
  name: string;
  /** Human names for titles and toasts. */
  label: { one: string; many: string };
  /**
   * Where the rows live. The server derives the repository from this: it writes `table`
   * and reads `view` (joined names) when given. Every table has a trigram-indexed
   * `search_text` column kept by the database (server/db/migrations/003_search_text.sql).
   */
  storage: { table: string; view?: string };
  /** Paths under /admin/v1, exactly as the product's Calls. `:id` is the record id. */
  paths: { list: string; show: string; add: string; update: string; remove: string };
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
  /** The permission its writes will need once roles exist: '<name>.write' by default. */
  permission?: string;
}

/** `{ id }` in the path or the query string. */
export const IdParams = Type.Object({ id: Id });

/** The version an edit started from (every record has one; each update adds 1). */
export const Version = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the version the edit started from; a stale one is a 409' });

type ListOp<E extends TSchema> = DefinedOp<undefined, TObject, TSchema | undefined, ReturnType<typeof ListEnvelope<E>>>;
type RecordOp<E extends TSchema, B extends TSchema | undefined, P extends TObject | undefined = TObject | undefined> = DefinedOp<P, TObject | undefined, B, ReturnType<typeof RecordEnvelope<E>>>;

/** The five derived operations; the ones a resource omits are absent. */
export interface CrudOps<E extends TObject, C extends TObject> {
  list: ListOp<E>;
  show?: RecordOp<E, undefined>;
  add?: RecordOp<E, C>;
  // The update fields plus `version`, a body TypeBox cannot spell from a generic U.
  update?: RecordOp<E, TObject, typeof IdParams>;
  remove?: RecordOp<E, undefined>;
}

export type Resource<E extends TObject = TObject, C extends TObject = TObject, U extends TObject = TObject> = ResourceContract<E, C, U> & {
  ops: CrudOps<E, C>;
};

export function defineResource<E extends TObject, C extends TObject, U extends TObject>(r: ResourceContract<E, C, U>): Resource<E, C, U> {
  return { ...r, ops: crudOps(r) };
}

function crudOps<E extends TObject, C extends TObject, U extends TObject>(r: ResourceContract<E, C, U>): CrudOps<E, C> {
  const has = (call: CrudCall) => call === 'list' || !r.omit?.includes(call);
  const one = r.label.one.toLowerCase();
  const base = { tag: r.label.many, access: 'admin' as const, resource: r.name };
  const write = { ...base, touches: [r.name], permission: r.permission ?? `${r.name}.write` };
  const multipart = !!r.files && Object.keys(r.files).length > 0;
  const record = RecordEnvelope(r.entity);
  const post = r.listMethod === 'POST';
  // The sort keys are the contract's sortable columns, each up or down; nothing else is accepted.
  const sortKeys = (r.sortable ?? []).flatMap((k) => [k, `-${k}`]);
  const sort = sortKeys.length ? Type.Optional(Type.Union(sortKeys.map((k) => Type.Literal(k)))) : ListQuery.properties.sort;
  const filters = { ...r.filters?.properties, sort };
  const paging = { ...ListQuery.properties, sort };

  const ops: CrudOps<E, C> = {
    list: defineOp({
      ...base,
      id: `${r.name}.list`,
      method: post ? 'POST' : 'GET',
      path: ADMIN_ROOT + r.paths.list,
      summary: `List ${r.label.many.toLowerCase()}`,
      // GET: every filter in the query string. POST: paging in the query, filters in the body.
      query: Type.Object(post ? paging : { ...paging, ...filters }),
      body: post ? Type.Union([Type.Null(), Type.Object(filters)]) : undefined,
      response: ListEnvelope(r.entity),
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
    ops.add = defineOp({ ...write, id: `${r.name}.add`, method: 'POST', path: ADMIN_ROOT + r.paths.add, summary: `Add a ${one}`, body: r.create, multipart, files: r.files, response: record, message: r.messages.added });
  }
  if (has('update')) {
    // Every update says which version it started from: without it, a concurrent edit would
    // be overwritten without a word. A stale version is a 409.
    const body = Type.Object({ ...r.update.properties, version: Version });
    ops.update = defineOp({
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
    }) as RecordOp<E, TObject, typeof IdParams>;
  }
  if (has('remove')) {
    const inPath = !r.removeIdParam;
    ops.remove = defineOp({
      ...write,
      id: `${r.name}.remove`,
      method: 'DELETE',
      path: ADMIN_ROOT + r.paths.remove,
      summary: `Delete a ${one}`,
      params: inPath ? IdParams : undefined,
      query: inPath ? undefined : Type.Object({ [r.removeIdParam]: Id }),
      response: record,
      message: r.messages.deleted,
    }) as RecordOp<E, undefined>;
  }
  return ops;
}

/** The id of a show or remove call, wherever the resource takes it (path, `?id=`, `?bank_id=`). */
export function recordIdOf(input: { params?: Record<string, unknown>; query?: Record<string, unknown> }, r: Pick<ResourceContract, 'removeIdParam'>, call: 'show' | 'remove'): number {
  const key = call === 'remove' && r.removeIdParam ? r.removeIdParam : 'id';
  return Number(input.params?.[key] ?? input.query?.[key]);
}

export type Schema = TSchema;
