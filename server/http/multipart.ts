// Multipart bodies arrive as text (and Buffers for files). Before validation each field is
// typed by the body's schema, as a JSON body would carry it: '3' → 3 for a number, 'true'
// → true for a flag, '1,2,3' or repeated fields → [1, 2, 3] for a list, '' → null for a
// nullable field ("clear the website"). Other repeated fields keep their last value. Text
// that does not read as the type stays text, so validation names the field.
import type { FastifyRequest } from 'fastify';
import type { TObject, TSchema } from '@sinclair/typebox';

type Kind = 'integer' | 'number' | 'boolean' | 'string' | 'other';

export function multipartToBody(schema: TObject) {
  const props = Object.entries(schema.properties as Record<string, TSchema>);
  const fields = new Map(props.map(([k, s]) => [k, describe(s)]));
  return async (req: FastifyRequest) => {
    if (!req.isMultipart()) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) {
      const f = fields.get(k);
      if (!f || Buffer.isBuffer(v)) continue;
      if (f.list) {
        body[k] = (Array.isArray(v) ? v : [v])
          .flatMap((x) => String(x).split(','))
          .map((x) => x.trim())
          .filter(Boolean)
          .map((x) => typed(f.item, x));
        continue;
      }
      const text = Array.isArray(v) ? v[v.length - 1] : v;
      body[k] = text === '' && f.nullable ? null : typeof text === 'string' ? typed(f.kind, text) : text;
    }
    req.body = body;
  };
}

function typed(kind: Kind, text: string): unknown {
  if ((kind === 'integer' || kind === 'number') && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  if (kind === 'boolean' && /^(true|false|1|0)$/i.test(text.trim())) return /^(true|1)$/i.test(text.trim());
  return text;
}

/** What a field holds: its type, whether null is allowed, and for a list its items' type. */
function describe(schema: TSchema): { kind: Kind; nullable: boolean; list: boolean; item: Kind } {
  const branches = (Array.isArray(schema.anyOf) ? schema.anyOf : [schema]) as TSchema[];
  const nullable = branches.some((b) => b.type === 'null');
  const value = branches.find((b) => b.type !== 'null') ?? schema;
  const kindOf = (s: TSchema | undefined): Kind =>
    s?.type === 'integer' || s?.type === 'number' || s?.type === 'boolean' || s?.type === 'string' ? s.type : 'other';
  return {
    kind: kindOf(value),
    nullable,
    list: value.type === 'array',
    item: kindOf(value.items as TSchema | undefined),
  };
}
