import { describe, expect, it } from 'vitest';
import { unchangedSince, writeCounts } from '../db/tableWrites';
import { MAX_AGE_MS, REFRESH_MS, answerCache, type Freshness } from './answerCache';

/** A database whose every read names `tables` (null: not known), and whose writes a test makes. */
const fakeDb = (tables: readonly string[] | null = ['banks']) => {
  const counts = writeCounts();
  const db: Freshness = {
    stamp: counts.now,
    unchanged: (stamp, read) => unchangedSince(stamp, counts.now(), read ?? undefined),
    reading: async (fn) => ({ value: await fn(), tables }),
  };
  return { counts, db, write: (...t: string[]) => counts.wrote(t.length ? t : ['banks']) };
};

describe('answerCache', () => {
  const setup = () => {
    const state = { now: 0, reads: 0 };
    const { db, write, counts } = fakeDb();
    const cache = answerCache(db, () => state.now);
    const ask = (key = 'a') => cache.answer(key, async () => `${key}${++state.reads}`);
    return { state, ask, write, counts };
  };

  it('answers a repeat from the kept answer until a write to a table it read commits', async () => {
    const { ask, write } = setup();
    expect(await ask()).toBe('a1');
    expect(await ask()).toBe('a1');
    expect(await ask('b')).toBe('b2');
    write('presence', 'sessions'); // tables it never read
    expect(await ask()).toBe('a1');
    write('banks');
    expect(await ask()).toBe('a3');
    expect(await ask()).toBe('a3');
  });

  it('an answer whose tables are not known is stale after any write', async () => {
    const { db, write } = fakeDb(null);
    const cache = answerCache(db, () => 0);
    let reads = 0;
    const ask = () => cache.answer('k', async () => ++reads);
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(1);
    write('presence');
    expect(await ask()).toBe(2);
  });

  it('what cannot be known (a lost connection) makes every answer stale', async () => {
    const { ask, counts } = setup();
    expect(await ask()).toBe('a1');
    counts.unknown();
    expect(await ask()).toBe('a2');
  });

  it('past MAX_AGE_MS, gives the old answer while one read refreshes it; past REFRESH_MS more, waits for a read', async () => {
    const { state, ask } = setup();
    await ask();
    state.now += MAX_AGE_MS - 1;
    expect(await ask()).toBe('a1');
    state.now += 1;
    const during = [ask(), ask()]; // the first starts a refresh, the second starts none
    expect(await Promise.all(during)).toEqual(['a1', 'a1']);
    expect(state.reads).toBe(2);
    await new Promise((r) => setTimeout(r)); // the refresh is in
    expect(await ask()).toBe('a2');
    expect(state.reads).toBe(2);
    state.now += MAX_AGE_MS + REFRESH_MS;
    expect(await ask()).toBe('a3');
    state.now -= 10; // the clock set back
    expect(await ask()).toBe('a4');
  });

  it('a write is never answered from before it, refreshing or not', async () => {
    const { state, ask, write } = setup();
    await ask();
    state.now += MAX_AGE_MS;
    write();
    expect(await ask()).toBe('a2');
  });

  it('shares one read among callers asking at the same time', async () => {
    const { state, ask } = setup();
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers).toEqual(['a1', 'a1', 'a1']);
    expect(state.reads).toBe(1);
  });

  it('keeps no failure: the next caller reads again', async () => {
    let fail = true;
    const cache = answerCache(fakeDb().db, () => 0);
    const read = async () => {
      if (fail) throw new Error('refused');
      return 'ok';
    };
    await expect(cache.answer('k', read)).rejects.toThrow('refused');
    fail = false;
    expect(await cache.answer('k', read)).toBe('ok');
  });

  it('a write during a read leaves that answer stale for the next caller', async () => {
    const { db, write } = fakeDb();
    let release!: () => void;
    const cache = answerCache(db, () => 0);
    const first = cache.answer('k', () => new Promise<string>((r) => (release = () => r('before'))));
    write('presence'); // committed while the first read ran: which tables it read is not known yet
    const second = cache.answer('k', async () => 'after');
    release();
    expect(await first).toBe('before');
    expect(await second).toBe('after');
  });

  describe('bounded by bytes, not by count', () => {
    const sized = (maxBytes: number) => {
      const state = { reads: 0 };
      const cache = answerCache(fakeDb().db, () => 0, maxBytes);
      /** An answer of `chars` characters (2 bytes each, as the cache counts). */
      const ask = (key: string, chars: number) => cache.answer(key, async () => `${++state.reads}`.padEnd(chars, '.'));
      return { state, ask };
    };

    it('keeps many small answers: 2,000 of 1 KB under 64 MB', async () => {
      const { state, ask } = sized(64 * 1024 * 1024);
      for (let i = 0; i < 2_000; i++) await ask(`k${i}`, 512);
      for (let i = 0; i < 2_000; i++) await ask(`k${i}`, 512);
      expect(state.reads).toBe(2_000);
    });

    it('drops the least recently kept answers once their bytes pass the bound', async () => {
      const { state, ask } = sized(1_000_000); // room for three answers of 300,000 bytes
      for (const k of ['a', 'b', 'c']) await ask(k, 150_000);
      expect(state.reads).toBe(3);
      await ask('d', 150_000); // a goes
      expect(state.reads).toBe(4);
      await ask('b', 150_000);
      await ask('c', 150_000);
      await ask('d', 150_000);
      expect(state.reads).toBe(4);
      await ask('a', 150_000);
      expect(state.reads).toBe(5);
    });

    it('keeps no answer bigger than the whole bound, and drops nothing for it', async () => {
      const { state, ask } = sized(1_000_000);
      await ask('small', 1_000);
      await ask('huge', 600_000);
      await ask('huge', 600_000);
      expect(state.reads).toBe(3);
      await ask('small', 1_000);
      expect(state.reads).toBe(3);
    });
  });
});
