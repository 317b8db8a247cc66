// Bearer-token authentication, run as a route's onRequest hook (server/http/handle.ts), so
// it settles who is calling before the body is parsed. `requireUser` for /api/v1 calls that
// need a session, `requireStaff` for everything under /admin/v1: no token or an expired
// one is 401, a signed-in app user is 403. Which staff role may run which call is one
// question, `mayRun` (contract/roles.ts), asked here for every admin call and by the
// browser alike; a refusal says what the role may not do (`refusalFor`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ENDED, type User } from '@contract/auth';
import type { AnyOp } from '@contract/operation';
import { isStaff, mayRun, refusalFor } from '@contract/roles';
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

export function guards(auth: Pick<Auth, 'authenticate' | 'whyEnded'>) {
  async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(req);
    if (!token) throw new HttpError(401, SESSION_ENDED.missing, {}, { reason: 'missing' });
    const found = await auth.authenticate(token);
    if (!found) {
      // Said with its reason, so the sign-in page can tell why (a password changed in another tab).
      const reason = await auth.whyEnded(token);
      throw new HttpError(401, SESSION_ENDED[reason], {}, { reason });
    }
    req.user = found.user;
    req.sessionId = found.sessionId;
  }
  /** The hook of an admin call: a staff account whose role may run `op`. */
  const requireStaff = (op: Pick<AnyOp, 'access' | 'permission' | 'method' | 'readOnly'>) =>
    async function (req: FastifyRequest, reply: FastifyReply) {
      await requireUser(req, reply);
      const { role } = req.user!;
      if (!isStaff(role) || !mayRun(role, op)) throw new HttpError(403, refusalFor(role, op));
    };
  return { requireUser, requireStaff };
}

export type Guards = ReturnType<typeof guards>;
