// Writes to many records of a resource at once, and their undo. Derived for every resource
// by `defineResource` (contract/resource.ts): a delete of many when it can delete one, a
// change of many when it names `bulk` fields, and an undo of either (and of a single delete,
// whose answer carries an `undo` token too).
//
// Which records: the checked ones (`ids`), or every record the list's filter matches
// (`where`, the list call's own filters and search), with the count the admin was shown and
// confirmed (`expect`): when the records matching no longer number that many, nothing is
// written and the answer (409) says how many match now.
import * as Type from '@sinclair/typebox';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { Id } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import type { ResourceContract } from './resource';

/** The most records one bulk call writes: a filter matching more is refused (422 on `expect`). */
export const BULK_MAX = 100_000;

/**
 * The most rows one per-row change (`updateEach`) writes: its rows are ones the admin has
 * loaded and sees (a paste into a table's column), each written as one edit.
 */
export const EACH_MAX = 1_000;

/** How long a delete or bulk change can be undone, in seconds. */
export const UNDO_SECONDS = 600;

/** A server-made token naming one undoable write (128 random bits, base64url). */
export const UndoToken = Type.String({
  pattern: '^[A-Za-z0-9_-]{22}$',
  description: 'names one undoable write; valid UNDO_SECONDS, for its author',
});

/** What a bulk call answers: how many records it wrote, and the token that undoes it. */
export const BulkAnswer = RecordEnvelope(Type.Object({ count: Type.Integer({ minimum: 0 }), undo: UndoToken }));
export type BulkAnswer = Static<typeof BulkAnswer>;

/** How many records a filter matches (BULK_MAX + 1: more than a bulk call takes). */
export const CountAnswer = RecordEnvelope(Type.Object({ count: Type.Integer({ minimum: 0 }) }));
export type CountAnswer = Static<typeof CountAnswer>;

export const UndoBody = Type.Object({ token: UndoToken });
/** What an undo answers: how many records it put back. */
export const UndoAnswer = RecordEnvelope(Type.Object({ count: Type.Integer({ minimum: 0 }) }));
export type UndoAnswer = Static<typeof UndoAnswer>;

/**
 * What a delete does to a row that uses a record being deleted, as its foreign key says:
 * deletes it too (on delete cascade), unlinks it (set null, or its row in a link table goes),
 * or refuses the delete (restrict / no action).
 */
export const USE_ACTIONS = ['delete', 'unlink', 'refuse'] as const;
export type UseAction = (typeof USE_ACTIONS)[number];

export const DeleteUse = Type.Object({
  table: Type.String({ description: 'the table whose rows use the records' }),
  column: Type.String({ description: 'its column naming them' }),
  resource: Type.Union([Type.String(), Type.Null()], {
    description: "the resource those rows are (through a link table: the other side's), when one is",
  }),
  action: Type.Union(USE_ACTIONS.map((a) => Type.Literal(a))),
  count: Type.Integer({
    minimum: 0,
    description: 'how many rows (through a link table: how many records on its other side)',
  }),
  words: Type.String({ description: "the count in words: '212 offers'" }),
  sentence: Type.String({
    description: "what the delete does to them: '212 offers use it; they will have no category.'",
  }),
  records: Type.Array(Type.Object({ id: Type.Integer(), count: Type.Integer(), words: Type.String() }), {
    description: 'for a refusing use: the records asked about that are used, most used first (up to 20)',
  }),
});
export type DeleteUse = Static<typeof DeleteUse>;

/** How many of the records asked about exist, whether their delete will be refused, and every use. */
export const UsesAnswer = RecordEnvelope(
  Type.Object({ count: Type.Integer({ minimum: 0 }), refused: Type.Boolean(), uses: Type.Array(DeleteUse) }),
);
export type UsesAnswer = Static<typeof UsesAnswer>;

/** The target fields of every bulk body: `ids`, or `where` with `expect`. */
function target(r: ResourceContract) {
  const { sort: _sort, ...filters } = r.filters?.properties ?? {};
  return {
    ids: Type.Optional(
      Type.Array(Id, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true, description: 'the checked records' }),
    ),
    where: Type.Optional(
      Type.Object(
        { query: Type.Optional(Type.String({ maxLength: 200 })), ...filters },
        { description: "every record the list's search and filters match" },
      ),
    ),
    expect: Type.Optional(
      Type.Integer({ minimum: 0, maximum: BULK_MAX, description: 'with `where`: the count the admin confirmed' }),
    ),
  };
}
export type BulkTarget = { ids?: number[]; where?: Record<string, unknown>; expect?: number };

/** The fields of `r.update` a bulk change may set (`r.bulk`), all optional; the server wants one at least. */
export function bulkSet(r: ResourceContract): TObject {
  const props = Object.fromEntries((r.bulk ?? []).map((k) => [k, Type.Optional(r.update.properties[k])]));
  return Type.Object(props, {
    additionalProperties: false,
    description: `the fields to set on every record: one or more of ${(r.bulk ?? []).join(', ')}`,
  });
}

const variantsOf = (s: TSchema): TSchema[] => (Array.isArray(s.anyOf) ? (s.anyOf as TSchema[]) : [s]);

/**
 * The fields a per-row change may set: the update's fields a record also shows as one value
 * (not a list of links, not a file, not a write-only field such as a password).
 */
export function eachFields(r: ResourceContract): string[] {
  const files = new Set(Object.keys(r.files ?? {}));
  return Object.keys(r.update.properties).filter(
    (k) =>
      k in r.entity.properties && !files.has(k) && !variantsOf(r.update.properties[k]).some((v) => v.type === 'array'),
  );
}

/** One row of a per-row change: the record, the version it was read at, and its own values. */
function eachRow(r: ResourceContract, fields: readonly string[]) {
  const set = Type.Object(Object.fromEntries(fields.map((k) => [k, Type.Optional(r.update.properties[k])])), {
    additionalProperties: false,
    minProperties: 1,
    description: `this record's new values: one or more of ${fields.join(', ')}`,
  });
  const version = Type.Integer({
    minimum: 1,
    maximum: 2147483647,
    description: 'the version the record was read at; a stale one is a 409 and nothing is written',
  });
  return Type.Object({ id: Id, version, set });
}

export function bulkOps(r: ResourceContract, canRemove: boolean, canUpdate = false) {
  const many = r.label.many.toLowerCase();
  const base = {
    tag: r.label.many,
    access: 'admin' as const,
    resource: r.name,
    touches: [r.name],
    permission: r.permission ?? `${r.name}.write`,
  };
  const root = `${ADMIN_ROOT}/bulk/${r.name}`;
  const remove = canRemove
    ? defineOp({
        ...base,
        id: `${r.name}.bulkRemove`,
        method: 'POST',
        path: `${root}/delete`,
        summary: `Delete many ${many} in one transaction (undoable)`,
        body: Type.Object(target(r)),
        response: BulkAnswer,
      })
    : undefined;
  const update = r.bulk?.length
    ? defineOp({
        ...base,
        id: `${r.name}.bulkUpdate`,
        method: 'POST',
        path: `${root}/update`,
        summary: `Set ${r.bulk.join(', ')} of many ${many} in one transaction (undoable)`,
        body: Type.Object({ ...target(r), set: bulkSet(r) }),
        response: BulkAnswer,
      })
    : undefined;
  // Different values per record in one transaction (a column pasted from a spreadsheet), each
  // row an edit with its version, undone as one step.
  const fields = canUpdate ? eachFields(r) : [];
  const updateEach = fields.length
    ? defineOp({
        ...base,
        id: `${r.name}.updateEach`,
        method: 'POST',
        path: `${root}/update_each`,
        summary: `Set fields of many ${many} to values of their own, each from the version it was read at, in one transaction (undoable as one step)`,
        body: Type.Object({
          rows: Type.Array(eachRow(r, fields), {
            minItems: 1,
            maxItems: EACH_MAX,
            description: 'each record once, with its values',
          }),
        }),
        response: BulkAnswer,
      })
    : undefined;
  // Only for lists that can write many: how many records a filter matches, exactly (a list
  // counts exactly only up to 10,000), before "select all matching" asks to confirm them.
  const count =
    remove || update
      ? defineOp({
          tag: r.label.many,
          access: 'admin',
          resource: r.name,
          id: `${r.name}.count`,
          method: 'POST',
          readOnly: true,
          shared: true,
          path: `${root}/count`,
          summary: `Count the ${many} a filter matches, exactly up to ${BULK_MAX.toLocaleString('en')} (more: ${(BULK_MAX + 1).toLocaleString('en')})`,
          body: Type.Object({ where: target(r).where }),
          response: CountAnswer,
        })
      : undefined;
  // Before a delete asks: what it would do to the rows using those records (read from the
  // database's foreign keys), and whether it will be refused, so the question can say so.
  const uses = remove
    ? defineOp({
        tag: r.label.many,
        access: 'admin',
        resource: r.name,
        id: `${r.name}.uses`,
        method: 'POST',
        readOnly: true,
        shared: true,
        path: `${root}/uses`,
        summary: `What deleting these ${many} would do to the rows that use them (per table, in words), and whether the delete will be refused`,
        body: Type.Object({ ids: target(r).ids, where: target(r).where }),
        response: UsesAnswer,
      })
    : undefined;
  const undo =
    remove || update || updateEach
      ? defineOp({
          ...base,
          id: `${r.name}.undo`,
          method: 'POST',
          path: `${root}/undo`,
          summary: `Undo a delete or bulk change of ${many} (within ${UNDO_SECONDS / 60} minutes, by its author)`,
          body: UndoBody,
          response: UndoAnswer,
        })
      : undefined;
  return { bulkRemove: remove, bulkUpdate: update, updateEach, undo, count, uses };
}
