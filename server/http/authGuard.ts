// Bearer-token authentication, run as a route's onRequest hook (server/http/handle.ts), so
// it settles who is calling before the body is parsed. `requireUser` for /api/v1 calls that
// need a session, `requireAdmin` for everything under /admin/v1: no token or an expired
// one is 401, a signed-in non-admin is 403.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../contract/auth';
import type { Auth } from '../services/auth';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionId: number | null;
  }
}

/** The token of an `Authorization: Bearer …` header (the scheme is case-insensitive). */
export const bearer = (req: FastifyRequest) => {
  const m = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
};

export function guards(auth: Pick<Auth, 'authenticate'>) {
  async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(req);
    if (!token) throw new HttpError(401, 'Sign in to continue.');
    const found = await auth.authenticate(token);
    if (!found) throw new HttpError(401, 'Your session has expired. Please sign in again.');
    req.user = found.user;
    req.sessionId = found.sessionId;
  }
  async function requireAdmin(req: FastifyRequest, reply: FastifyReply) {
    await requireUser(req, reply);
    if (req.user!.role !== 'admin') throw new HttpError(403, 'Only administrators can do this.');
  }
  return { requireUser, requireAdmin };
}

export type Guards = ReturnType<typeof guards>;
