// Text PostgreSQL cannot hold is bad input, whatever part of a call it came in (path, query
// string, JSON body, form field) and whatever the schema says of it:
// - a NUL (U+0000): text and jsonb refuse it ("invalid byte sequence for encoding UTF8: 0x00"),
//   which answered 500 wherever such a field reached SQL;
// - a UTF-16 surrogate without its pair, which JSON can spell ("\ud800") and UTF-8 cannot: text
//   stored U+FFFD in its place without a word, jsonb refused it. URL text and form fields
//   arrive as UTF-8 (a surrogate's bytes there stay as the text "%ED%A0%80"), so only a JSON
//   body carries one.
// The check wraps the one validator (server/services/validate.ts validatorOf), which every call
// (server/app.ts, server/http/handle.ts) and every CSV row passes, and answers as it does: a
// 422 naming the field by its label, "Name contains a character that cannot be stored (NUL)."
import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv';

/**
 * `fn`, refusing also any string of the data (after coercion) that cannot be stored, and any key
 * (a saved view's column names are keys of a jsonb object), as the keyword `storable`. A value
 * the schema already refused is not named twice.
 */
export function storableOnly(fn: ValidateFunction, schema: object): ValidateFunction {
  const check = ((data: unknown, ctx?: Parameters<ValidateFunction>[1]) => {
    const valid = fn(data, ctx);
    const refused = new Set((fn.errors ?? []).map((e) => e.instancePath));
    const found = unstorable(data).filter((u) => !refused.has(u.instancePath));
    const errors: ErrorObject[] = [
      ...(fn.errors ?? []),
      ...found.map(({ instancePath, steps, character }) => ({
        instancePath,
        schemaPath: '#',
        keyword: 'storable',
        params: { character },
        message: `contains a character that cannot be stored (${character})`,
        // The field's own schema, whose title names it (validationFields).
        parentSchema: schemaAt(schema, steps) as AnySchemaObject | undefined,
      })),
    ];
    check.errors = errors.length ? errors : null;
    return valid && !found.length;
  }) as ValidateFunction;
  return Object.assign(check, { schema: fn.schema, schemaEnv: fn.schemaEnv });
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What makes `text` unstorable, in words for a message ("NUL"); null when it can be stored.
 * Also for text read from a file's JSON, which no schema checks (server/services/crawlImport.ts).
 */
export const unstorableIn = (text: string) =>
  text.includes('\0') ? 'NUL' : LONE_SURROGATE.test(text) ? 'an unpaired surrogate' : null;

interface Unstorable {
  instancePath: string;
  /** The path as keys, for finding the field's schema. */
  steps: string[];
  character: string;
}

/** Enough for any form: past it, a body of junk would only cost time to list. */
const MAX_UNSTORABLE = 20;
/** A value deeper than this is named by its ancestor at this depth ("x.0.0…" helps no one). */
const MAX_DEPTH = 8;

/**
 * Every unstorable string in `data` (keys too), in order, at most MAX_UNSTORABLE. Fields the
 * schema does not name are walked too: they are kept, and a handler may store them whole (a
 * jsonb column). However deep: a loop over three flat stacks, not recursion, as a body may nest
 * 20,000 arrays. A body of 100,000 small objects takes about as long as JSON.parse took to read it.
 */
function unstorable(data: unknown): Unstorable[] {
  const out: Unstorable[] = [];
  const named = new Set<string>();
  // The keys from the root to the value being looked at.
  const path: string[] = [];
  const report = (depth: number, character: string) => {
    const steps = path.slice(0, Math.min(depth, MAX_DEPTH));
    const instancePath = steps.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
    if (named.has(instancePath)) return;
    named.add(instancePath);
    out.push({ instancePath, steps, character });
  };
  const values: unknown[] = [data];
  const keys: string[] = [''];
  const depths: number[] = [0];
  while (values.length && out.length < MAX_UNSTORABLE) {
    const v = values.pop();
    const key = keys.pop()!;
    const depth = depths.pop()!;
    if (depth > 0) {
      path.length = depth - 1;
      path.push(key);
    }
    if (typeof v === 'string') {
      const character = unstorableIn(v);
      if (character) report(depth, character);
      continue;
    }
    if (!v || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    // Pushed last to first, so they come off in order.
    const entries = Object.keys(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const k = entries[i];
      const child = (v as Record<string, unknown>)[k];
      if (typeof child !== 'string' && (!child || typeof child !== 'object')) continue;
      values.push(child);
      keys.push(k);
      depths.push(depth + 1);
    }
    // A key is named by the object that holds it: the key itself may not be printable.
    if (!Array.isArray(v))
      for (const k of entries) {
        const character = unstorableIn(k);
        if (character) {
          report(depth, character);
          break;
        }
      }
  }
  return out;
}

type SchemaNode = {
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: unknown;
  items?: unknown;
};

/** The schema of the value at `steps` below `schema` (the first branch of a union that has one). */
function schemaAt(schema: unknown, steps: string[]): unknown {
  if (!steps.length || !schema || typeof schema !== 'object') return steps.length ? undefined : schema;
  const s = schema as SchemaNode;
  const [step, ...rest] = steps;
  for (const branch of s.anyOf ?? s.oneOf ?? [s]) {
    const next =
      (branch.properties && Object.hasOwn(branch.properties, step) ? branch.properties[step] : undefined) ??
      Object.values(branch.patternProperties ?? {})[0] ??
      (typeof branch.additionalProperties === 'object' ? branch.additionalProperties : undefined) ??
      (typeof branch.items === 'object' ? branch.items : undefined);
    const found = next === undefined ? undefined : schemaAt(next, rest);
    if (found !== undefined) return found;
  }
  return undefined;
}
