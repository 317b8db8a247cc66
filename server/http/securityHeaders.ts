// Security headers on every answer, by helmet, its middleware made once. @fastify/helmet made
// it again on every request (each of its header middlewares, the CSP's directives parsed and
// checked): the CSP's parsing alone was among the top functions of a CPU profile of the
// offers list under load (bench/listProfile.ts, issue 37). The headers are set on the raw
// answer before the route runs, as the plugin set them: a route's own (an upload's stricter
// CSP, server/app.ts; the API reference's) still replaces one.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmet(options);
  app.addHook('onRequest', (req, reply, done) =>
    headers(req.raw, reply.raw, (err?: unknown) =>
      err === undefined ? done() : done(err instanceof Error ? err : new Error(String(err))),
    ),
  );
}
