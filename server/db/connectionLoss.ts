// A connection PostgreSQL cuts (a fast shutdown, a restart, a failover, pg_terminate_backend)
// makes node-postgres emit 'error' on its Client. The pool listens only while a client is
// idle in it: one cut while checked out (inside a transaction, between two of its queries or
// during its COMMIT) had no listener, and an unhandled 'error' event ended the process, every
// call in flight with it. So each client gets a listener from the moment its pool made it to
// its end. A lost connection is told once, as one log line, and remembered, so that the unit
// holding it answers 503 whatever its code made of the error (server/db/connection.ts).
import type { Pool, PoolClient } from 'pg';

interface ConnectionWatch {
  /** Why `client`'s connection was cut, or undefined while it stands. */
  lost(client: PoolClient): Error | undefined;
}

export function watchConnections(pools: readonly Pool[], log: (msg: string) => void): ConnectionWatch {
  const cut = new WeakMap<PoolClient, Error>();
  const inUse = new WeakSet<PoolClient>();
  for (const pool of pools) {
    pool.on('connect', (client) =>
      client.on('error', (err) => {
        // A cut client may say it twice: the server's message, then the socket's end.
        if (cut.has(client)) return;
        cut.set(client, err);
        const where = inUse.has(client) ? 'in use: its call answers 503' : 'idle';
        log(`connection to PostgreSQL lost (${where}): ${describeLoss(err)}`);
      }),
    );
    pool.on('acquire', (client) => void inUse.add(client));
    pool.on('release', (_err, client) => void inUse.delete(client));
    // The pool passes an idle client's 'error' on to here; the client's own listener told it.
    pool.on('error', () => undefined);
  }
  return { lost: (client) => cut.get(client) };
}

/** The message with PostgreSQL's or the socket's code: what an operator searches for. */
export function describeLoss(err: Error): string {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code ? `${err.message} (${code})` : err.message;
}
