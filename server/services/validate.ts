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
import { inSentence, titleOf } from '@contract/fieldLabels';
import { fieldLabel } from '../errors';
import { storableOnly } from './storable';

// Defaults filled in, unknown fields dropped, and every error at once so a form shows all
// its field errors together. The schemas are TypeBox's, made by code: checking each against
// JSON Schema's meta-schema first would only cost the start ~270 ms to compile that.
// `verbose`: each error carries the schema it broke, whose title names the field as its form
// labels it (contract/fieldLabels.ts).
const base: Options = {
  useDefaults: true,
  removeAdditional: true,
  allErrors: true,
  addUsedSchema: false,
  validateSchema: false,
  verbose: true,
};
const coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));

const compiled = { coercing: new WeakMap<object, ValidateFunction>(), strict: new WeakMap<object, ValidateFunction>() };

/** A validator for `schema`, compiled once; `coerce` for URL text. It fills defaults in place. */
export function validatorOf(schema: TSchema | object, { coerce = false } = {}): ValidateFunction {
  const cache = coerce ? compiled.coercing : compiled.strict;
  let fn = cache.get(schema);
  if (!fn) {
    fn = storableOnly(coerce ? finiteOnly(coercing.compile(schema)) : strict.compile(schema), schema);
    cache.set(schema, fn);
  }
  return fn;
}

/**
 * A validator for `schema` that compiles on its first call: Fastify asks for one per route
 * part at start, and compiling ~300 of them then took most of a second of `npm start`.
 */
export function lazyValidatorOf(schema: TSchema | object, opts: { coerce?: boolean } = {}): ValidateFunction {
  const check = ((data: unknown, ctx?: Parameters<ValidateFunction>[1]) => {
    const fn = validatorOf(schema, opts);
    const valid = fn(data, ctx);
    check.errors = fn.errors;
    return valid;
  }) as ValidateFunction;
  check.errors = null;
  return check;
}

/**
 * Ajv turns the text '1e309' or 'Infinity' into Infinity, which passes its integer check,
 * and checks minimum and maximum only on finite numbers: so `?page=1e309` would reach SQL
 * as Infinity. URL text holds no numbers before coercion, so any number that is not finite
 * afterwards came from such text: refused as out of range.
 */
function finiteOnly(fn: ValidateFunction): ValidateFunction {
  const check = ((data: unknown, ctx?: Parameters<ValidateFunction>[1]) => {
    const valid = fn(data, ctx);
    const infinite = nonFinite(data, '');
    check.errors = [
      ...(fn.errors ?? []),
      ...infinite.map((instancePath) => ({
        instancePath,
        schemaPath: '#',
        keyword: 'finite',
        params: {},
        message: 'is out of range',
      })),
    ];
    if (!check.errors.length) check.errors = null;
    return valid && !infinite.length;
  }) as ValidateFunction;
  return Object.assign(check, { schema: fn.schema, schemaEnv: fn.schemaEnv });
}

function nonFinite(v: unknown, path: string): string[] {
  if (typeof v === 'number') return Number.isFinite(v) ? [] : [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => nonFinite(x, `${path}/${i}`));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => nonFinite(x, `${path}/${k}`));
  return [];
}

interface ValidationIssue {
  instancePath?: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** The schema holding the keyword that failed (Ajv's `verbose`): for 'required', the object's. */
  parentSchema?: unknown;
}

/** Ajv's errors as sentences per field ('Name is required.'). Also used for CSV rows. */
export function validationFields(issues: readonly ValidationIssue[], context = 'body'): Record<string, string[]> {
  // A Map, as a field may be named anything a body holds ('constructor', '__proto__').
  const fields = new Map<string, string[]>();
  const fieldOf = (v: ValidationIssue) => {
    const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    return (v.params as { missingProperty?: string })?.missingProperty ?? (path || context);
  };
  // A nullable field (null, or text of some shape) fails both branches of its union; "must
  // be empty" is no help to someone who typed a value, so the null branch speaks only alone.
  const nullBranch = (v: ValidationIssue) => v.keyword === 'type' && v.params.type === 'null';
  const others = new Set(issues.filter((v) => v.keyword !== 'anyOf' && !nullBranch(v)).map(fieldOf));
  // Each field's title, from whichever of its issues carries one (a nullable field's null
  // branch has none; its union, the anyOf issue, has).
  const titles = new Map<string, string>();
  for (const v of issues) {
    const props = (v.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
    const title =
      v.keyword === 'required' ? titleOf(props?.[String(v.params.missingProperty)]) : titleOf(v.parentSchema);
    if (title && !titles.has(fieldOf(v))) titles.set(fieldOf(v), title);
  }
  for (const v of issues) {
    if (v.keyword === 'anyOf' || (nullBranch(v) && others.has(fieldOf(v)))) continue;
    const field = fieldOf(v);
    const label = inSentence(titles.get(field) ?? fieldLabel(field));
    const text = describe(label, v.message ?? 'is invalid', v.keyword, v.params);
    const texts = fields.get(field) ?? [];
    if (!texts.includes(text)) fields.set(field, [...texts, text]);
  }
  if (!fields.size) fields.set(context, [`${fieldLabel(context)} is invalid.`]);
  return Object.fromEntries(fields);
}

function describe(label: string, message: string, keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case 'required':
      return `${label} is required.`;
    case 'minLength':
      return Number(params.limit) === 1
        ? `${label} must not be empty.`
        : `${label} must be at least ${params.limit} characters.`;
    case 'maxLength':
      return `${label} must be at most ${params.limit} characters.`;
    case 'format':
      return params.format === 'email'
        ? `${label} must be a valid e-mail address.`
        : `${label} is not a valid ${params.format}.`;
    case 'pattern':
      return `${label} has an invalid format.`;
    case 'type':
      return `${label} must be ${article(String(params.type))}.`;
    case 'minimum':
      return `${label} must be at least ${params.limit}.`;
    case 'maximum':
      return `${label} must be at most ${params.limit}.`;
    case 'exclusiveMinimum':
      return `${label} must be more than ${params.limit}.`;
    case 'exclusiveMaximum':
      return `${label} must be less than ${params.limit}.`;
    case 'storable':
      return `${label} contains a character that cannot be stored (${params.character}).`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not an accepted field.`;
    case 'const':
    case 'enum':
      return `${label} is not one of the accepted values.`;
    default:
      return `${label} ${message}.`;
  }
}

const article = (type: string) => {
  const words: Record<string, string> = {
    integer: 'a whole number',
    number: 'a number',
    string: 'text',
    boolean: 'true or false',
    object: 'an object',
    array: 'a list',
    null: 'empty',
  };
  return type
    .split(',')
    .map((t) => words[t] ?? `a ${t}`)
    .join(' or ');
};
