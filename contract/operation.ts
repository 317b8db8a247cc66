// The operation: one call of the API, described once. The server registers its route from
// this (server/http/handle.ts), the browser calls it through `call(op, input)`
// (src/api/call.ts), a command can be made from it (src/commands/opCommand.ts), and the
// OpenAPI document and contract/api.md are generated from the same records. A path string
// of the API is written here, in contract/, and nowhere else.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { PersonalFields } from './people';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it. 'public': anyone (sign-in); 'user': any signed-in account (its own
 * profile); 'admin': signed-in administrators (everything under /admin/v1).
 */
export type Access = 'public' | 'user' | 'admin';

/** What an upload field accepts; the server checks the bytes, never the name. */
export type FileKind = 'image' | 'csv';

/** How a command made from this operation is presented (src/commands/opCommand.ts). */
export interface CommandHint {
  title: string;
  /** One string, bound and displayed: 'd', 'mod+shift+d', 'g b'. */
  shortcut?: string;
  keywords?: readonly string[];
  /**
   * What the command asks before it calls, one palette page each, in order: each answer is
   * the body's `field` (a title typed as it is, a date typed as people say it: '+30d', '24 Dec').
   * Without it a body of one field with fixed choices is asked as a choice.
   */
  ask?: readonly CommandAsk[];
}

export interface CommandAsk {
  /** The body field the answer is sent as. */
  field: string;
  /** The palette page's question: 'New title'. */
  label: string;
  kind: 'text' | 'date';
}

export interface Op<
  P extends TObject | undefined = TObject | undefined,
  Q extends TObject | undefined = TObject | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
> {
  /** 'bank.update', 'card.setDisplay': unique; commands and tests name the call by it. */
  id: string;
  method: Method;
  /** The full path, `:name` for path parameters: '/admin/v1/update_bank/:id'. */
  path: string;
  /** One line for the OpenAPI document and contract/api.md. */
  summary: string;
  /** The OpenAPI group ('Banks'). */
  tag: string;
  params?: P;
  query?: Q;
  /** The JSON body (or the multipart form's fields, which the server coerces by this schema). */
  body?: B;
  /**
   * A second body the same method and path take instead (one call, two shapes: the card
   * update, or `{ status }` alone). A body holding the alternative's required fields and no
   * other field of `body` is checked against it, any other against `body` (`takesAlternative`);
   * the alternative takes no files.
   */
  alternativeBody?: TObject;
  /** The body may also come as multipart/form-data (the product marks these calls multipart). */
  multipart?: boolean;
  /** Upload fields of a multipart body. A field `f` may be cleared with `remove_f=true`. */
  files?: Readonly<Record<string, FileKind>>;
  /** The 200 answer. */
  response: R;
  /** Answers besides 200 that carry more than the error envelope (add_csv's 422, say). */
  responses?: Readonly<Record<number, TSchema>>;
  /** The success message the server sends, when it sends a fixed one. */
  message?: string;
  /**
   * The call only reads, though it is no GET (its input is too big for a URL): the server runs
   * it in a read unit (`Db.read`) and tells no one of a write. It touches nothing.
   */
  readOnly?: boolean;
  /**
   * A read whose answer depends on its input and the data only, never on who asks (but for
   * people's contact details, whole or masked: answers are kept per the two): the server may
   * answer a repeat with the answer it read for the same input until the next write commits
   * (server/http/answerCache.ts). Lists, counts and the palette's search.
   */
  shared?: boolean;
  /**
   * The 200 answer is a stream that stays open (text/event-stream, contract/events.ts): a client
   * reads it as it comes; a test that walks every call reads its head and lets it go.
   */
  stream?: boolean;
  /** Resources whose records this call changes: the browser refreshes their stores after it. */
  touches?: readonly string[];
  access: Access;
  /** The permission a role will need for it (roles are not enforced yet; every admin may). */
  permission?: string;
  /** The resource the call belongs to: a derived command finds its record among that resource's. */
  resource?: string;
  /**
   * Fields of its answer holding people's contact details (contract/people.ts): the server masks
   * them for a role without `people.read` (server/http/handle.ts).
   */
  personal?: PersonalFields;
  /** Present when the call makes a command of its own (src/commands/opCommand.ts). */
  command?: CommandHint;
  /** Overrides the route's body size limit (bytes). */
  bodyLimit?: number;
  /**
   * The largest multipart text field the call takes, in bytes (server/app.ts sets 100,000 for
   * the others). The form parser cuts a longer field short without a word, so a call whose
   * text may be longer raises it, and keeps its field's maxLength below what a cut field holds.
   */
  fieldSize?: number;
}

/** Any operation, whatever its schemas. */
export type AnyOp = Op<TObject | undefined, TObject | undefined, TSchema | undefined, TSchema>;

/**
 * An operation as `defineOp` returns it: its parts typed exactly (a part it lacks is
 * `undefined`, not "maybe"), so `call` and handlers know which parts are required.
 */
export type DefinedOp<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TSchema | undefined,
  R extends TSchema,
> = Op<P, Q, B, R> & {
  params: P;
  query: Q;
  body: B;
};

/** Keeps the literal types of the schemas, so `call` and handlers are typed from them. */
export const defineOp = <
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
>(
  op: Op<P, Q, B, R>,
): DefinedOp<P, Q, B, R> => op as DefinedOp<P, Q, B, R>;

/** A part the operation has is required; one it may have (a derived call) is optional. */
type Part<K extends string, S> = [NonNullable<S>] extends [never]
  ? { [k in K]?: undefined }
  : NonNullable<S> extends TSchema
    ? undefined extends S
      ? { [k in K]?: Static<NonNullable<S>> }
      : { [k in K]: Static<NonNullable<S>> }
    : never;

/** What a handler receives after validation (defaults applied, multipart coerced). */
export type OpInput<O extends AnyOp> = Part<'params', O['params']> &
  Part<'query', O['query']> &
  Part<'body', O['body']>;

/** The 200 answer's type. */
export type OpOutput<O extends AnyOp> = Static<O['response']>;

/** The names of an operation's upload fields. */
export type FileField<O> = O extends { files: Readonly<Record<infer K, FileKind>> } ? K & string : never;

/**
 * Whether a body is meant for the operation's alternative body: it has every required field
 * of the alternative and none of the main body's other fields (nor a `remove_<file>` flag).
 * The server validates by it and the handler branches by it, so the two cannot disagree.
 */
export function takesAlternative(op: Pick<AnyOp, 'body' | 'alternativeBody' | 'files'>, body: unknown): boolean {
  const alt = op.alternativeBody;
  if (!alt || !body || typeof body !== 'object' || Array.isArray(body)) return false;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(body, k);
  return (alt.required ?? []).every(has) && !mainOnlyFields(op).some(has);
}

/** The fields of the main body (and its file flags) that the alternative body does not have. */
export function mainOnlyFields(op: Pick<AnyOp, 'body' | 'alternativeBody' | 'files'>): string[] {
  const main = Object.keys((op.body as TObject | undefined)?.properties ?? {});
  const flags = Object.keys(op.files ?? {}).map((f) => `remove_${f}`);
  return [...main, ...flags].filter((k) => !(k in (op.alternativeBody?.properties ?? {})));
}

/** '/admin/v1/update_bank/:id' + { id: 3 } → '/admin/v1/update_bank/3'. */
export function pathOf(op: Pick<AnyOp, 'path'>, params?: Readonly<Record<string, unknown>>): string {
  return op.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`${op.path}: missing path parameter "${name}"`);
    return encodeURIComponent(String(v));
  });
}

/** The OpenAPI form of a path: ':id' → '{id}'. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Path parameter names in order: '/a/:id/b/:type' → ['id', 'type']. */
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);

/** The two API roots (contract/api.md, "The conventions"). */
export const AUTH_ROOT = '/api/v1';
export const ADMIN_ROOT = '/admin/v1';
