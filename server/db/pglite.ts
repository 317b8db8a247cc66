// How PGlite is opened, written once for both places it runs: the server's thread
// (OpenOptions.pgliteThread 'main', the API tests) and its worker (server/db/pgliteWorker.ts).
import fs from 'node:fs';
import path from 'node:path';

/** What server/db/connection.ts uses of a PGlite, in-thread or behind the worker's proxy (server/db/pgliteThread.ts). */
export interface PgliteLike {
  /** `prepare`: as a named statement, planned on its first run only (queryPrepared below). */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    opts?: { prepare?: boolean },
  ): Promise<{ rows: T[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
  /** BEGIN, `fn`, COMMIT; ROLLBACK when `fn` throws. */
  transaction<T>(fn: (tx: Pick<PgliteLike, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Pglite = Awaited<ReturnType<typeof createPglite>>;

/** A PGlite in this thread as server/db/connection.ts uses it: its own calls, and prepared queries. */
export function pgliteLike(pg: Pglite): PgliteLike {
  // A prepared query inside a transaction runs on the same connection, in the transaction PGlite opened.
  const queryOf =
    (plain: Pick<Pglite, 'query'>): PgliteLike['query'] =>
    (sql, params, opts) =>
      opts?.prepare ? queryPrepared(pg, sql, params) : plain.query(sql, params);
  return {
    query: queryOf(pg),
    exec: (sql) => pg.exec(sql),
    transaction: (fn) => pg.transaction((tx) => fn({ query: queryOf(tx), exec: (s) => tx.exec(s) })),
    close: () => pg.close(),
  };
}

/** Each PGlite's named statements, by their text: the name and its parameters' types. */
const statements = new WeakMap<Pglite, Map<string, { name: string; types: number[] }>>();

/**
 * A query as a named statement, parsed and described on its first run and then only bound and
 * executed: PGlite's own `query` parses and plans every run (its unnamed statement), and on
 * PGlite the planning of a health queue's page was as long as its run (docs/benchmarks.md).
 * The messages are those of PGlite's `query`, with a name; its own parsers read the rows.
 * A failed statement is not remembered: its next run prepares it again under a new name.
 */
export async function queryPrepared<T>(
  pg: Pglite,
  text: string,
  params: unknown[] = [],
): Promise<{ rows: T[]; affectedRows?: number }> {
  const { protocol, parse, messages: messages_ } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  const known = statements.get(pg) ?? new Map<string, { name: string; types: number[] }>();
  statements.set(pg, known);
  return pg.runExclusive(async () => {
    const run = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
    const messages = [];
    try {
      let st = known.get(text);
      if (!st) {
        const name = `p${(prepared += 1)}`;
        await run(serialize.parse({ name, text }));
        const types = parse.parseDescribeStatementResults(await run(serialize.describe({ type: 'S', name })));
        known.set(text, (st = { name, types }));
      }
      const { types } = st;
      const values = params.map((v, i) => (v == null ? null : (pg.serializers[types[i]]?.(v) ?? String(v))));
      messages.push(
        ...(await run(serialize.bind({ statement: st.name, values }))),
        ...(await run(serialize.describe({ type: 'P' }))),
        ...(await run(serialize.execute({}))),
      );
    } catch (err) {
      // As PGlite's own query: the error names its statement and values (server/http logs them).
      if (err instanceof messages_.DatabaseError) Object.assign(err, { query: text, params });
      throw err;
    } finally {
      messages.push(...(await run(serialize.sync())));
    }
    if (!pg.isInTransaction()) await pg.syncToFs();
    return parse.parseResults(messages, pg.parsers)[0] as unknown as { rows: T[]; affectedRows?: number };
  });
}
/** The last statement name given (names are never reused, even for one that failed). */
let prepared = 0;

/** `dir`: the data folder, undefined in memory; `template`: a dumpDataDir tarball to start from. */
export async function createPglite(dir?: string, template?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  // Dates (OID 1082) stay 'YYYY-MM-DD' strings (a JS Date would shift them by the time zone);
  // NUMERIC (1700) becomes a number, as on the PostgreSQL path.
  return PGlite.create(dir ?? 'memory://', {
    extensions: { pg_trgm, unaccent },
    parsers: { 1082: (v: string) => v, 1700: (v: string) => Number(v) },
    ...(template && { loadDataDir: template }),
  });
}
