// PGlite in a worker thread (server/db/pgliteWorker.ts) behind an object with the part of
// PGlite's API server/db/connection.ts uses. PGlite runs a query synchronously in the thread
// that calls it, so in the server's thread one 60 ms read stalled every other call, those
// the answer cache (server/http/answerCache.ts) could answer at once included. Only SQL,
// parameters, rows and errors cross (server/db/pgliteWire.ts); units of work stay in line on
// the server's thread, and a transaction is BEGIN, the unit's queries and COMMIT sent one by
// one, so beforeCommit runs there too.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { DataRefusal } from '../errors';
import type { PgliteLike } from './pglite';
import { fromWire, type Answer, type Ask, type Question, type WireError, type WorkerStart } from './pgliteWire';

/** Every call after PGlite's worker died (a 503: a supervisor restarts the server, server/main.ts). */
export class DatabaseLostError extends DataRefusal {
  constructor(cause: unknown) {
    super(
      'unavailable',
      `The database stopped (PGlite's worker thread: ${messageOf(cause)}). Nothing more is saved.`,
      {},
      { cause },
    );
    this.name = 'DatabaseLostError';
  }
}

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

interface WorkerOptions {
  dir?: string;
  template?: Blob;
  /** How far this worker's clock is moved from the machine's (TEST_NOW, server/db/testClock.ts). */
  clockOffsetMs?: number;
  /** Told once when the worker dies (crash, out of memory): the database is gone for good. */
  onLost: (err: DatabaseLostError) => void;
  /** The worker's heap limits (node's defaults unset): a test's small heap sees it die of running out. */
  resourceLimits?: ResourceLimits;
}

/**
 * The worker's code. From source (tsx, vitest) the .ts file beside this one, compiled by tsx
 * registered inside the worker (`--import tsx` in its execArgv does not reach a worker's
 * entry on Node 20); in the bundle, dist/server/pgliteWorker.mjs beside it
 * (scripts/buildServer.mjs).
 */
function workerCode(): { code: string | URL; eval: boolean } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(fromSource ? './pgliteWorker.ts' : './pgliteWorker.mjs', import.meta.url);
  if (!fromSource) return { code: file, eval: false };
  // tsx/esm/api's ESM build, whose register() works inside a worker; require.resolve gives its CommonJS twin.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return {
    code: `import(${JSON.stringify(tsx)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(file.href)}))`,
    eval: true,
  };
}

export async function startPgliteWorker(opts: WorkerOptions): Promise<PgliteLike> {
  const { messages, TransactionAbortedError } = await import('@electric-sql/pglite');
  const rebuild = (wire: WireError) =>
    fromWire(wire, (kind, message) =>
      kind === 'aborted'
        ? new TransactionAbortedError()
        : kind === 'database'
          ? new messages.DatabaseError(message, 0, 'error')
          : new Error(message),
    );
  const template = opts.template && (await opts.template.arrayBuffer());
  const start: WorkerStart = { dir: opts.dir, template, clockOffsetMs: opts.clockOffsetMs };
  const { code, eval: isEval } = workerCode();
  const worker = new Worker(code, {
    eval: isEval,
    workerData: start,
    transferList: template ? [template] : [],
    resourceLimits: opts.resourceLimits,
  });

  const pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let lost: DatabaseLostError | null = null;
  let closing = false;
  let started = false;
  let ready = { resolve: () => {}, reject: (_: Error) => {} };
  const readyNow = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));

  const die = (cause: unknown) => {
    if (lost) return;
    lost = new DatabaseLostError(cause);
    for (const p of pending.values()) p.reject(lost);
    pending.clear();
    // Dead while starting, the start fails; after close, nothing was lost.
    if (!started) ready.reject(lost);
    else if (!closing) opts.onLost(lost);
  };
  worker.on('message', (answer: Answer) => {
    if (answer.id === 'ready') {
      if ('error' in answer && answer.error) ready.reject(rebuild(answer.error));
      else ready.resolve();
      return;
    }
    const p = pending.get(answer.id);
    pending.delete(answer.id);
    if (!pending.size) worker.unref();
    if ('error' in answer) p?.reject(rebuild(answer.error));
    else p?.resolve(answer);
  });
  // An uncaught error in the worker (ERR_WORKER_OUT_OF_MEMORY among them) comes before its exit.
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`the thread exited with code ${code}`)));
  await readyNow;
  started = true;
  // Idle, the worker does not keep the process running; a call waiting for it does.
  worker.unref();

  const ask = (what: Question) =>
    new Promise<Answer>((resolve, reject) => {
      if (lost) return reject(lost);
      const id = nextId++;
      if (!pending.size) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...what, id } as Ask);
    }) as Promise<{ rows: unknown[] }>;
  // The rows are what PostgreSQL answered: their type is the caller's to say, as with PGlite's own query.
  const query = <T>(sql: string, params?: unknown[], opts?: { prepare?: boolean }) =>
    ask({ op: 'query', sql, params, ...(opts?.prepare && { prepare: true }) }) as Promise<{ rows: T[] }>;
  const exec = (sql: string) => ask({ op: 'exec', sql });

  return {
    query,
    exec,
    // As PGlite's own transaction(): COMMIT when `fn` returns, ROLLBACK when it throws, and a
    // Tx that refuses to be used once its transaction is over.
    transaction: async (fn) => {
      await exec('BEGIN');
      let over = false;
      const open = () => {
        if (over) throw new Error('Transaction is closed');
      };
      try {
        const out = await fn({
          query: async <T>(s: string, p?: unknown[], o?: { prepare?: boolean }) => (open(), query<T>(s, p, o)),
          exec: async (s) => (open(), exec(s)),
        });
        over = true;
        await ask({ op: 'commit' });
        return out;
      } catch (err) {
        if (!over) {
          over = true;
          await exec('ROLLBACK').catch(() => undefined);
        }
        throw err;
      }
    },
    close: async () => {
      if (lost) return;
      closing = true;
      await ask({ op: 'close' });
      await worker.terminate();
    },
  };
}
