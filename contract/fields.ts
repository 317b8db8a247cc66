// Field schemas shared by the entity contracts. Nullable unions list Null first so Ajv's
// coercion turns an empty form field into null rather than "".
import * as Type from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([Type.Null(), t]);
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const Name = Type.String({ minLength: 2, maxLength: 120, pattern: '\\S' });
export const Url = Type.String({ maxLength: 300, pattern: '^https?://\\S+$' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Phone = Type.String({ maxLength: 30, pattern: '^[0-9+() -]+$' });
export const Text = (max: number) => Type.String({ maxLength: max });
/** A calendar date, YYYY-MM-DD. */
export const DateOnly = Type.String({ format: 'date' });
export const Timestamps = {
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};
/** Ids from a multipart form arrive as "1,2,3" or repeated fields; JSON sends arrays. */
export const IdList = Type.Array(Id, { maxItems: 500, uniqueItems: true });
