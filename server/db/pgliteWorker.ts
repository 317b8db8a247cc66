// PGlite's own thread (server/db/pgliteThread.ts starts it). PostgreSQL compiled to
// WebAssembly runs each query synchronously in the thread that calls it; here that thread is
// not the server's, so a 60 ms read no longer holds every other call's parsing and sending.
// Asks arrive one at a time in the order the server's units send them (its oneAtATime,
// server/db/connection.ts); each is answered by its id.
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite, pgliteLike, type PgliteLike } from './pglite';
import { moveClock } from './testClock';
import { toWire, type Answer, type Ask, type WorkerStart } from './pgliteWire';

const port = parentPort!;
const start = workerData as WorkerStart;
// Before PGlite starts: its now() is this thread's Date.now.
moveClock(start.clockOffsetMs ?? 0);
const send = (answer: Answer) => port.postMessage(answer);

const { messages, TransactionAbortedError } = await import('@electric-sql/pglite');
const kindOf = (err: unknown) =>
  err instanceof TransactionAbortedError ? 'aborted' : err instanceof messages.DatabaseError ? 'database' : 'other';

let pg: Awaited<ReturnType<typeof createPglite>>;
/** `pg` as the server's thread asks of it: its prepared queries as named statements. */
let queries: PgliteLike;
try {
  pg = await createPglite(start.dir, start.template && new Blob([start.template]));
  queries = pgliteLike(pg);
  send({ id: 'ready' });
} catch (err) {
  send({ id: 'ready', error: toWire(err, kindOf(err)) });
  port.close();
  throw err;
}

async function answer(ask: Ask): Promise<Omit<Extract<Answer, { rows: unknown[] }>, 'id'>> {
  switch (ask.op) {
    case 'query': {
      const { rows, affectedRows } = await queries.query(ask.sql, ask.params, { prepare: ask.prepare });
      return { rows, affectedRows };
    }
    case 'exec':
      await pg.exec(ask.sql);
      return { rows: [] };
    case 'commit': {
      // What PGlite's own transaction() does at its end.
      const [result] = await pg.exec('COMMIT');
      if (result?.command === 'ROLLBACK') throw new TransactionAbortedError();
      return { rows: [] };
    }
    case 'close':
      await pg.close();
      return { rows: [] };
  }
}

port.on('message', (ask: Ask) => {
  answer(ask).then(
    (out) => {
      send({ id: ask.id, ...out });
      if (ask.op === 'close') port.close(); // nothing left to keep the thread: it ends
    },
    (err: unknown) => send({ id: ask.id, error: toWire(err, kindOf(err)) }),
  );
});
