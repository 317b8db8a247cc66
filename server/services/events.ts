// Live updates (contract/events.ts). Every write call that touches resources leaves one row in
// `change_events` (migration 020) in its own transaction (server/http/handle.ts), so a row is there
// exactly when its change committed. Streams (server/http/eventStream.ts) hold no connection:
// the Db's `onWrites` (this process's commits, and on PostgreSQL every other process's NOTIFY)
// wakes the hub, which reads the rows after the oldest position any stream has sent, once for
// all of them, and hands each stream those after its own position. A reconnect names its last
// id (Last-Event-ID) and starts from there: nothing between is lost, unless it was pruned, and
// then the stream says to reload. An event of a record private to one account (a saved view
// not shared: server/services/privateRows.ts) goes to that account's streams alone. A stream
// whose socket is full (a slow or stalled reader) is given nothing until it has room again:
// its events wait here, in the database, at its position, not in the server's memory.
import type { AnyOp } from '@contract/operation';
import type { User } from '@contract/auth';
import type { ChangeEvent } from '@contract/events';
import type { Db, Tx } from '../db/connection';
import { backgroundLoop } from './loop';
import { wakeRounds } from './wakeRounds';

/** Rows older than this are pruned; a stream away longer is told to reload. */
const EVENT_KEEP_MS = 24 * 60 * 60 * 1000;
/** How often a process prunes (every process does; the delete is the same whoever runs it). */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Rows read per round; a stream further behind gets the rest in the next round at once. */
const BATCH = 500;

/**
 * Held from the event's insert to the commit: on PostgreSQL two writers could otherwise take
 * ids 10 and 11 and commit 11 first, and a stream that sent 11 would never send 10. With the
 * lock ids commit in their order. It is taken last in the transaction, so it is held only
 * for the commit itself.
 */
const EVENTS_LOCK = 0x65766e74; // 'evnt'

/** What a write call names: the path's id, a bulk call's ids, the answer's record (and its version). */
export function eventOf(op: AnyOp, input: unknown, output: unknown, user: User | null) {
  const ids = new Set<number>();
  const add = (v: unknown) => {
    if (Number.isSafeInteger(v) && (v as number) > 0) ids.add(v as number);
  };
  const { params, body } = (input ?? {}) as { params?: { id?: unknown }; body?: { ids?: unknown } };
  add(params?.id);
  if (Array.isArray(body?.ids)) body.ids.slice(0, 1000).forEach(add);
  const data = (output as { data?: unknown } | null)?.data as { id?: unknown; version?: unknown } | undefined;
  const one = data && typeof data === 'object' && !Array.isArray(data) ? data : undefined;
  add(one?.id);
  return {
    operation: op.id,
    resource: op.resource ?? null,
    touches: [...(op.touches ?? [])],
    ids: [...ids],
    version: Number.isSafeInteger(one?.version) ? (one!.version as number) : null,
    actor: user ? { id: user.id, name: user.name } : null,
  };
}

type EventInput = ReturnType<typeof eventOf>;

/** Writes the event as the transaction's last statement (see EVENTS_LOCK); `onlyFor`: the one account it is told to. */
export async function recordEvent(tx: Tx, e: EventInput, onlyFor: number | null = null): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [EVENTS_LOCK]);
  await tx.query(
    `insert into change_events (operation, resource, touches, ids, version, actor_id, actor_name, private_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [e.operation, e.resource, e.touches, e.ids, e.version, e.actor?.id ?? null, e.actor?.name ?? null, onlyFor],
  );
}

interface Row {
  id: number | string;
  at: Date | string;
  operation: string;
  resource: string | null;
  touches: string[];
  ids: (number | string)[];
  version: number | null;
  actor_id: number | null;
  actor_name: string | null;
  private_to: number | null;
}

const toEvent = (r: Row): ChangeEvent => ({
  id: Number(r.id),
  operation: r.operation,
  resource: r.resource,
  touches: r.touches,
  ids: r.ids.map(Number),
  version: r.version,
  actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? '' },
  at: new Date(r.at).toISOString(),
});

/** An event as the hub keeps it: with the one account it is for, if private. */
interface Kept {
  e: ChangeEvent;
  privateTo: number | null;
}

/** One open stream, as the hub sees it. */
interface Listener {
  /** The last id sent (or passed over: another account's private event). */
  after: number;
  /** The signed-in account reading it. */
  user: number;
  /** Whether it can take another event now; when not, it calls `resume` once it can. */
  room(): boolean;
  send(e: ChangeEvent): void;
}

export interface EventHub {
  /**
   * Where a new stream starts: after `lastId` when it can resume from there, else after the
   * newest event now (`reload`: the rows after `lastId` are pruned, it must read afresh).
   */
  start(lastId: number | null): Promise<{ after: number; reload: boolean }>;
  /** Sends `l` every event after `l.after` from now on; returns the unsubscribe. */
  add(l: Listener): () => void;
  /** A listener has room again: it is sent what it is behind. */
  resume(): void;
  /** Deletes events older than EVENT_KEEP_MS (on a timer too). */
  prune(): Promise<void>;
  /** Open streams. */
  size(): number;
  stop(): void;
}

export function createEventHub(db: Db, log: (msg: string) => void): EventHub {
  const listeners = new Set<Listener>();

  /**
   * What the last read found: every event after `from` up to the last of them, since ids
   * commit in their order (EVENTS_LOCK). A stream that ran out of room mid-round takes what it
   * is behind from here when it drains, rather than a read of a whole batch for each drain.
   */
  let kept: { from: number; events: Kept[] } = { from: 0, events: [] };
  const eventsAfter = async (from: number) => {
    const last = kept.events.at(-1);
    if (last && from >= kept.from && last.e.id > from)
      return { events: kept.events.filter(({ e }) => e.id > from), more: true };
    const { rows } = await db.read((tx) =>
      tx.query<Row>('select * from change_events where id > $1 order by id limit $2', [from, BATCH]),
    );
    kept = { from, events: rows.map((r) => ({ e: toEvent(r), privateTo: r.private_to })) };
    return { events: kept.events, more: rows.length === BATCH };
  };
  // One read for all streams; woken again while it runs, it goes round once more after it.
  // Streams without room are left out until they drain (`resume`), so a stalled reader neither
  // gets more nor holds the others back.
  const round = async (): Promise<void> => {
    for (;;) {
      const ready = [...listeners].filter((l) => l.room());
      if (!ready.length) break;
      const { events, more } = await eventsAfter(Math.min(...ready.map((l) => l.after)));
      for (const { e, privateTo } of events)
        for (const l of ready)
          if (e.id > l.after && listeners.has(l) && l.room()) {
            l.after = e.id;
            if (privateTo === null || privateTo === l.user) l.send(e);
          }
      if (!more) break;
    }
  };
  const wake = wakeRounds(
    round,
    (err) => log(`events: ${err instanceof Error ? err.message : String(err)}`),
    () => listeners.size > 0,
  );
  const unhear = db.onWrites(wake);

  const prune = async () => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ upto: number | string | null }>(
        `select max(id) as upto from change_events where at < now() - make_interval(secs => $1)`,
        [EVENT_KEEP_MS / 1000],
      );
      const upto = rows[0]?.upto;
      if (upto === null || upto === undefined) return;
      await tx.query('delete from change_events where id <= $1', [upto]);
      await tx.query('update change_events_pruned set upto = greatest(upto, $1)', [upto]);
    });
  };
  // Every ten minutes (./loop.ts); the first after ten minutes too, so a hub's start writes nothing.
  const pruning = backgroundLoop({
    run: prune,
    onError: (err) => log(`events prune: ${String(err)}`),
    everyMs: PRUNE_EVERY_MS,
    waitFirst: true,
  });

  return {
    async start(lastId) {
      const { rows } = await db.read((tx) =>
        tx.query<{ newest: number | string; upto: number | string }>(
          'select (select coalesce(max(id), 0) from change_events) as newest, (select upto from change_events_pruned) as upto',
        ),
      );
      const newest = Number(rows[0]!.newest);
      const upto = Number(rows[0]!.upto ?? 0);
      if (lastId === null) return { after: newest, reload: false };
      // A position past the newest is not one this database gave (another database, a reset).
      if (lastId < upto || lastId > newest) return { after: newest, reload: true };
      return { after: lastId, reload: false };
    },
    add(l) {
      listeners.add(l);
      wake();
      return () => void listeners.delete(l);
    },
    resume: () => wake(),
    prune,
    size: () => listeners.size,
    stop() {
      pruning.stop();
      unhear();
      listeners.clear();
      kept = { from: 0, events: [] };
    },
  };
}
