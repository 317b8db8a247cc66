// Live updates: the signed-in app reads GET /admin/v1/events (contract/events.ts) and hears
// what others commit. fetch and a ReadableStream, not EventSource, so the bearer header goes
// with it. A change made by someone else is announced like a local write's `touches`
// (`announceTouched`, ./call.ts), so every store and list that refreshes after a local call
// refreshes after theirs too; forms hear it through `onRemoteChange`. A dropped stream
// reconnects with backoff and Last-Event-ID, so nothing between is missed; told `reload` (the
// gap is older than the server keeps), every listener is told to read afresh. Who has a record
// open (`event: presence`) goes to `onPresence`.
import type { AnyOp } from '@contract/operation';
import { streamEvents, type ChangeEvent } from '@contract/events';
import { readEventStream, type StreamMessage } from '@contract/eventStream';
import type { PresenceEvent } from '@contract/presence';
import { announceTouched } from './call';
import { reportUnauthorized, requestHeaders } from './client';

/** Backoff between reconnects: doubling from 0.5 s to 15 s, reset once a stream opened. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
/** No byte for this long (three missed heartbeats): the connection is taken as dead. */
const SILENCE_MS = 50_000;

type ChangeListener = (e: ChangeEvent) => void;
const changeListeners = new Set<ChangeListener>();

/** Hear of every change someone else committed (a form whose record it names offers Reload). */
export function onRemoteChange(fn: ChangeListener): () => void {
  changeListeners.add(fn);
  return () => void changeListeners.delete(fn);
}

type PresenceListener = (e: PresenceEvent) => void;
const presenceListeners = new Set<PresenceListener>();

/** Hear who has a record open, as it changes (`event: presence`; src/store/presence.ts keeps it). */
export function onPresence(fn: PresenceListener): () => void {
  presenceListeners.add(fn);
  return () => void presenceListeners.delete(fn);
}

interface LiveOptions {
  /** The signed-in admin's id: changes they made here or in another tab are not news. */
  me: number | null;
  /** When the stream says the gap is too old (default: announce every resource stale). */
  onReload?: () => void;
  /** Another fetch (tests). */
  fetch?: typeof fetch;
}

/** What a remote change looks like to a touch listener: its operation as far as the event tells. */
const opOf = (e: ChangeEvent) =>
  ({
    id: e.operation,
    resource: e.resource ?? undefined,
    touches: e.touches,
    method: 'POST',
    path: streamEvents.path,
    summary: '',
    tag: '',
    access: 'admin',
    response: streamEvents.response,
  }) as AnyOp;

/** Applies one change from the stream: the same refresh a local write's `touches` makes. */
function applyRemoteChange(e: ChangeEvent, me: number | null): void {
  if (me !== null && e.actor?.id === me) return;
  changeListeners.forEach((fn) => fn(e));
  if (e.touches.length) announceTouched(e.touches, opOf(e), null, true);
}

/**
 * Opens the stream and keeps it open until the returned function is called (sign-out, or the
 * signed-in frame going away). `delays` reports what it waited, for the tests.
 */
export function openLiveUpdates(opts: LiveOptions): () => void {
  const doFetch = opts.fetch ?? fetch.bind(globalThis);
  let stopped = false;
  let lastId: string | null = null;
  let retry = RETRY_MIN_MS;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    if (stopped) return;
    abort = new AbortController();
    const { headers, hasToken } = requestHeaders();
    if (!hasToken) return;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const alive = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => abort?.abort(), SILENCE_MS);
    };
    try {
      const res = await doFetch(streamEvents.path, {
        headers: { ...headers, Accept: 'text/event-stream', ...(lastId && { 'Last-Event-ID': lastId }) },
        signal: abort.signal,
        cache: 'no-store',
      });
      if (res.status === 401) {
        reportUnauthorized(await res.json().catch(() => null));
        return;
      }
      if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
      alive();
      retry = RETRY_MIN_MS;
      await readEventStream(res.body.pipeThrough(new TextDecoderStream()).getReader(), {
        message: handle,
        chunk: alive,
      });
    } catch {
      // dropped, refused or aborted: tried again below unless stopped
    } finally {
      if (silence) clearTimeout(silence);
    }
    if (stopped) return;
    timer = setTimeout(() => void connect(), retry);
    retry = Math.min(retry * 2, RETRY_MAX_MS);
  };

  const handle = ({ event, id, data }: StreamMessage) => {
    if (id !== undefined) lastId = id;
    if (event === 'reload') (opts.onReload ?? reloadAll)();
    else if (event === 'change' || event === 'presence') {
      try {
        const parsed: unknown = JSON.parse(data);
        if (event === 'change') applyRemoteChange(parsed as ChangeEvent, opts.me);
        else presenceListeners.forEach((fn) => fn(parsed as PresenceEvent));
      } catch {
        // a message this version cannot read: skipped
      }
    }
  };

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    abort?.abort();
  };
}

/** Missed more than the server keeps: every resource a write could touch is stale. */
function reloadAll() {
  announceTouched(['*'], opOf({ operation: 'events.reload', touches: ['*'] } as ChangeEvent), null, true);
}
