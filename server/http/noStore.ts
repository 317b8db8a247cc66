// An API answer is one caller's, true until the next write: no browser or proxy may keep it
// (a shared machine's back button, a caching proxy). Every answer under /admin/v1 and
// /api/v1 says so, refusals and 404s too; the app's own files have their own caching.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ROOT, AUTH_ROOT } from '@contract/operation';

const isApiUrl = (url: string) =>
  [ADMIN_ROOT, AUTH_ROOT].some((root) => url === root || url.startsWith(`${root}/`) || url.startsWith(`${root}?`));

export const noStore = (req: FastifyRequest, reply: FastifyReply) =>
  void (isApiUrl(req.url) && reply.header('Cache-Control', 'no-store'));

/** Set as the request comes in, so whatever answers it (a handler, a refusal, a 404) keeps it. */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => noStore(req, reply));
}
