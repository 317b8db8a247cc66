// The one JSON-schema validator of the server: Fastify validates every call with it
// (server/app.ts) and the CSV import checks every row with it against the add call's body
// schema, so a row is accepted exactly when the same record sent to the API would be.
//
// Text from the URL (path and query string) is turned into the numbers and flags its schema
// asks for. A JSON body is taken as it is: `{"type": true}` for a text field is refused,
// not stored as "true". Multipart form fields, which are all text, are typed by their
// schema before validation (server/http/multipart.ts).
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';

// Defaults filled in, unknown fields dropped, and every error at once so a form shows all
// its field errors together.
const base: Options = { useDefaults: true, removeAdditional: true, allErrors: true, addUsedSchema: false };
const coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));

const compiled = { coercing: new WeakMap<object, ValidateFunction>(), strict: new WeakMap<object, ValidateFunction>() };

/** A validator for `schema`, compiled once; `coerce` for URL text. It fills defaults in place. */
export function validatorOf(schema: TSchema | object, { coerce = false } = {}): ValidateFunction {
  const cache = coerce ? compiled.coercing : compiled.strict;
  let fn = cache.get(schema);
  if (!fn) {
    fn = (coerce ? coercing : strict).compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}
