// Multipart bodies arrive as strings (and Buffers for files). Before validation: an empty
// string in a nullable field becomes null ("clear the website"), list fields accept
// repeated fields or "1,2,3", and other repeated fields keep their last value.
import type { FastifyRequest } from 'fastify';
import type { TObject } from '@sinclair/typebox';

export function multipartToBody(schema: TObject) {
  const json = (k: string) => JSON.stringify(schema.properties[k] ?? {});
  const nullable = new Set(Object.keys(schema.properties).filter((k) => json(k).includes('"type":"null"')));
  const lists = new Set(Object.keys(schema.properties).filter((k) => json(k).includes('"type":"array"')));
  return async (req: FastifyRequest) => {
    if (!req.isMultipart()) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) {
      if (lists.has(k)) body[k] = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean);
      else if (v === '' && nullable.has(k)) body[k] = null;
      else if (Array.isArray(v)) body[k] = v[v.length - 1];
    }
    req.body = body;
  };
}
