// `fields=` on a list call (contract/resource.ts ListFields): the rows carry only the fields
// named, so an API client asks for what it shows (issue 37). Checked against the row's schema
// in the contract (an unknown name: 422 naming `fields` and it), and written by a serializer
// compiled for that choice, as the route's own is for the whole row: its 200 schema requires
// every field of a row.
import * as Type from '@sinclair/typebox';
import type { TObject, TSchema } from '@sinclair/typebox';
import fastJsonStringify from 'fast-json-stringify';
import type { AnyOp } from '@contract/operation';
import { badField } from '../errors';

/** The row schema of a `{ data: [...], pagination }` answer; null for any other answer. */
function rowOf(op: AnyOp): TObject | null {
  const data = (op.response as TObject | undefined)?.properties?.data as TSchema | undefined;
  const items = data?.type === 'array' ? (data.items as TSchema) : null;
  return items?.type === 'object' ? (items as TObject) : null;
}

/** The fields `?fields=` names, checked against the row; null when not asked. */
export function selectedFields(op: AnyOp, query: unknown): string[] | null {
  const asked = (query as { fields?: unknown } | null)?.fields;
  if (typeof asked !== 'string') return null;
  const row = rowOf(op);
  if (!row) return null;
  const names = [...new Set(asked.split(',').filter(Boolean))];
  const unknown = names.filter((n) => !(n in row.properties));
  if (unknown.length) throw badField('fields', `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
  return names;
}

type Serialize = (data: unknown) => string;
/** Compiled serializers by operation and choice; a few hundred at most in practice, bounded anyway. */
const compiled = new Map<string, Serialize>();
const MAX_COMPILED = 500;

/** The answer's rows cut to `fields` (in the row's own order), as JSON text. */
export function serializeSelected(op: AnyOp, answer: unknown, fields: readonly string[]): string {
  const row = rowOf(op)!;
  const keep = Object.keys(row.properties).filter((k) => fields.includes(k));
  const key = `${op.id} ${keep.join(',')}`;
  let fn = compiled.get(key);
  if (!fn) {
    const response = op.response as TObject;
    fn = fastJsonStringify(
      Type.Object({ ...response.properties, data: Type.Array(Type.Pick(row, keep)) }) as object,
    ) as Serialize;
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, fn);
  }
  const { data, ...rest } = answer as { data: Record<string, unknown>[] };
  return fn({ ...rest, data: data.map((r) => Object.fromEntries(keep.map((k) => [k, r[k]]))) });
}
