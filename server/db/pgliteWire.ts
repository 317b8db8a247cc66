// What crosses between the server's thread and PGlite's worker (server/db/pgliteThread.ts,
// server/db/pgliteWorker.ts): plain messages copied by structured clone. An error loses its
// class and its own fields on the way, so it travels as a record and is built again as the
// same class with every field (code, detail, constraint, table, …) that
// server/db/constraintErrors.ts reads.

/** Given to the worker at its start. */
export interface WorkerStart {
  dir?: string;
  /** A dumpDataDir tarball's bytes (transferred, not copied). */
  template?: ArrayBuffer;
  /** TEST_NOW's offset from the machine's clock (server/db/testClock.ts). */
  clockOffsetMs?: number;
}

/** What the server's thread asks. */
export type Question =
  /** `prepare`: as a named statement (server/db/pglite.ts queryPrepared). */
  | { op: 'query'; sql: string; params?: unknown[]; prepare?: boolean }
  | { op: 'exec'; sql: string }
  /** COMMIT, refused when PostgreSQL rolled back instead (an error swallowed inside the transaction). */
  | { op: 'commit' }
  | { op: 'close' };

export type Ask = { id: number } & Question;

/** The worker answers: once `ready` (or not) after its start, then each Ask by its id. */
export type Answer =
  | { id: 'ready'; error?: WireError }
  | { id: number; rows: unknown[]; affectedRows?: number }
  | { id: number; error: WireError };

export interface WireError {
  /** Which of PGlite's classes it was, so the server's side builds the same. */
  kind: 'database' | 'aborted' | 'other';
  name: string;
  message: string;
  stack?: string;
  /** Every own field that survives a structured clone (a field holding a function does not). */
  fields: Record<string, unknown>;
}

export function toWire(err: unknown, kind: WireError['kind']): WireError {
  if (!(err instanceof Error)) return { kind: 'other', name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err))
    try {
      fields[key] = structuredClone(value);
    } catch {
      // not cloneable (queryOptions' parsers): left behind
    }
  return { kind, name: err.name, message: err.message, stack: err.stack, fields };
}

/** `make`: an empty error of the wire error's class, from PGlite's classes on this side. */
export function fromWire(wire: WireError, make: (kind: WireError['kind'], message: string) => Error): Error {
  const err = make(wire.kind, wire.message);
  Object.assign(err, wire.fields);
  err.name = wire.name;
  // The worker's stack says where PGlite failed; the caller's own frames follow from the await.
  if (wire.stack) err.stack = wire.stack;
  return err;
}
