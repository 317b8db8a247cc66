// Presence: who else has a record open ("Sara is editing"). An open record's view or form
// announces itself every PRESENCE_HEARTBEAT_MS and lets go when it closes; an announcement
// nobody renews lapses after PRESENCE_TTL_MS (a closed laptop). Changes reach every open app
// on the live stream as `event: presence` (contract/events.ts), data a PresenceEvent.
// Announcing is no change to the catalogue: it leaves no audit entry and no change event.
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { Id } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';

/** How often an open record renews its announcement. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/** An announcement not renewed for this long has lapsed (two heartbeats missed, and some). */
export const PRESENCE_TTL_MS = 45_000;

export const PresenceMode = Type.Union([Type.Literal('viewing'), Type.Literal('editing')]);
export type PresenceMode = Static<typeof PresenceMode>;

/** One person with the record open. */
export const PresenceUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  mode: PresenceMode,
});
export type PresenceUser = Static<typeof PresenceUser>;

/** Who has one record open now: an `event: presence` message's data, and the announcement's answer. */
export const PresenceEvent = Type.Object({
  resource: Type.String(),
  record_id: Type.Integer(),
  /** Everyone with it open, the caller included; editing first, then by name. */
  users: Type.Array(PresenceUser),
});
export type PresenceEvent = Static<typeof PresenceEvent>;

export const announcePresence = defineOp({
  id: 'presence.announce',
  method: 'POST',
  path: `${ADMIN_ROOT}/presence`,
  summary:
    'Say that you have a record open (`viewing` or `editing`, renewed every 20 s; lapses after 45 s) or closed it (`left`). ' +
    'Others hear it on the live stream as `event: presence`; no audit entry, no change event',
  tag: 'Live updates',
  body: Type.Object({
    /** The resource's name as the contract spells it ('offer', 'bank', 'homepageList'). */
    resource: Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-zA-Z][a-zA-Z0-9]*$' }),
    record_id: Id,
    mode: Type.Union([PresenceMode, Type.Literal('left')]),
  }),
  response: RecordEnvelope(PresenceEvent),
  access: 'admin',
  // Every staff role may say what it has open, a viewer too (contract/roles.ts).
  permission: 'presence.announce',
});

/**
 * Everyone's open records now, one entry a record with someone on it: what a list marks when it
 * opens (a queue's rows another admin is working), before the live stream's changes follow.
 */
export const listPresence = defineOp({
  id: 'presence.list',
  method: 'GET',
  path: `${ADMIN_ROOT}/presence`,
  summary:
    'Who has which record open now (records with nobody are left out); a list marks its rows with it, then follows `event: presence`',
  tag: 'Live updates',
  query: Type.Object({
    resource: Type.Optional(
      Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-zA-Z][a-zA-Z0-9]*$', description: 'one resource only' }),
    ),
  }),
  response: RecordEnvelope(Type.Array(PresenceEvent)),
  access: 'admin',
});
