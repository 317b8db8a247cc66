// TypeBox's builders as the browser's build has them (vite.config.ts aliases '@sinclair/typebox'
// to this file; the server, the tests and the type checker use TypeBox itself). The browser
// never checks a value against a schema: it builds contract/'s schemas only because every
// operation holds them, and reads a few fields of some (a list's query keys, a filter's
// choices). TypeBox's own builders handle every kind of type (mapped, computed, template
// literal…): about 9 KB minified in the sign-in page's download, for the fifteen calls
// contract/ makes. These make the same objects, symbols included, for the shapes contract/
// uses, and refuse any other; typeboxLite.test.ts builds every schema of contract/ both ways
// and compares them.

/** TypeBox's own symbol keys (global symbols: the same values as TypeBox's). */
export const Kind = Symbol.for('TypeBox.Kind');
const OptionalKind = Symbol.for('TypeBox.Optional');

type Schema = { [key: string | symbol]: unknown };
type Options = Schema | undefined;

/** TypeBox's CreateType in its default instance mode: options under the schema's own keys. */
const create = (schema: Schema, options?: Options): Schema =>
  options !== undefined ? { ...options, ...schema } : schema;
const isKind = (s: unknown, kind: string) => typeof s === 'object' && s !== null && (s as Schema)[Kind] === kind;
const isOptional = (s: Schema) => s[OptionalKind] === 'Optional';
const without = (s: Schema, keys: (string | symbol)[]) => {
  const out = { ...s };
  for (const k of keys) delete out[k];
  return out;
};
function unsupported(what: string): never {
  throw new Error(
    `${what}: not among the shapes src/lib/typeboxLite.ts builds (the browser's TypeBox); add it there, with its test`,
  );
}

export const String = (options?: Options) => create({ [Kind]: 'String', type: 'string' }, options);
export const Integer = (options?: Options) => create({ [Kind]: 'Integer', type: 'integer' }, options);
export const Number = (options?: Options) => create({ [Kind]: 'Number', type: 'number' }, options);
export const Boolean = (options?: Options) => create({ [Kind]: 'Boolean', type: 'boolean' }, options);
export const Null = (options?: Options) => create({ [Kind]: 'Null', type: 'null' }, options);
export const Unknown = (options?: Options) => create({ [Kind]: 'Unknown' }, options);
const Never = (options?: Options) => create({ [Kind]: 'Never', not: {} }, options);
export const Literal = (value: string | number | boolean, options?: Options) =>
  create({ [Kind]: 'Literal', const: value, type: typeof value }, options);
export const Array = (items: Schema, options?: Options) => create({ [Kind]: 'Array', type: 'array', items }, options);

export function Object(properties: Record<string, Schema>, options?: Options): Schema {
  const required = globalThis.Object.keys(properties).filter((k) => !isOptional(properties[k]));
  return create(
    required.length > 0
      ? { [Kind]: 'Object', type: 'object', required, properties }
      : { [Kind]: 'Object', type: 'object', properties },
    options,
  );
}

export function Union(types: Schema[], options?: Options): Schema {
  if (types.length === 0) return Never(options);
  return types.length === 1 ? create(types[0], options) : create({ [Kind]: 'Union', anyOf: types }, options);
}

export function Optional(schema: Schema, enable?: boolean): Schema {
  return enable === false ? without(schema, [OptionalKind]) : { ...schema, [OptionalKind]: 'Optional' };
}

/** Record(String(), value): any key. */
export function Record(key: Schema, value: Schema, options: Options = {}): Schema {
  if (!isKind(key, 'String')) unsupported('Record with a key other than a string');
  return create(
    {
      [Kind]: 'Record',
      type: 'object',
      patternProperties: { [(key.pattern as string | undefined) ?? '^(.*)$']: value },
    },
    options,
  );
}

/** The rest of an object's schema, for the object a mapping of it makes. */
const objectOptions = (s: Schema) => without(s, [Symbol.for('TypeBox.Transform'), '$id', 'required', 'properties']);
const propertiesOf = (s: Schema, what: string) =>
  isKind(s, 'Object') ? (s.properties as Record<string, Schema>) : unsupported(`${what} of a non-object`);

export function Partial(schema: Schema, options?: Options): Schema {
  const properties = propertiesOf(schema, 'Partial');
  const partial: Record<string, Schema> = {};
  for (const k of globalThis.Object.getOwnPropertyNames(properties)) partial[k] = Optional(properties[k]);
  return { ...Object(partial, objectOptions(schema)), ...options };
}

export function Omit(schema: Schema, keys: readonly string[], options?: Options): Schema {
  if (!globalThis.Array.isArray(keys)) unsupported('Omit by a schema of keys');
  const kept = { ...propertiesOf(schema, 'Omit') };
  for (const k of keys) delete kept[k];
  return { ...Object(kept, objectOptions(schema)), ...options };
}

/** Objects' properties merged; a key in several is their intersection (TypeBox's IntersectEvaluated). */
export function Composite(schemas: Schema[], options?: Options): Schema {
  const all = schemas.map((s) => propertiesOf(s, 'Composite'));
  const keys = [...new Set(all.flatMap((p) => globalThis.Object.getOwnPropertyNames(p)))];
  const properties: Record<string, Schema> = {};
  for (const k of keys) {
    const types = all.flatMap((p) => (k in p ? [p[k]] : []));
    if (types.length === 1) {
      properties[k] = create(types[0], {});
      continue;
    }
    const allOf = types.map((t) => (isOptional(t) ? without(t, [OptionalKind]) : t));
    const intersect = create(
      allOf.every((t) => isKind(t, 'Object'))
        ? { [Kind]: 'Intersect', type: 'object', allOf }
        : { [Kind]: 'Intersect', allOf },
      {},
    );
    properties[k] = types.every(isOptional) ? Optional(intersect) : intersect;
  }
  return Object(properties, options);
}
