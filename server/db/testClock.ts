// TEST_NOW (server/config.ts): the server's clock moved, for tests of the day rules at a chosen
// hour (e2e/dubaiDay.spec.ts). Date.now is the clock the server's code asks (its `now`
// dependencies default to it) and the one embedded PGlite's now() reads: PostgreSQL compiled
// to WebAssembly gets the time of day from Date.now of the thread it runs in. Moving it in the
// server's thread and in PGlite's (server/db/pgliteWorker.ts) moves both alike; the clock
// then runs on from there. `new Date()` with no argument still reads the machine's clock: the
// server uses it only to name outbox files and stamp the lock file.

const machineNow = Date.now;

/** Moves this thread's Date.now by `offsetMs` from the machine's clock; 0 leaves it alone. */
export function moveClock(offsetMs: number): void {
  if (offsetMs) Date.now = () => machineNow() + offsetMs;
}
