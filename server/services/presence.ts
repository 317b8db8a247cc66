// Presence (contract/presence.ts): who has which record open. An announcement is a row of
// `presence` (migration 022), renewed by each heartbeat and lapsing at its `expires_at`; reads
// leave lapsed rows out, by the database's clock, so every process agrees.
//
// How the live streams hear of it: an announcement commits like any call, so `Db.onWrites`
// (this process's commits, and on PostgreSQL every other process's NOTIFY) wakes the presence
// hub, as it wakes the change events' hub (./events.ts). The hub reads who is present now
// (a handful of rows), compares it per record with what it last sent, and hands each stream
// the records whose lists changed. A renewal that changed nothing sends nothing. A timer set
// for the next row to lapse wakes it too, so a lapse is told without any write.
import type { User } from '@contract/auth';
import type { PresenceEvent, PresenceMode, PresenceUser } from '@contract/presence';
import type { Db, Tx } from '../db/connection';
import { wakeRounds } from './wakeRounds';

interface Announcement {
  resource: string;
  record_id: number;
  mode: PresenceMode | 'left';
}

interface Row {
  resource: string;
  record_id: number;
  user_id: number;
  name: string;
  mode: PresenceMode;
  left_ms: number | string;
}

// Editing first (the one to mind), then by name.
const PRESENT = `select p.resource, p.record_id, p.user_id, u.name, p.mode,
    extract(epoch from (p.expires_at - now())) * 1000 as left_ms
  from presence p join users u on u.id = p.user_id
  where p.expires_at > now()`;
const ORDER = `order by p.resource, p.record_id, p.mode = 'editing' desc, u.name, p.user_id`;

const userOf = (r: Row): PresenceUser => ({ id: r.user_id, name: r.name, mode: r.mode });

/** Records (or renews, or withdraws) `user`'s announcement; answers who has the record open now. */
export async function announce(tx: Tx, user: User, a: Announcement, ttlMs: number): Promise<PresenceEvent> {
  if (a.mode === 'left')
    await tx.query('delete from presence where user_id = $1 and resource = $2 and record_id = $3', [
      user.id,
      a.resource,
      a.record_id,
    ]);
  else
    await tx.query(
      `insert into presence (user_id, resource, record_id, mode, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))
       on conflict (user_id, resource, record_id)
       do update set mode = excluded.mode, expires_at = excluded.expires_at`,
      [user.id, a.resource, a.record_id, a.mode, ttlMs / 1000],
    );
  // Lapsed rows are read as gone already; this keeps the table as small as what is open.
  await tx.query(`delete from presence where expires_at < now() - interval '1 hour'`);
  const { rows } = await tx.query<Row>(`${PRESENT} and p.resource = $1 and p.record_id = $2 ${ORDER}`, [
    a.resource,
    a.record_id,
  ]);
  return { resource: a.resource, record_id: a.record_id, users: rows.map(userOf) };
}

/** Every record someone has open now (of `resource` when given), each with its people, editing first. */
export async function presentNow(tx: Tx, resource?: string): Promise<PresenceEvent[]> {
  const { rows } = resource
    ? await tx.query<Row>(`${PRESENT} and p.resource = $1 ${ORDER}`, [resource])
    : await tx.query<Row>(`${PRESENT} ${ORDER}`);
  const byRecord = new Map<string, PresenceEvent>();
  for (const r of rows) {
    const key = `${r.resource}:${r.record_id}`;
    let e = byRecord.get(key);
    if (!e) byRecord.set(key, (e = { resource: r.resource, record_id: Number(r.record_id), users: [] }));
    e.users.push(userOf(r));
  }
  return [...byRecord.values()];
}

export interface PresenceHub {
  /** Sends `fn` every record whose list changed from now on; returns the unsubscribe. */
  add(fn: (e: PresenceEvent) => void): () => void;
  stop(): void;
}

/** A lapse is looked for this long after its moment (timers fire a little early or late). */
const LAPSE_SLACK_MS = 100;

export function createPresenceHub(db: Db, log: (msg: string) => void): PresenceHub {
  const listeners = new Set<(e: PresenceEvent) => void>();
  /** Per record ('offer:12'), the list last sent, as JSON. */
  const sent = new Map<string, string>();
  let lapse: ReturnType<typeof setTimeout> | null = null;

  const round = async () => {
    const { rows } = await db.read((tx) => tx.query<Row>(`${PRESENT} ${ORDER}`));
    const now = new Map<string, PresenceEvent>();
    let soonest = Infinity;
    for (const r of rows) {
      const key = `${r.resource}:${r.record_id}`;
      let e = now.get(key);
      if (!e) now.set(key, (e = { resource: r.resource, record_id: Number(r.record_id), users: [] }));
      e.users.push(userOf(r));
      soonest = Math.min(soonest, Number(r.left_ms));
    }
    const changed: PresenceEvent[] = [];
    for (const [key, e] of now) {
      const text = JSON.stringify(e.users);
      if (sent.get(key) !== text) changed.push(e);
      sent.set(key, text);
    }
    for (const key of [...sent.keys()])
      if (!now.has(key)) {
        sent.delete(key);
        const at = key.lastIndexOf(':');
        changed.push({ resource: key.slice(0, at), record_id: Number(key.slice(at + 1)), users: [] });
      }
    for (const e of changed) for (const fn of listeners) fn(e);
    if (lapse) clearTimeout(lapse);
    lapse = null;
    if (soonest < Infinity && listeners.size) {
      lapse = setTimeout(wake, Math.max(0, soonest) + LAPSE_SLACK_MS);
      lapse.unref();
    }
  };
  // One read for all streams; woken while it runs, it goes round once more after it.
  const wake = wakeRounds(
    round,
    (err) => log(`presence: ${err instanceof Error ? err.message : String(err)}`),
    () => listeners.size > 0,
  );
  const unhear = db.onWrites(wake);
  return {
    add(fn) {
      listeners.add(fn);
      wake();
      return () => void listeners.delete(fn);
    },
    stop() {
      unhear();
      if (lapse) clearTimeout(lapse);
      listeners.clear();
    },
  };
}
