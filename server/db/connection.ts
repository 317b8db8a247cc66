// One small interface over embedded PGlite and node-postgres, so every query is written
// once in PostgreSQL's dialect and runs on both.
//
// SQL is reached only through a `Tx` that `transaction` or `read` hands to a function: the
// Db itself has no `query`. So code inside a transaction cannot reach around it to the pool
// (on PGlite's single connection that would wait forever), and a transaction opened inside
// another one fails at once instead of hanging (see `enter`).
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataRefusal } from '../errors';
import { createPglite, type PgliteLike } from './pglite';
import { startPgliteWorker } from './pgliteThread';

/** A connection inside one unit of work: every repository takes it as its first argument. */
export interface Tx {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * Runs a script of several statements as the database reads it (PGlite's exec, pg's simple
   * query protocol), with no parameters: the migrations (server/db/migrate.ts).
   */
  exec(sql: string): Promise<void>;
}

export interface Db {
  kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: all or nothing. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: UnitOptions): Promise<T>;
  /** Runs `fn` on one connection without a transaction (reads). */
  read<T>(fn: (tx: Tx) => Promise<T>, opts?: UnitOptions): Promise<T>;
  /**
   * A number that changes whenever a transaction may have committed: after every commit of
   * this process, and on PostgreSQL of any process on the same database (they tell each other
   * through NOTIFY, sent inside the transaction so it arrives only if it commits). An answer
   * read while it stayed the same is still current (server/http/answerCache.ts).
   */
  writes(): number;
  /**
   * Calls `fn` whenever `writes()` changes: after each commit of this process and, on
   * PostgreSQL, on each other process's NOTIFY. What wakes the live streams
   * (server/services/events.ts) without a query while nothing happens.
   */
  onWrites(fn: () => void): () => void;
  /** Calls `fn` after every unit of work with how long it held its connection (/metrics, server/http/metrics.ts). */
  onUnit(fn: (unit: UnitTiming) => void): () => void;
  /** How loaded the database is now: PGlite's line of waiting units, PostgreSQL's main pool. */
  load(): DbLoad;
  /**
   * Resolves once `writes()` counts every commit made before the call, whichever process made
   * it. A notice from another process may come some milliseconds after its commit was
   * answered, so a call that must see the writes acknowledged before it arrived (a signed-out
   * token on another process, a list right after a save there) asks first: on PostgreSQL a
   * look at the database's snapshot (shared by the calls arriving meanwhile), on PGlite
   * nothing (the folder is this process's alone).
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface UnitTiming {
  kind: 'transaction' | 'read';
  seconds: number;
}

export type DbLoad =
  { kind: 'pglite'; queued: number } | { kind: 'postgres'; inUse: number; idle: number; waiting: number };

export interface UnitOptions {
  /**
   * Goes before every waiting unit that is not urgent. On PGlite's single connection, units
   * wait in line; under load (32 clients listing while an import writes) the line is a
   * second long, and a person signing in should not stand in it. Used for the sign-in calls
   * (server/http/handle.ts), which the sign-in limits keep from flooding the lane, and for
   * /health. On PostgreSQL urgent units take connections of their own.
   */
  urgent?: boolean;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
  /** Connections of the main PostgreSQL pool (PG_POOL_MAX, server/config.ts); 10 unset. */
  poolMax?: number;
  /**
   * An in-memory PGlite starts as a copy of this data folder (a tarball from PGlite's
   * dumpDataDir) instead of an empty cluster: the tests' migrated template
   * (tests/helpers/pgliteSetup.ts), far quicker than initdb and the migrations per file.
   */
  pgliteTemplate?: Blob;
  /**
   * Asked right before every COMMIT; when it throws, the transaction rolls back and
   * `transaction` rejects with its error. The data folder's lock is checked here
   * (server/db/lock.ts, writeGuard), so a process that lost its folder confirms no write.
   */
  beforeCommit?: () => void;
  /** Where a connection's trouble is told (the server's logger); default: stderr. */
  log?: (msg: string) => void;
  /**
   * Where PGlite runs: 'worker', a thread of its own (server/db/pgliteThread.ts), so a long
   * query does not stall the server's other calls (the server: PGLITE_THREAD, server/config.ts);
   * 'main' (unset), in the calling thread (the API tests' thousand short-lived databases).
   */
  pgliteThread?: 'worker' | 'main';
  /**
   * Called once when the database is gone for good (PGlite's worker died: a crash, out of
   * memory); every call then fails. The server stops so a supervisor starts it again.
   */
  onLost?: (err: Error) => void;
}

export class NestedTransactionError extends Error {
  constructor() {
    super('A transaction was opened inside another one: use the Tx you were given.');
    this.name = 'NestedTransactionError';
  }
}

export async function openDb(opts: OpenOptions): Promise<Db> {
  const beforeCommit = opts.beforeCommit ?? (() => undefined);
  return opts.databaseUrl
    ? openPostgres(
        opts.databaseUrl,
        beforeCommit,
        opts.log ?? ((msg) => void process.stderr.write(`[db] ${msg}\n`)),
        opts.poolMax ?? 10,
      )
    : openPglite(opts, beforeCommit);
}

/** Which Db the current async call chain is working inside, if any. */
const inside = new AsyncLocalStorage<object>();
/** The store of a call chain working inside no Db's unit. */
const OUTSIDE = Object.freeze({});

/** Runs `fn` as a unit of work of `owner`; refuses to start one inside another of the same Db. */
function enter<T>(owner: object, fn: () => Promise<T>): Promise<T> {
  if (inside.getStore() === owner) return Promise.reject(new NestedTransactionError());
  return inside.run(owner, fn);
}

async function openPglite(opts: OpenOptions, beforeCommit: () => void): Promise<Db> {
  const log = opts.log ?? ((msg) => void process.stderr.write(`[db] ${msg}\n`));
  const pg: PgliteLike =
    opts.pgliteThread === 'worker'
      ? await startPgliteWorker({
          dir: opts.pgliteDir,
          template: opts.pgliteTemplate,
          onLost: (err) => {
            log(`${err.message} Every call from now on fails.`);
            opts.onLost?.(err);
          },
        })
      : await createPglite(opts.pgliteDir, opts.pgliteTemplate);
  // PGlite is one connection: units of work run one after another, never interleaved.
  const exclusive = oneAtATime();
  const asTx = (q: {
    query: (s: string, p?: unknown[]) => Promise<unknown>;
    exec: (s: string) => Promise<unknown>;
  }): Tx => ({
    query: (s, p) => q.query(s, p) as never,
    exec: async (s) => void (await q.exec(s)),
  });
  // The data folder is this process's alone (server/db/lock.ts): its own commits are all there are.
  let writes = 0;
  const heard = listeners();
  const units = timings();
  const db: Db = {
    kind: 'pglite',
    transaction: (fn, opts) =>
      enter(db, () =>
        exclusive(
          units.time('transaction', () =>
            pg
              .transaction(async (tx) => {
                const out = await fn(asTx(tx));
                beforeCommit(); // throwing here makes PGlite roll back
                return out;
              })
              // Counted whatever the outcome: a failed COMMIT may still have committed.
              .finally(() => {
                writes++;
                heard.tell();
              }),
          ),
          opts?.urgent,
        ),
      ),
    read: (fn, opts) =>
      enter(db, () =>
        exclusive(
          units.time('read', () => fn(asTx(pg))),
          opts?.urgent,
        ),
      ),
    writes: () => writes,
    onWrites: heard.add,
    onUnit: units.add,
    load: () => ({ kind: 'pglite', queued: exclusive.waiting() }),
    sync: () => Promise.resolve(),
    close: () => exclusive(() => pg.close()),
  };
  return db;
}

async function openPostgres(
  url: string,
  beforeCommit: () => void,
  log: (msg: string) => void,
  poolMax: number,
): Promise<Db> {
  const { default: pg } = await import('pg');
  // Return BIGINT counts and NUMERIC as numbers; our ids and counts stay well within 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  pg.types.setTypeParser(1082, (v) => v);
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client can be cut off by the server (restart, failover, a dropped database);
  // node-postgres then emits 'error' on the pool, which would crash the process unhandled.
  // Urgent units (sign-in, /health) have two connections of their own, so they never wait
  // for the main pool behind a crowd of list calls (UnitOptions.urgent).
  const urgentPool = new pg.Pool({ connectionString: url, max: 2 });
  for (const p of [pool, urgentPool]) p.on('error', (err) => log(`idle connection lost: ${err.message}`));
  await pool.query('select 1');
  const heard = listeners();
  const others = await listenForWrites(pg.Client, url, heard.tell);
  let writes = 0;
  const units = timings();
  const asTx = (client: InstanceType<typeof pg.Client> | InstanceType<typeof pg.Pool>): Tx => ({
    query: (s, p) => client.query(s, p) as never,
    // Without parameters node-postgres sends the simple query protocol, which takes many statements.
    exec: async (s) => void (await client.query(s)),
  });
  const db: Db = {
    kind: 'postgres',
    transaction: (fn, opts) =>
      enter(db, async () => {
        const client = await (opts?.urgent ? urgentPool : pool).connect().catch(unreachable);
        const started = performance.now();
        try {
          await client.query('begin');
          const out = await fn(asTx(client));
          beforeCommit();
          await client.query('select pg_notify($1, $2)', [WRITES_CHANNEL, others.tag]);
          await client.query('commit');
          return out;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          return unreachable(err);
        } finally {
          writes++;
          client.release();
          units.tell('transaction', started);
          heard.tell();
        }
      }),
    // Each query takes any free connection: a read needs no single snapshot, and a single
    // query returns its connection at once instead of holding one for the whole request.
    read: (fn, opts) =>
      enter(
        db,
        units.time('read', () => fn(asTx(opts?.urgent ? urgentPool : pool)).catch(unreachable)),
      ),
    writes: () => writes + others.count(),
    onWrites: heard.add,
    onUnit: units.add,
    load: () => ({
      kind: 'postgres',
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    sync: others.sync,
    close: async () => {
      await Promise.all([pool.end(), urgentPool.end(), others.close()]);
    },
  };
  return db;
}

/** Said for any call while PostgreSQL cannot be reached (a 503): the server serves again once it can. */
export const DATABASE_UNREACHABLE =
  'The database cannot be reached right now. Nothing was changed; try again in a moment.';

/** Why a connection failed or was cut: node's socket codes, and PostgreSQL's connection and shutdown states. */
const LOST_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const LOST_STATES = /^(08|57P0[123])/;
const LOST_WORDS =
  /Connection terminated|connection timeout|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/** Whether `err` says the database is out of reach, not that the query was wrong. */
export function isConnectionLoss(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  return LOST_CODES.has(code) || LOST_STATES.test(code) || LOST_WORDS.test(String(e.message ?? ''));
}

/** Rethrows a lost connection as a 503 refusal that keeps its cause (logged by the request's line); anything else as it is. */
function unreachable(err: unknown): never {
  if (!isConnectionLoss(err)) throw err;
  throw new DataRefusal('unavailable', DATABASE_UNREACHABLE, {}, { cause: err });
}

/** The NOTIFY channel on which server processes sharing one PostgreSQL database announce commits. */
const WRITES_CHANNEL = 'cards_admin_writes';

/**
 * Counts the commits other processes announce on WRITES_CHANNEL, on a connection of its own.
 * While that connection is down nothing can be known, so the count changes on every look
 * (nothing read then is reused) until it is back.
 *
 * `sync` makes the count exact when it matters: it reads the database's snapshot on the same
 * connection and counts one more when a transaction ended since the last look (a commit whose
 * notice is still on its way). A look serves every call that arrived before it started; calls
 * arriving during a look wait for the next one, so each is answered by a look begun after it.
 */
async function listenForWrites(Client: typeof import('pg').Client, url: string, tell: () => void) {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  let count = 0;
  let up = false;
  let closed = false;
  let client: InstanceType<typeof Client> | null = null;
  let seen: Snapshot | null = null;
  let looking: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const look = async () => {
    const c = client;
    if (!c) return void count++;
    try {
      // A connection that died without a word would hold every call here: two seconds at most.
      const { rows } = await Promise.race([
        c.query<{ s: string }>('select pg_current_snapshot()::text as s'),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), 2000).unref()),
      ]);
      const now = parseSnapshot(rows[0].s);
      if (!seen || endedSince(seen, now)) count++;
      seen = now;
    } catch {
      count++; // not known: nothing read before is reused
      seen = null;
    }
  };
  const sync = (): Promise<void> => {
    if (!looking) {
      looking = look().finally(() => (looking = null));
      return looking;
    }
    next ??= looking.then(() => {
      next = null;
      return sync();
    });
    return next;
  };
  const retry = () => void (!closed && setTimeout(() => void connect().catch(retry), 1000).unref());
  const connect = async () => {
    const c = new Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.payload === tag) return;
      count++;
      tell();
    });
    c.on('error', () => undefined); // 'end' follows
    c.on('end', () => {
      if (client !== c) return;
      up = false;
      client = null;
      retry();
    });
    await c.connect();
    await c.query(`listen ${WRITES_CHANNEL}`);
    client = c;
    count++; // what was missed while down
    up = true;
    tell();
  };
  await connect();
  return {
    tag,
    count: () => (up ? count : ++count),
    sync,
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** A PostgreSQL snapshot (pg_current_snapshot): transactions below xmin are over, xip still running. */
interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  running: Set<bigint>;
}

/** 'xmin:xmax:xip,xip' as PostgreSQL writes it. */
export function parseSnapshot(text: string): Snapshot {
  const [xmin, xmax, xip] = text.split(':');
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    running: new Set(xip ? xip.split(',').map((x) => BigInt(x)) : []),
  };
}

/**
 * Whether a transaction that had begun writing ended (committed or not) between two looks: one
 * running at the first look and not at the second, or one begun since (an id from the first
 * look's xmax on) that is no longer running. Transactions begun and still running are no
 * change: a long import under way does not make every answer stale.
 */
export function endedSince(before: Snapshot, after: Snapshot): boolean {
  for (const x of before.running) if (!after.running.has(x)) return true;
  for (let x = before.xmax; x < after.xmax; x++) if (!after.running.has(x)) return true;
  return false;
}

/** The `onWrites` listeners of one Db; one that throws does not stop the others. */
function listeners() {
  const fns = new Set<() => void>();
  return {
    add: (fn: () => void) => {
      fns.add(fn);
      return () => void fns.delete(fn);
    },
    // Told from inside the unit that committed: the listeners run outside it, so a read they
    // start is no nested transaction (`enter`). Outside means in no unit (OUTSIDE), not
    // `inside.exit`: on Node 20 a `run` inside `exit` (a listener's read) puts the committing
    // unit's store back when it returns, so the next listener, and whatever the first one
    // went on to do after its read (a timer it set), counted as inside that unit.
    tell: () =>
      inside.run(OUTSIDE, () => {
        for (const fn of fns)
          try {
            fn();
          } catch {
            // a listener's own fault; the commit stands
          }
      }),
  };
}

/** The `onUnit` listeners of one Db, and the timing of its units. */
function timings() {
  const fns = new Set<(unit: UnitTiming) => void>();
  const tell = (kind: UnitTiming['kind'], started: number) => {
    if (!fns.size) return;
    const unit = { kind, seconds: (performance.now() - started) / 1000 };
    for (const fn of fns)
      try {
        fn(unit);
      } catch {
        // a listener's own fault; the unit stands
      }
  };
  return {
    add: (fn: (unit: UnitTiming) => void) => {
      fns.add(fn);
      return () => void fns.delete(fn);
    },
    tell,
    /** `fn` timed from its start (on PGlite: once its turn has come) to its end. */
    time:
      <T>(kind: UnitTiming['kind'], fn: () => Promise<T>) =>
      (): Promise<T> => {
        const started = performance.now();
        return fn().finally(() => tell(kind, started));
      },
  };
}

/**
 * Runs the functions given one at a time, in the order they came, except that an urgent one
 * goes before every waiting one that is not (UnitOptions.urgent).
 */
export function oneAtATime() {
  const lanes: { urgent: (() => Promise<void>)[]; normal: (() => Promise<void>)[] } = { urgent: [], normal: [] };
  let busy = false;
  const next = () => {
    const job = lanes.urgent.shift() ?? lanes.normal.shift();
    busy = !!job;
    // Between two units the event loop takes a turn: new connections are accepted and
    // requests read (so an urgent one can join the line) before the next unit runs.
    if (job) void job().finally(() => setImmediate(next));
  };
  const run = <T>(fn: () => Promise<T>, urgent = false): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      lanes[urgent ? 'urgent' : 'normal'].push(() => Promise.resolve().then(fn).then(resolve, reject));
      if (!busy) next();
    });
  /** How many wait for their turn (the one running not counted). */
  return Object.assign(run, { waiting: () => lanes.urgent.length + lanes.normal.length });
}
