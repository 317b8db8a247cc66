// One small interface over embedded PGlite and node-postgres, so every query is written
// once in PostgreSQL's dialect and runs on both.
//
// SQL is reached only through a `Tx` that `transaction` or `read` hands to a function: the
// Db itself has no `query`. So code inside a transaction cannot reach around it to the pool
// (on PGlite's single connection that would wait forever), and a transaction opened inside
// another one fails at once instead of hanging (see `enter`).
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { DataRefusal } from '../errors';
import { describeLoss, watchConnections } from './connectionLoss';
import { createPglite, pgliteLike, type PgliteLike } from './pglite';
import { startPgliteWorker } from './pgliteThread';
import {
  CATALOG_SQL,
  catalogOf,
  parseWrote,
  readingNow,
  tablesNamer,
  unchangedSince,
  WRITES_SQL,
  writeCounts,
  type Stamp,
  type WriteCounts,
} from './tableWrites';

/** A connection inside one unit of work: every repository takes it as its first argument. */
export interface Tx {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<{ rows: T[] }>;
  /**
   * Runs a script of several statements as the database reads it (PGlite's exec, pg's simple
   * query protocol), with no parameters: the migrations (server/db/migrate.ts).
   */
  exec(sql: string): Promise<void>;
}

export interface QueryOptions {
  /**
   * Prepared on each PostgreSQL connection (named by its text), so it is parsed once and, after
   * five runs whose plans cost no less, planned once: only for statements whose plan does not
   * depend on the values (a lookup by key, a page of a filter through its index); never for a
   * search, whose trigram plans do (issue 23 measured generic plans hurting searches). The text
   * must come from a bounded set (values as parameters): each one is kept per connection.
   * PGlite: the same, as a named statement on its one connection (./pglite.ts queryPrepared).
   */
  prepare?: boolean;
}

export interface Db {
  kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: all or nothing. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: UnitOptions): Promise<T>;
  /** Runs `fn` on one connection without a transaction (reads). */
  read<T>(fn: (tx: Tx) => Promise<T>, opts?: UnitOptions): Promise<T>;
  /**
   * The tables written so far, as one value that a later one can be compared with
   * (`unchanged`): this process's commits, and on PostgreSQL every other process's
   * (server/db/tableWrites.ts). What makes an answer current (server/http/answerCache.ts).
   */
  stamp(): Stamp;
  /** Whether none of `tables` (null: any table) was written since `stamp` was taken. */
  unchanged(stamp: Stamp, tables: readonly string[] | null): boolean;
  /**
   * Runs `fn` and names the tables its queries read (views and functions followed to their
   * tables); null when that cannot be known (the catalog could not be read).
   */
  reading<T>(fn: () => Promise<T>): Promise<{ value: T; tables: readonly string[] | null }>;
  /**
   * Calls `fn` after each commit of this process and, on PostgreSQL, on each other
   * process's NOTIFY. What wakes the live streams
   * (server/services/events.ts) without a query while nothing happens.
   */
  onWrites(fn: () => void): () => void;
  /** Calls `fn` after every unit of work with how long it held its connection (/metrics, server/http/metrics.ts). */
  onUnit(fn: (unit: UnitTiming) => void): () => void;
  /** How loaded the database is now: PGlite's line of waiting units, PostgreSQL's main pool. */
  load(): DbLoad;
  /**
   * Resolves once `stamp()` counts every commit acknowledged before the call, whichever
   * process made it: on PostgreSQL a look at the database's `write_counts` (shared by the
   * calls arriving meanwhile), on PGlite nothing (the folder is this process's alone). The
   * calls do not ask it (issue 37: one statement per call): a writer answers once every other
   * listening process said it heard its notice (`transaction`), so what was answered before a
   * call arrived is counted already; a process that did not answer within the second it is
   * waited for is what this look would still catch.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

interface UnitTiming {
  kind: 'transaction' | 'read';
  seconds: number;
}

type DbLoad = { kind: 'pglite'; queued: number } | { kind: 'postgres'; inUse: number; idle: number; waiting: number };

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
   * TEST_NOW's offset from the machine's clock (server/db/testClock.ts): PGlite's worker thread
   * moves its own clock by it, as the server's thread did. In the calling thread, nothing to do.
   */
  clockOffsetMs?: number;
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
          clockOffsetMs: opts.clockOffsetMs,
          onLost: (err) => {
            log(`${err.message} Every call from now on fails.`);
            opts.onLost?.(err);
          },
        })
      : pgliteLike(await createPglite(opts.pgliteDir, opts.pgliteTemplate));
  // PGlite is one connection: units of work run one after another, never interleaved.
  const exclusive = oneAtATime();
  // The data folder is this process's alone (server/db/lock.ts): its own commits are all there are.
  const counts = writeCounts();
  const tables = tableTracking(counts, () => db.read((tx) => tx.query(CATALOG_SQL)));
  const asTx = (q: Pick<PgliteLike, 'query' | 'exec'>, unit: UnitTiming['kind']): Tx =>
    tables.noting(
      {
        query: (s, p, o) => q.query(s, p, o) as never,
        exec: async (s) => void (await q.exec(s)),
      },
      unit,
    );
  const heard = listeners();
  const units = timings();
  const db: Db = {
    kind: 'pglite',
    transaction: (fn, opts) =>
      enter(db, () => {
        let wrote: string[] = [];
        return exclusive(
          units.time('transaction', () =>
            pg
              .transaction(async (tx) => {
                const out = await fn(asTx(tx, 'transaction'));
                wrote = parseWrote((await tx.query<{ w: string | null }>(WROTE_SQL)).rows[0].w);
                beforeCommit(); // throwing here makes PGlite roll back
                return out;
              })
              // Counted whatever the outcome: a failed COMMIT may still have committed.
              .finally(() => {
                counts.wrote(wrote);
                heard.tell();
              }),
          ),
          opts?.urgent,
        );
      }),
    read: (fn, opts) =>
      enter(db, () =>
        exclusive(
          units.time('read', () => fn(asTx(pg, 'read'))),
          opts?.urgent,
        ),
      ),
    stamp: counts.now,
    unchanged: (stamp, read) => unchangedSince(stamp, counts.now(), read ?? undefined),
    reading: tables.reading,
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
  // No JIT: it compiles a statement the planner costs high before running it, seconds the admin's
  // short statements never win back (2.9 s of a 4.6 s duplicates' count at a million offers;
  // docs/benchmarks.md). PGlite has none, so both databases plan alike. A startup option, so it
  // holds from a connection's first call; an `options` in DATABASE_URL replaces it.
  const options = '-c jit=off';
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options });
  // Urgent units (sign-in, /health) have two connections of their own, so they never wait
  // for the main pool behind a crowd of list calls (UnitOptions.urgent).
  const urgentPool = new pg.Pool({ connectionString: url, max: 2, options });
  // Every connection either pool makes, idle or in use, has a listener for the server cutting it.
  const connections = watchConnections([pool, urgentPool], log);
  await pool.query('select 1');
  const heard = listeners();
  const counts = writeCounts();
  const others = await listenForWrites(pg.Client, url, counts, heard.tell, log);
  const tables = tableTracking(counts, () => db.read((tx) => tx.query(CATALOG_SQL)));
  const units = timings();
  const asTx = (client: InstanceType<typeof pg.Client> | InstanceType<typeof pg.Pool>, unit: UnitTiming['kind']): Tx =>
    tables.noting(
      {
        query: (s, p, o) =>
          (o?.prepare ? client.query({ name: preparedName(s), text: s, values: p }) : client.query(s, p)) as never,
        // Without parameters node-postgres sends the simple query protocol, which takes many statements.
        exec: async (s) => void (await client.query(s)),
      },
      unit,
    );
  const db: Db = {
    kind: 'postgres',
    transaction: (fn, opts) =>
      enter(db, async () => {
        const client = await (opts?.urgent ? urgentPool : pool).connect().catch(unreachable);
        const started = performance.now();
        let wrote: string[] = [];
        let committed = false;
        let listening = 0;
        const notice = others.nextNotice();
        try {
          await client.query('begin');
          const out = await fn(asTx(client, 'transaction'));
          // The tables written, read and announced in one trip; the notice goes out only if it commits.
          // With them, how many processes listen (this one's own included): how many say they heard.
          const { rows } = await client.query<{ w: string | null; listening: number }>(
            `select w, pg_notify($1, $2 || ':' || coalesce(w, '')),
                    (select count(*)::int from pg_stat_activity
                      where application_name = $3 and datname = current_database()) as listening
               from (${WROTE_SQL}) s`,
            [WRITES_CHANNEL, `${others.tag}#${notice}`, LISTENER_NAME],
          );
          wrote = parseWrote(rows[0].w);
          listening = rows[0].listening;
          beforeCommit();
          await client.query('commit');
          committed = true;
          return out;
        } catch (err) {
          // A transaction whose connection was cut is gone with it, whatever its code made of
          // the error (a 4xx it chose, a message of its own): nothing was changed, a 503.
          if (connections.lost(client)) throw unavailable(err);
          await client.query('rollback').catch(() => undefined);
          return unreachable(err);
        } finally {
          const lost = connections.lost(client);
          // Counted whatever the outcome (a failed COMMIT may still have committed), here and
          // in the database before the call answers, so any process's next look sees it. A cut
          // connection takes nothing more; had its COMMIT gone through, its NOTIFY went with it.
          counts.wrote(wrote);
          if (wrote.length && !lost)
            await client
              .query<{ tbl: string; n: number }>(BUMP_SQL, [wrote])
              .then(({ rows }) => counts.read(rows))
              .catch((err: unknown) => {
                log(
                  `write counts not bumped, other processes may answer from before this write for some seconds: ${String(err)}`,
                );
              });
          client.release(lost);
          // The call answers once every other process listening has said it heard the notice
          // (HEARD_CHANNEL), a second at most: their next call (a sign-out's token, a list
          // after a save) is then answered from what they heard, with no look at the database.
          if (committed && wrote.length) await others.heard(notice, listening - 1);
          units.tell('transaction', started);
          heard.tell();
        }
      }),
    // Each query takes any free connection: a read needs no single snapshot, and a single
    // query returns its connection at once instead of holding one for the whole request.
    read: (fn, opts) =>
      enter(
        db,
        units.time('read', () => fn(asTx(opts?.urgent ? urgentPool : pool, 'read')).catch(unreachable)),
      ),
    stamp: others.stamp,
    unchanged: (stamp, read) => unchangedSince(stamp, others.stamp(), read ?? undefined),
    reading: tables.reading,
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
function isConnectionLoss(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  return LOST_CODES.has(code) || LOST_STATES.test(code) || LOST_WORDS.test(String(e.message ?? ''));
}

/** Rethrows a lost connection as a 503 refusal that keeps its cause (logged by the request's line); anything else as it is. */
function unreachable(err: unknown): never {
  if (!isConnectionLoss(err)) throw err;
  throw unavailable(err);
}

/** The 503 of a unit the database could not finish, keeping what failed as its cause. */
function unavailable(cause: unknown): DataRefusal {
  return new DataRefusal('unavailable', DATABASE_UNREACHABLE, {}, { cause });
}

/** A prepared statement's name: its text's, so one text is one statement on every connection. */
const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (preparedNames.size >= 5000) preparedNames.clear();
    preparedNames.set(text, name);
  }
  return name;
}

/** The NOTIFY channel on which server processes sharing one PostgreSQL database announce commits. */
const WRITES_CHANNEL = 'cards_admin_writes';
/** Where a process says it heard another's notice that wrote tables ('<tag>#<n>'): what the writer waits for. */
const HEARD_CHANNEL = 'cards_admin_heard';
/** The application_name of each process's LISTEN connection: counted at each commit (pg_stat_activity). */
const LISTENER_NAME = 'cards-admin-listener';

/** The tables this transaction wrote, as migration 024's triggers listed them ('offers,offer_cards,'). */
const WROTE_SQL = "select current_setting('app.wrote', true) as w";

/**
 * One more write to each table named, in the database's own count: after the commit, in a
 * statement of its own (a row locked only as long as it takes), in one order so two bumps
 * never wait for each other.
 */
const BUMP_SQL = `insert into write_counts (tbl, n) select t, 1 from unnest($1::text[]) t order by t
  on conflict (tbl) do update set n = write_counts.n + 1 returning tbl, n`;

/**
 * Hears the commits other processes announce on WRITES_CHANNEL (with the tables they wrote),
 * on a connection of its own: what wakes the live streams at once, and what keeps answers
 * current between two looks. While that connection is down nothing can be known, so every
 * stamp taken is new (nothing read then is reused) until it is back.
 *
 * `sync` makes the counts exact when it matters: it reads the database's `write_counts` on
 * the same connection, which every process bumps before its write call answers. A look
 * serves every call that arrived before it started; calls arriving during a look wait for the
 * next one, so each is answered by a look begun after it.
 */
async function listenForWrites(
  Client: typeof import('pg').Client,
  url: string,
  counts: WriteCounts,
  tell: () => void,
  log: (msg: string) => void,
) {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  // This process's notices, numbered: a commit waits for its own to come back (`heard`).
  // This process's notices, numbered, and how many processes said they heard each: one may
  // be told before its commit asks (`heard`), and notices commit in any order.
  let sent = 0;
  const told = new Map<number, number>();
  const waiting = new Map<number, { want: number; done: () => void }>();
  const toldOf = (seq: number) => {
    const n = (told.get(seq) ?? 0) + 1;
    const w = waiting.get(seq);
    if (w) return void (n >= w.want ? w.done() : told.set(seq, n));
    told.set(seq, n);
    // Those nobody asks for (a wait given up) go: only the last thousand are kept.
    if (told.size > 1000) for (const k of told.keys()) if (k < seq - 1000) told.delete(k);
  };
  let up = false;
  let closed = false;
  let client: InstanceType<typeof Client> | null = null;
  let looking: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const look = async () => {
    const c = client;
    if (!c) return counts.unknown();
    try {
      // A connection that died without a word would hold every call here: two seconds at most.
      const { rows } = await Promise.race([
        c.query<{ tbl: string; n: number }>('select tbl, n from write_counts'),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), 2000).unref()),
      ]);
      counts.read(rows);
    } catch {
      counts.unknown(); // not known: nothing read before is reused
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
  // Tried again every second while the database is away; the loss and the return are each one line.
  const retry = () => void (!closed && setTimeout(() => void connect().catch(retry), 1000).unref());
  let lostSince = 0;
  const connect = async () => {
    const c = new Client({ connectionString: url, application_name: LISTENER_NAME });
    // The acknowledgements, one after the other: notices come faster than their answers, and a
    // query asked of a client still busy with one is queued by pg with a deprecation warning.
    let acking: Promise<unknown> = Promise.resolve();
    c.on('notification', (n) => {
      if (n.channel === HEARD_CHANNEL) {
        const [to, seq] = (n.payload ?? '').split('#');
        if (to === tag) toldOf(Number(seq));
        return;
      }
      const at = n.payload?.indexOf(':') ?? -1;
      const head = at < 0 ? (n.payload ?? '') : n.payload!.slice(0, at);
      if (head.split('#')[0] === tag) return;
      const wrote = at < 0 ? null : parseWrote(n.payload!.slice(at + 1));
      if (!wrote) counts.unknown();
      else counts.wrote(wrote);
      tell();
      // Counted above, so said only now: the writer answers its call once every process has.
      if (wrote?.length && head.includes('#'))
        acking = acking.then(() => c.query('select pg_notify($1, $2)', [HEARD_CHANNEL, head])).catch(() => undefined);
    });
    c.on('error', (err) => {
      if (client !== c || lostSince) return; // a failed try (retried), or said already; 'end' follows
      lostSince = Date.now();
      log(
        `connection to PostgreSQL lost (the one hearing other processes' writes): ${describeLoss(err)}; trying again every second, meanwhile no answer is reused`,
      );
    });
    c.on('end', () => {
      if (client !== c) return;
      up = false;
      client = null;
      retry();
    });
    try {
      await c.connect();
      await c.query(`listen ${WRITES_CHANNEL}; listen ${HEARD_CHANNEL}`);
    } catch (err) {
      void c.end().catch(() => undefined); // connected but not listening: not left open
      throw err;
    }
    if (closed) return void c.end().catch(() => undefined);
    client = c;
    counts.unknown(); // what was missed while down
    up = true;
    if (lostSince) log(`hearing other processes' writes again, after ${Math.round((Date.now() - lostSince) / 1000)} s`);
    lostSince = 0;
    tell();
  };
  await connect();
  return {
    tag,
    nextNotice: () => ++sent,
    /**
     * Resolves once `others` processes said they heard notice `seq` (committed), at most a
     * second later (one that is slow or gone: it hears late, as it would have without the wait).
     */
    heard: (seq: number, others: number): Promise<void> => {
      const already = told.get(seq) ?? 0;
      if (!up || already >= others) return Promise.resolve(void told.delete(seq));
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, 1000);
        timer.unref();
        function done() {
          clearTimeout(timer);
          waiting.delete(seq);
          told.delete(seq);
          resolve();
        }
        waiting.set(seq, { want: others, done });
        told.set(seq, already);
      });
    },
    stamp: () => {
      if (!up) counts.unknown();
      return counts.now();
    },
    sync,
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * What a Db of either kind shares for the answer cache: the catalog, read once (again after a
 * script changed the schema), and the Tx wrapper that notes what its queries read and, in a
 * `read` unit (committed by itself, where no trigger's list is read), any that writes.
 */
function tableTracking(counts: WriteCounts, readCatalog: () => Promise<{ rows: unknown[] }>) {
  let namer: Promise<((sql: string) => readonly string[]) | null> | null = null;
  const forget = () => {
    namer = null;
    counts.unknown();
  };
  return {
    noting: (tx: Tx, unit: UnitTiming['kind']): Tx => ({
      query: <T>(s: string, p?: unknown[], o?: QueryOptions) => {
        readingNow.getStore()?.add(s);
        const done = tx.query<T>(s, p, o);
        return unit === 'read' && WRITES_SQL.test(s) ? done.finally(() => counts.unknown()) : done;
      },
      exec: (s) => tx.exec(s).finally(forget),
    }),
    reading: async <T>(fn: () => Promise<T>) => {
      namer ??= readCatalog().then(
        ({ rows }) => tablesNamer(catalogOf(rows as { name: string; body: string | null }[])),
        () => (namer = null), // tried again by the next read
      );
      const name = await namer;
      const texts = new Set<string>();
      const value = await readingNow.run(texts, fn);
      if (!name) return { value, tables: null };
      const read = new Set<string>();
      for (const text of texts) for (const t of name(text)) read.add(t);
      return { value, tables: [...read] };
    },
  };
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
      // Run in the context of the call that asked (AsyncLocalStorage), not of the unit before it.
      lanes[urgent ? 'urgent' : 'normal'].push(
        AsyncResource.bind(() => Promise.resolve().then(fn).then(resolve, reject)),
      );
      if (!busy) next();
    });
  /** How many wait for their turn (the one running not counted). */
  return Object.assign(run, { waiting: () => lanes.urgent.length + lanes.normal.length });
}
