// One log line per answered request, written once the answer has gone (README.md,
// "Configuration": LOG_LEVEL). A failure (5xx) is an `error` line with the error's stack,
// a refusal (4xx) an `info` line with the reason the caller was given, anything else a
// `debug` line; each names the request id (also in the answer's X-Request-Id header and a
// 5xx's body), the operation, the signed-in account, the status and the time taken.
// Fastify's own per-request lines are off (`QuietRequests`): they said less, twice a call.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';

/** What a 5xx failed with, or a 4xx was refused for, by request: the onResponse line reads it. */
const failures = new WeakMap<FastifyRequest, Error>();
const refusals = new WeakMap<FastifyRequest, string>();
export const noteServerError = (req: FastifyRequest, err: Error) => void failures.set(req, err);
export const noteRefusal = (req: FastifyRequest, reason: string) => void refusals.set(req, reason);
/** A request answered by a stream open as long as its page is (live updates): its time is never slow. */
const longLived = new WeakSet<FastifyRequest>();
export const noteLongLived = (req: FastifyRequest) => void longLived.add(req);

/**
 * An answer this slow is a warning even when it succeeded: the operator sees a stalled database
 * or a long query holding PGlite's one connection without turning debug on.
 */
const SLOW_MS = 3_000;

/** The levels at which a debug line is written. */
const DEBUG_ON = new Set(['debug', 'trace']);

/** An id a caller (a proxy, a load balancer) may choose: short, and safe in a log line and a header. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it is a safe token, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : crypto.randomUUID();
}

/** Fastify's "incoming request" and "request completed" lines off; its rarer warnings (a stream cut, a serializer failing) kept. */
export class QuietRequests extends LogController {
  override incomingRequest() {}
  override requestCompleted() {}
}

export function registerRequestLog(app: FastifyInstance, slowMs = SLOW_MS) {
  // Set first, so every answer carries it, errors and 404s included.
  app.addHook('onRequest', async (req, reply) => void reply.header('X-Request-Id', req.id));
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    // An answer that went well in time is a debug line: with debug off, nothing is built for it.
    if (status < 400 && (ms < slowMs || longLived.has(req)) && !DEBUG_ON.has(req.log.level)) return;
    const path = pathOf(req);
    const line = { op: req.routeOptions.config?.opId, user: req.user?.id, method: req.method, path, status, ms };
    const said = `${req.method} ${path} ${status}`;
    if (status >= 500) req.log.error({ ...line, err: failures.get(req) }, said);
    else if (status >= 400) req.log.info({ ...line, reason: refusals.get(req) }, said);
    else if (line.ms >= slowMs && !longLived.has(req))
      req.log.warn({ ...line, slow: true }, `${said}: slow, ${Math.round(line.ms)} ms`);
    else req.log.debug(line, said);
  });
}

/** The line of a URL Fastify could not route (bad percent-encoding, too long a parameter): no hook runs for it. */
export function logRefusedUrl(req: FastifyRequest, status: number, reason: string) {
  const path = pathOf(req);
  req.log.info({ method: req.method, path, status, reason }, `${req.method} ${path} ${status}`);
}

/** The path asked for, without its query string (searches, e-mails) and cut to 200 characters. */
const pathOf = (req: FastifyRequest) => {
  const path = req.url.split('?')[0];
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
};
