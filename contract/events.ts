// The live stream: what changed, as it commits, for every open admin app
// (server/services/events.ts writes and sends it, src/api/events.ts reads it).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ADMIN_ROOT, defineOp } from './operation';

/** One committed write call, as the stream sends it in an `event: change` message's data. */
export const ChangeEvent = Type.Object({
  /** The stream's position: the message's `id:`, named again in Last-Event-ID to resume. */
  id: Type.Integer(),
  /** The operation that wrote ('bank.update', 'offer.bulkUpdate'). */
  operation: Type.String(),
  /** The resource the operation belongs to, when it belongs to one. */
  resource: Type.Union([Type.String(), Type.Null()]),
  /** Resources whose records it changed: an open app refreshes their stores. */
  touches: Type.Array(Type.String()),
  /** The records it names (the path's id, a bulk call's ids, the answer's record), when known. */
  ids: Type.Array(Type.Integer()),
  /** The record's version after the write, when the answer carried one record. */
  version: Type.Union([Type.Integer(), Type.Null()]),
  actor: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});
export type ChangeEvent = Static<typeof ChangeEvent>;

/** A heartbeat comment is sent this often, so proxies and the browser see the stream alive. */
export const EVENT_HEARTBEAT_MS = 15_000;

/**
 * GET /admin/v1/events. Answered as `text/event-stream`, not one JSON body, so the server
 * registers it by hand (server/http/eventStream.ts); it is listed here for the API's page and
 * the OpenAPI document.
 */
export const streamEvents = defineOp({
  id: 'events.stream',
  method: 'GET',
  path: `${ADMIN_ROOT}/events`,
  summary:
    'Live updates: a text/event-stream of committed changes (`event: change`, data a ChangeEvent, `id:` its position). ' +
    'Send Last-Event-ID to resume after it; `event: reload` means the gap is too old to replay. ' +
    '`event: presence` (no id) says who has a record open now (data a PresenceEvent, contract/presence.ts). A comment every 15 s.',
  tag: 'Live updates',
  response: Type.String({ description: 'text/event-stream' }),
  stream: true,
  access: 'admin',
});
