// GET /admin/v1/events (contract/events.ts): a long-lived text/event-stream. Registered here
// by hand, beside registerOperation (server/http/handle.ts), because that wrapper runs a call
// inside a unit of work and answers one serialized body; this answer is open for hours and
// must hold no connection while idle (server/services/events.ts wakes it). The operation
// record gives the path, the access and the schema the OpenAPI document shows.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorEnvelope } from '../../contract/envelope';
import { EVENT_HEARTBEAT_MS, streamEvents, type ChangeEvent } from '../../contract/events';
import type { EventHub } from '../services/events';
import type { PresenceHub } from '../services/presence';
import type { Guards } from './authGuard';

/** How long a closing server lets other answers finish before it cuts what is left. */
const CLOSE_GRACE_MS = 3_000;

export function registerEventStream(
  app: FastifyInstance,
  deps: { hub: EventHub; presence?: PresenceHub; guards: Guards; heartbeatMs?: number },
): { open(): number } {
  const op = streamEvents;
  const open = new Set<PassThrough>();
  // Before the server stops listening: a close waits for every answer in flight, and these
  // never end. A connection a stream's client left behind (an aborted fetch on the PostgreSQL
  // run of tests/api/events.test.ts kept one, not idle to the server) would hold the close
  // forever too: after a grace for answers in flight, what is still open is cut.
  app.addHook('preClose', async () => {
    for (const s of open) s.end();
    deps.hub.stop();
    deps.presence?.stop();
    if (streamed) setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
  let streamed = false;
  app.route({
    method: op.method,
    url: op.path,
    config: { opId: op.id },
    schema: {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      headers: {
        type: 'object',
        properties: { 'last-event-id': { type: 'string', description: 'The last `id:` received: resume after it.' } },
      },
      security: [{ bearer: [] }],
      // Per answer its own media type: the stream as text/event-stream, a refusal as the JSON envelope.
      response: {
        200: { description: 'The stream', content: { 'text/event-stream': { schema: op.response } } },
        '4xx': { description: 'A refusal', content: { 'application/json': { schema: ErrorEnvelope } } },
      },
    },
    onRequest: deps.guards.requireStaff(op),
    handler: async (req, reply) => {
      const { after, reload } = await deps.hub.start(lastEventId(req));
      const out = new PassThrough();
      open.add(out);
      const write = (text: string) => void (out.writable && out.write(text));
      // The retry the browser's EventSource would use; our client keeps its own backoff.
      write(`retry: 2000\nid: ${after}\nevent: ${reload ? 'reload' : 'ready'}\ndata: {}\n\n`);
      const stop = deps.hub.add({
        after,
        user: req.user!.id,
        send: (e: ChangeEvent) => write(`id: ${e.id}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`),
      });
      // Presence has no position: a reconnect learns who is there from its next announcement.
      const unpresence = deps.presence?.add((p) => write(`event: presence\ndata: ${JSON.stringify(p)}\n\n`));
      const beat = setInterval(() => write(': ping\n\n'), deps.heartbeatMs ?? EVENT_HEARTBEAT_MS);
      const end = () => {
        clearInterval(beat);
        stop();
        unpresence?.();
        open.delete(out);
        out.end();
      };
      req.raw.on('close', end);
      streamed = true;
      reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        // nginx and the like would otherwise hold the messages back to fill a buffer.
        .header('X-Accel-Buffering', 'no');
      return reply.send(out);
    },
  });
  return { open: () => open.size };
}

function lastEventId(req: FastifyRequest): number | null {
  const v = req.headers['last-event-id'];
  const text = Array.isArray(v) ? v[0] : v;
  return text && /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null;
}
