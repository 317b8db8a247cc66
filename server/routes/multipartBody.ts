// Multipart bodies arrive as strings (and Buffers for files). Before validation, an empty
// string in a nullable field becomes null so "clear the website" works from a form.
import type { FastifyRequest } from 'fastify';
import type { TObject } from '@sinclair/typebox';

export function multipartToBody(schema: TObject) {
  const nullable = new Set(
    Object.entries(schema.properties)
      .filter(([, s]) => JSON.stringify(s).includes('"type":"null"'))
      .map(([k]) => k),
  );
  return async (req: FastifyRequest) => {
    if (!req.isMultipart()) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) {
      if (v === '' && nullable.has(k)) body[k] = null;
      else if (Array.isArray(v)) body[k] = v[v.length - 1];
    }
    req.body = body;
  };
}
