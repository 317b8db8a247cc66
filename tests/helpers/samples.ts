// Valid-looking values made from a schema: a contract schema (TypeBox, JSON Schema: `const`,
// `anyOf` with null) or one of the served OpenAPI document (`enum`, `nullable`). The hostile
// tests start from these, so that what they break is the one thing they mean to break.
import fc from 'fast-check';

export interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  description?: string;
}

let serial = 0;
/** A number no other sample of this process had: unique names and e-mails. */
export const nextSerial = () => ++serial;

const PATTERN_SAMPLES = [
  'Fuzz value',
  'https://fuzz.example/x',
  '+971 4 123 4567',
  '123456',
  'fuzz',
  'fuzz-source',
  'card,bank',
];

function sampleString(s: Schema, name: string): string {
  const n = nextSerial();
  if (s.format === 'email') return `sample-${n}@test.example`;
  if (s.format === 'date') return '2030-01-31';
  if (s.format === 'date-time') return '2030-01-31T10:00:00.000Z';
  const fits = (v: string) =>
    v.length >= (s.minLength ?? 0) &&
    v.length <= (s.maxLength ?? Infinity) &&
    (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  const own = /password/.test(name) ? 'sample-password-1' : `Sample ${name} ${n}`.slice(0, s.maxLength ?? 200);
  // Unique where a pattern allows it (codes are unique too), else a fixed sample that fits.
  const found = [own, `S${n}`, `sample-${n}`, ...PATTERN_SAMPLES].find(fits);
  if (found) return found;
  if (s.pattern) return fc.sample(fc.stringMatching(new RegExp(s.pattern)).filter(fits), { numRuns: 1, seed: n })[0];
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

export interface SampleOptions {
  /** Nullable fields: null (fewer references to resolve) or a value (default). */
  nulls?: boolean;
  /** Leave out optional object properties. */
  requiredOnly?: boolean;
  /** A field's value by name, before the schema is asked (`bank_id` → an existing bank). */
  given?: (name: string) => unknown;
}

/** A value `schema` accepts (as far as a schema alone can tell: references may not exist). */
export function sample(s: Schema | undefined, name = '', o: SampleOptions = {}): unknown {
  if (!s) return null;
  const given = name ? o.given?.(name) : undefined;
  if (given !== undefined) return given;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) {
    const nullable = s.anyOf.some((b) => b.type === 'null');
    if (nullable && o.nulls) return null;
    return sample(s.anyOf.find((b) => b.type !== 'null') ?? s.anyOf[0], name, o);
  }
  if (s.nullable && o.nulls) return null;
  switch (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type) {
    case 'object': {
      const required = new Set(s.required ?? []);
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          // Files go in a form only; `remove_<file>` flags are nobody's default.
          .filter(([k, v]) => v.format !== 'binary' && !k.startsWith('remove_') && (!o.requiredOnly || required.has(k)))
          .map(([k, v]) => [k, sample(v, k, o)]),
      );
    }
    case 'array':
      return s.items ? [sample(s.items, name, o)] : [];
    case 'integer':
    case 'number':
      return s.minimum !== undefined ? Math.max(s.minimum, Math.min(1, s.maximum ?? 1)) : 1;
    case 'boolean':
      return true;
    case 'string':
      return sampleString(s, name);
    case undefined: // no type: any value will do
    default:
      return null;
  }
}

/** How a value goes into a URL or a form field: lists as '1,2', null as ''. */
export const asText = (v: unknown): string =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.map(asText).join(',') : String(v);
