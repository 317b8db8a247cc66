// Presence (contract/presence.ts): an open record's view or form says so to the server while it
// is open, and hears who else has the same record open. `hold` announces a record and renews
// it every PRESENCE_HEARTBEAT_MS; its release lets go (`left`) on the next turn, so a pane that
// goes from view to form (release, then hold again at once) only changes its mode. Who is
// there comes from each announcement's answer and from the live stream's `event: presence`
// (src/api/events.ts onPresence), kept per held record, and for every record while a list
// watches (a health queue marks the rows another admin is working: `watch`).
import { proxy } from 'valtio';
import { call } from '@/api/call';
import { onPresence } from '@/api/events';
import {
  PRESENCE_HEARTBEAT_MS,
  announcePresence,
  listPresence,
  type PresenceEvent,
  type PresenceMode,
  type PresenceUser,
} from '@contract/presence';
import { session } from './session';

interface PresenceDeps {
  /** `keepalive`: sent even as the page goes away (fetch's keepalive). */
  announce(
    resource: string,
    recordId: number,
    mode: PresenceMode | 'left',
    opts?: { keepalive?: boolean },
  ): Promise<PresenceEvent>;
  /** The signed-in account: never shown as someone else (its other tabs neither). */
  me(): number | null;
  onPresence(fn: (e: PresenceEvent) => void): () => void;
  /** Every record someone has open now (a watching list's first look). */
  list(): Promise<PresenceEvent[]>;
  heartbeatMs?: number;
}

interface Held {
  key: string;
  resource: string;
  id: number;
  mode: PresenceMode;
  /** Holders of the record here (a pane and, say, a dialog over it). */
  count: number;
  renew: ReturnType<typeof setInterval>;
  leaving: ReturnType<typeof setTimeout> | null;
}

const keyOf = (resource: string, id: number) => `${resource}:${id}`;

export function createPresence(deps: PresenceDeps) {
  /** Per held record, everyone with it open as last heard (this account included). */
  const state = proxy({ byRecord: {} as Record<string, PresenceUser[]> });
  const held = new Map<string, Held>();
  let unlisten: (() => void) | null = null;
  /** Lists watching every record's presence. */
  let watching = 0;

  const heard = (e: PresenceEvent) => {
    const key = keyOf(e.resource, e.record_id);
    if (held.has(key)) state.byRecord[key] = e.users;
    else if (watching && e.users.length) state.byRecord[key] = e.users;
    else delete state.byRecord[key];
  };

  const stopListening = () => {
    if (held.size || watching) return;
    unlisten?.();
    unlisten = null;
  };

  const send = (h: Held) =>
    deps.announce(h.resource, h.id, h.mode).then(
      (e) => void (held.get(h.key) === h && heard(e)),
      () => undefined, // the next renewal tries again; presence is a courtesy
    );

  function release(h: Held) {
    clearInterval(h.renew);
    held.delete(h.key);
    delete state.byRecord[h.key];
    deps.announce(h.resource, h.id, 'left').catch(() => undefined);
    stopListening();
  }

  /**
   * Keep who has any record open while a list shows (`others` then answers for every row): a
   * first look at everyone's, then the live stream's changes. The returned function stops.
   */
  function watch(): () => void {
    watching++;
    unlisten ??= deps.onPresence(heard);
    if (watching === 1)
      deps.list().then(
        (all) => {
          if (!watching) return;
          // What the stream told meanwhile is newer than nothing, older than this answer.
          for (const key of Object.keys(state.byRecord)) if (!held.has(key)) delete state.byRecord[key];
          for (const e of all) heard(e);
        },
        () => undefined, // presence is a courtesy: the stream's changes still mark rows
      );
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--watching > 0) return;
      for (const key of Object.keys(state.byRecord)) if (!held.has(key)) delete state.byRecord[key];
      stopListening();
    };
  }

  /** Announce that `resource` `id` is open here in `mode`; the returned function lets it go. */
  function hold(resource: string, id: number, mode: PresenceMode): () => void {
    const key = keyOf(resource, id);
    let h = held.get(key);
    if (h) {
      if (h.leaving) clearTimeout(h.leaving);
      h.leaving = null;
      h.count++;
      if (h.mode !== mode) {
        h.mode = mode;
        void send(h);
      }
    } else {
      const fresh: Held = { key, resource, id, mode, count: 1, leaving: null, renew: 0 as never };
      fresh.renew = setInterval(() => void send(fresh), deps.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
      held.set(key, (h = fresh));
      unlisten ??= deps.onPresence(heard);
      void send(fresh);
    }
    const mine = h;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--mine.count > 0) return;
      mine.leaving = setTimeout(() => release(mine), 0);
    };
  }

  /**
   * Who else has the record open: editing first, then by name, as the server orders them.
   * `from`: a snapshot of `state.byRecord` (a view reads its snapshot, so it renders again).
   */
  function others(
    resource: string,
    id: number,
    from: Readonly<Record<string, readonly PresenceUser[]>> = state.byRecord,
  ): readonly PresenceUser[] {
    const me = deps.me();
    return (from[keyOf(resource, id)] ?? []).filter((u) => u.id !== me);
  }

  /**
   * The page is going (a tab closed, a reload, another site): say so now, so others stop
   * seeing this account in 45 s' time (the server's lapse). The holds stay: a page kept by the
   * back-forward cache comes back with them (`pageShown`).
   */
  function pageHidden() {
    for (const h of held.values()) deps.announce(h.resource, h.id, 'left', { keepalive: true }).catch(() => undefined);
  }

  /** The page came back from the back-forward cache: announce again what is open. */
  function pageShown() {
    for (const h of held.values()) void send(h);
  }

  return { state, hold, watch, others, pageHidden, pageShown };
}

export type Presence = ReturnType<typeof createPresence>;

/** "Sara is editing", "Sara and Omar are viewing", "Sara is editing · Omar is viewing"; null for no one. */
export function presenceLine(users: readonly PresenceUser[]): string | null {
  const part = (mode: PresenceMode) => {
    const names = [...new Set(users.filter((u) => u.mode === mode).map((u) => u.name || 'Someone'))];
    if (!names.length) return null;
    const shown =
      names.length === 1
        ? names[0]
        : names.length <= 3
          ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
          : `${names.slice(0, 2).join(', ')} and ${names.length - 2} others`;
    return `${shown} ${names.length === 1 ? 'is' : 'are'} ${mode}`;
  };
  const line = [part('editing'), part('viewing')].filter(Boolean).join(' · ');
  return line || null;
}

/** The app's presence, on the real API and stream. */
export const presence = createPresence({
  announce: (resource, record_id, mode, opts) =>
    call(announcePresence, { body: { resource, record_id, mode } }, opts).then((r) => r.data),
  me: () => session.user_id,
  onPresence,
  list: () => call(listPresence, { query: {} }).then((r) => r.data),
});

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', presence.pageHidden);
  window.addEventListener('pageshow', (e) => e.persisted && presence.pageShown());
}
