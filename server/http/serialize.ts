// Fastify's answer serializer, as its default (fast-json-stringify from each route's response
// schemas), but compiled on an answer's first use and once per schema: Fastify asks for one
// per route and status at start (the error envelope alone ~160 times), and compiling them
// all then was a large part of `npm start`'s time before /health answered.
import fastJsonStringify from 'fast-json-stringify';

type Serialize = (data: unknown) => string;

const compiled = new WeakMap<object, Serialize>();

export function lazySerializerOf({ schema }: { schema: object }): Serialize {
  let fn: Serialize | undefined;
  return (data) => {
    if (!fn) {
      fn = compiled.get(schema) ?? (fastJsonStringify(schema) as Serialize);
      compiled.set(schema, fn);
    }
    return fn(data);
  };
}
