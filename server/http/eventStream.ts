// GET /admin/v1/events (contract/events.ts): a long-lived text/event-stream. Registered here
// by hand, beside registerOperation (server/http/handle.ts), because that wrapper runs a call
// inside a unit of work and answers one serialized body; this answer is open for hours and
// must hold no connection while idle (server/services/events.ts wakes it). The operation
// record gives the path, the access and the schema the OpenAPI document shows.
//
// A stream lives no longer than its session (server/services/streamSessions.ts ends it), holds
// at most `bufferBytes` unsent (a client that stops reading is dropped, and resumes with
// Last-Event-ID when it reads again), and a session and an account may open only so many.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorEnvelope } from '@contract/envelope';
import { EVENT_HEARTBEAT_MS, streamEvents, type ChangeEvent } from '@contract/events';
import type { EventHub } from '../services/events';
import type { PresenceHub } from '../services/presence';
import { TooManyRequests } from '../services/signinLimits';
import type { SessionEnd, SessionWatch } from '../services/streamSessions';
import type { Guards } from './authGuard';
import { noteLongLived } from './requestLog';

/** How long a closing server, or a stream ended by its session, lets what was sent go out before it cuts. */
const CLOSE_GRACE_MS = 3_000;
/** A stream whose unsent bytes stay above half its cap, not going down for this long, is not being read. */
const STALL_MS = 10_000;
/** What the chunked encoding adds to a message on the wire (its length line and end), counted as unsent too. */
const CHUNK_FRAMING = 16;
/** What a 429 for too many streams says to wait: about one backoff step of src/api/events.ts. */
const RETRY_AFTER_S = 5;

interface StreamLimits {
  /** Unsent bytes one stream may hold (STREAM_BUFFER_KB): past it its client is dropped. */
  bufferBytes: number;
  /** Streams one session may have open on this process (STREAMS_PER_SESSION). */
  perSession: number;
  /** Streams one account may have open on this process, all its sessions together (STREAMS_PER_ACCOUNT). */
  perAccount: number;
}

/** Why a stream ended, as its log line says it. */
type Ending = SessionEnd | 'not reading' | 'server closing' | 'client closed';

export function registerEventStream(
  app: FastifyInstance,
  deps: {
    hub: EventHub;
    presence?: PresenceHub;
    sessions: SessionWatch;
    guards: Guards;
    limits: StreamLimits;
    heartbeatMs?: number;
    stallMs?: number;
  },
): { open(): number } {
  const op = streamEvents;
  const { bufferBytes, perSession, perAccount } = deps.limits;
  const stallMs = deps.stallMs ?? STALL_MS;
  const open = new Set<(why: Ending) => void>();
  const bySession = new Map<number, number>();
  const byAccount = new Map<number, number>();
  // Before the server stops listening: a close waits for every answer in flight, and these
  // never end. A connection a stream's client left behind (an aborted fetch on the PostgreSQL
  // run of tests/api/events.test.ts kept one, not idle to the server) would hold the close
  // forever too: after a grace for answers in flight, what is still open is cut.
  app.addHook('preClose', async () => {
    for (const close of open) close('server closing');
    deps.hub.stop();
    deps.presence?.stop();
    deps.sessions.stop();
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
      const sessionId = req.sessionId!;
      const account = req.user!.id;
      // Counted before the first await, so streams opened at once cannot all pass one count.
      const refusal =
        (bySession.get(sessionId) ?? 0) >= perSession
          ? `This session already has ${perSession} live update streams open, the most one session may have. Close another tab of the app, or try again once one has closed.`
          : (byAccount.get(account) ?? 0) >= perAccount
            ? `This account already has ${perAccount} live update streams open, the most one account may have. Close the app in another tab or browser, or try again once one has closed.`
            : null;
      if (refusal) throw new TooManyRequests(RETRY_AFTER_S, refusal, 'message');
      const release = () => {
        count(bySession, sessionId, -1);
        count(byAccount, account, -1);
      };
      count(bySession, sessionId, 1);
      count(byAccount, account, 1);
      let start;
      try {
        start = await deps.hub.start(lastEventId(req));
      } catch (err) {
        release();
        throw err;
      }
      const { after, reload } = start;
      // Written to the response itself, not through a stream Fastify pipes: a write goes
      // straight to the socket, so what is left unsent is what the client has not taken
      // (the kernel's buffers full), not what a pipe has yet to move in its next turn.
      reply.hijack();
      noteLongLived(req);
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders), // X-Request-Id, no-store, helmet's
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and the like would otherwise hold the messages back to fill a buffer.
        'x-accel-buffering': 'no',
      });
      const opened = Date.now();
      /** What the client has not taken yet: in the response and its socket. */
      const unsent = () => res.writableLength;
      let peak = 0;
      let closed = false;
      let stall: ReturnType<typeof setInterval> | null = null;
      /** Undone when it ends: its counts, the hubs' and the session watch's subscriptions, the heartbeat. */
      const releases: (() => void)[] = [release];

      const close = (why: Ending) => {
        if (closed) return;
        closed = true;
        if (stall) clearInterval(stall);
        for (const undo of releases) undo();
        open.delete(close);
        const line = { user: account, session: sessionId, reason: why, ms: Date.now() - opened, peak, bufferBytes };
        if (why === 'client closed') req.log.debug(line, 'live stream closed by its client');
        else req.log.info(line, `live stream ended: ${why}`);
        if (why === 'not reading') {
          // What it did not read is let go at once; it resumes from its last id when it reads again.
          res.destroy();
          return;
        }
        res.end();
        // A client that reads nothing would hold the end forever.
        setTimeout(() => void (res.writableFinished || res.destroy()), CLOSE_GRACE_MS).unref();
      };
      // Nothing is written past the cap: a message that does not fit drops the client.
      const write = (text: string) => {
        if (closed) return;
        const before = unsent();
        const total = before + Buffer.byteLength(text) + CHUNK_FRAMING;
        // One message larger than the cap still goes out on an empty buffer, or it would never go.
        if (before > 0 && total > bufferBytes) return close('not reading');
        res.write(text);
        peak = Math.max(peak, total);
      };
      // Change events are handed over while under half the cap; the rest wait in the hub at
      // this stream's position until the socket has taken what it holds ('drain'). Not going
      // down for `stallMs` means the client reads nothing: it is dropped. Found without room
      // (by the hub, or after a message), the stream starts waiting for it, so the hub is
      // always told when to go on.
      const room = () => {
        if (closed) return false;
        if (unsent() < bufferBytes / 2) return true;
        waitForRoom();
        return false;
      };
      const waitForRoom = () => {
        if (stall) return;
        let last = unsent();
        let moved = Date.now();
        const resume = () => {
          if (!stall) return;
          clearInterval(stall);
          stall = null;
          res.off('drain', resume);
          deps.hub.resume();
        };
        res.once('drain', resume);
        stall = setInterval(
          () => {
            const now = unsent();
            if (now < bufferBytes / 2) return resume();
            if (now < last) moved = Date.now();
            last = now;
            if (Date.now() - moved >= stallMs) close('not reading');
          },
          Math.min(250, stallMs / 4),
        );
        stall.unref();
      };

      // The retry the browser's EventSource would use; our client keeps its own backoff.
      write(`retry: 2000\nid: ${after}\nevent: ${reload ? 'reload' : 'ready'}\ndata: {}\n\n`);
      releases.push(
        deps.hub.add({
          after,
          user: account,
          room,
          send: (e: ChangeEvent) => {
            write(`id: ${e.id}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`);
            room(); // full now: the stall watch starts at once
          },
        }),
      );
      // Presence has no position: a reconnect learns who is there from its next announcement.
      if (deps.presence)
        releases.push(deps.presence.add((p) => write(`event: presence\ndata: ${JSON.stringify(p)}\n\n`)));
      releases.push(deps.sessions.add({ sessionId, end: close }));
      const beat = setInterval(() => write(': ping\n\n'), deps.heartbeatMs ?? EVENT_HEARTBEAT_MS);
      releases.push(() => clearInterval(beat));
      open.add(close);
      res.on('close', () => close('client closed'));
      res.on('error', () => close('client closed'));
      streamed = true;
      return reply;
    },
  });
  return { open: () => open.size };
}

function count(counts: Map<number, number>, key: number, by: 1 | -1) {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

function lastEventId(req: FastifyRequest): number | null {
  const v = req.headers['last-event-id'];
  const text = Array.isArray(v) ? v[0] : v;
  return text && /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null;
}
