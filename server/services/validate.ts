// The one JSON-schema validator of the server: Fastify validates every call with it
// (server/app.ts) and the CSV import checks every row with it against the add call's body
// schema, so a row is accepted exactly when the same record sent to the API would be.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';

// Fastify's defaults (coercion from form text, defaults filled in, unknown fields dropped),
// plus every error at once so a form shows all its field errors together.
const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: true, addUsedSchema: false });
addFormats(ajv);

const compiled = new WeakMap<object, ValidateFunction>();

/** A validator for `schema`, compiled once. It coerces and fills defaults in place. */
export function validatorOf(schema: TSchema | object): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}
