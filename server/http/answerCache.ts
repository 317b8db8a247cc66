// Answers of `shared` calls (contract/operation.ts: lists, counts, the palette's search),
// kept until the data may have changed. Thirty-two admins scrolling the same offer list ask
// for the same page again and again; on PGlite every one of those reads waits in the single
// connection's line (server/db/connection.ts), so the repeat is answered from here instead.
//
// Current means: no transaction has committed since the answer was read (`Db.writes`, which
// on PostgreSQL also counts other processes' commits), and it is younger than MAX_AGE_MS,
// since some answers move with the clock alone (an offer stops being live at midnight).
// Calls asking the same thing at the same time share one read.

/** How long an answer may be reused when nothing was written: what a clock-driven state may lag. */
export const MAX_AGE_MS = 1000;
/** Answers kept at most; the oldest go first. A page of 50 offers is about 40 KB. */
const MAX_ENTRIES = 500;

interface Entry {
  writes: number;
  at: number;
  answer: Promise<unknown>;
}

export interface AnswerCache {
  /** The answer to `key`: a current one kept from before, or `read()`'s (kept if it succeeds). */
  answer<T>(key: string, read: () => Promise<T>): Promise<T>;
}

export function answerCache(writes: () => number, now: () => number = Date.now): AnswerCache {
  const entries = new Map<string, Entry>();
  return {
    answer<T>(key: string, read: () => Promise<T>): Promise<T> {
      const w = writes();
      const t = now();
      const kept = entries.get(key);
      // A clock set back (a test's, or NTP's) makes no answer younger: read again.
      if (kept && kept.writes === w && t >= kept.at && t - kept.at < MAX_AGE_MS) return kept.answer as Promise<T>;
      // The count is taken before the read starts: a commit during the read makes the
      // answer stale at once, never current under a newer count.
      const answer = read();
      const entry: Entry = { writes: w, at: t, answer };
      entries.delete(key); // re-inserted last: the Map's order is the eviction order
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      answer.catch(() => entries.get(key) === entry && entries.delete(key));
      return answer;
    },
  };
}
