// Bearer-token authentication. `requireUser` for /api/v1 calls that need a session,
// `requireAdmin` for everything under /admin/v1: no token or an expired one is 401,
// a signed-in non-admin is 403.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../contract/auth';
import type { Auth } from '../services/auth';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionId: number | null;
  }
}

export const bearer = (req: FastifyRequest) => {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
};

export function guards(auth: Auth) {
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
