// How PGlite is opened, written once for both places it runs: the server's thread
// (OpenOptions.pgliteThread 'main', the API tests) and its worker (server/db/pgliteWorker.ts).
import fs from 'node:fs';
import path from 'node:path';

/** What server/db/connection.ts uses of a PGlite, in-thread or behind the worker's proxy (server/db/pgliteThread.ts). */
export interface PgliteLike {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  /** BEGIN, `fn`, COMMIT; ROLLBACK when `fn` throws. */
  transaction<T>(fn: (tx: Pick<PgliteLike, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

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
