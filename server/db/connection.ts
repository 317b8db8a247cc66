// One small interface over embedded PGlite and node-postgres, so every query is
// written once in PostgreSQL's dialect and runs on both.
import fs from 'node:fs';
import path from 'node:path';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: all or nothing. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
}

export async function openDb(opts: OpenOptions): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  // Dates (OID 1082) stay 'YYYY-MM-DD' strings (a JS Date would shift them by the time zone);
  // NUMERIC (1700) becomes a number, as on the PostgreSQL path.
  const pg = await PGlite.create(dir ?? 'memory://', { extensions: { pg_trgm, unaccent }, parsers: { 1082: (v: string) => v, 1700: (v: string) => Number(v) } });
  // PGlite is single-connection: serialise transactions so two requests never interleave inside one.
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => pg.query(sql, params as unknown[]) as never),
    transaction: (fn) => exclusive(() => pg.transaction((tx) => fn({ query: (s, p) => tx.query(s, p as unknown[]) as never }))),
    close: () => exclusive(() => pg.close()),
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // Return BIGINT counts and NUMERIC as numbers; our ids and counts stay well within 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  pg.types.setTypeParser(1082, (v) => v);
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle client can be cut off by the server (restart, failover, a dropped database);
  // node-postgres then emits 'error' on the pool, which would crash the process unhandled.
  pool.on('error', (err) => console.error(`[db] idle connection lost: ${err.message}`));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: (sql, params) => pool.query(sql, params) as never,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn({ query: (s, p) => client.query(s, p) as never });
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
