// PGlite's worker dying (a crash, out of memory): told once, and no call waits forever.
import { describe, expect, it } from 'vitest';
import { DataRefusal } from '../errors';
import { DatabaseLostError, startPgliteWorker } from './pgliteThread';

describe('startPgliteWorker', () => {
  it('fails the call under way and every later one, and tells onLost once, when the worker runs out of memory', async () => {
    const lost: Error[] = [];
    const pg = await startPgliteWorker({
      onLost: (err) => lost.push(err),
      // PGlite's own memory lies outside this heap; the rows it answers with do not.
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    expect((await pg.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    // Some 400 MB of rows as JavaScript strings.
    const huge = pg.query("select repeat('x', 2000) || n as s from generate_series(1, 200000) n");
    const err = await huge.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseLostError);
    // A 503 to whoever asked, naming the cause for the log.
    expect(err).toBeInstanceOf(DataRefusal);
    expect((err as DataRefusal).reason).toBe('unavailable');
    expect((err as Error).message).toMatch(/^The database stopped \(PGlite's worker thread: .*memory.*\)/i);
    await expect(pg.query('select 1')).rejects.toBe(err);
    await expect(pg.transaction((tx) => tx.query('select 1'))).rejects.toBe(err);
    expect(lost).toEqual([err]);
    await pg.close(); // nothing left to close: no wait, no throw
  }, 120_000);

  it('tells nothing when closed, and refuses calls after', async () => {
    const lost: Error[] = [];
    const pg = await startPgliteWorker({ onLost: (err) => lost.push(err) });
    await pg.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(lost).toEqual([]);
    await expect(pg.query('select 1')).rejects.toBeInstanceOf(DatabaseLostError);
  }, 120_000);
});
