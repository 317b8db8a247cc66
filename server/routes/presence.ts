// Presence's calls (contract/presence.ts): an open record's announcement, renewal or leave, and
// who has which record open now (a list's first look, before the live stream's changes).
// It writes only `presence`, which the audit log does not watch (migration 022), so the call
// leaves no entry, and with no entry registerOperation records no change event either
// (server/http/handle.ts): others hear of it as `event: presence` (server/services/presence.ts).
import { PRESENCE_TTL_MS, announcePresence, listPresence } from '@contract/presence';
import { bind, type Bound } from '../http/handle';
import { announce, presentNow } from '../services/presence';

export function presenceHandlers(deps: { ttlMs?: number }): Bound[] {
  return [
    bind(announcePresence, async ({ body }, tx, ctx) => {
      const data = await announce(tx, ctx.user!, body, deps.ttlMs ?? PRESENCE_TTL_MS);
      return { message: body.mode === 'left' ? 'Left.' : 'Noted.', data };
    }),
    bind(listPresence, async ({ query }, tx) => ({
      message: 'Presence fetched.',
      data: await presentNow(tx, query.resource),
    })),
  ];
}
