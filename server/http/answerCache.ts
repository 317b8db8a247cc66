// Answers of `shared` calls (contract/operation.ts: lists, counts, the palette's search),
// kept until the data may have changed. Thirty-two admins scrolling the same offer list ask
// for the same page again and again; on PGlite every one of those reads waits in the single
// connection's line (server/db/connection.ts), so the repeat is answered from here instead.
//
// Current means: no table the answer read has been written since the read began (`Db.stamp`,
// `Db.unchanged`: this process's commits and, on PostgreSQL, every other process's; the tables
// a read named, `Db.reading`), and it is younger than MAX_AGE_MS,
// since some answers move with the clock alone (an offer stops being live at midnight);
// a little older while a fresh read replaces it (REFRESH_MS). Calls asking the same thing
// at the same time share one read.

import type { Db } from '../db/connection';
import type { Stamp } from '../db/tableWrites';

/**
 * How long an answer may be reused when nothing was written: what a clock-driven state (an
 * offer's "live", a session's expiry) may lag. Each refresh is a read that, on PGlite, holds
 * the server's one thread: at a million offers a filtered list's ~60 ms read once a second
 * put every 32-client p99 near 90 ms; once in five seconds, near the plain read's.
 */
export const MAX_AGE_MS = 5000;
/**
 * After MAX_AGE_MS, with still nothing written, the old answer is given for up to this much
 * longer while one caller's read refreshes it: otherwise every caller of a slow list (a
 * search over a million offers) would wait on that read at every refresh.
 */
export const REFRESH_MS = 5000;
/**
 * The bytes of answers kept by default (ANSWER_CACHE_MB, server/config.ts); the least
 * recently kept go first. Counted, not entries: a page of 50 offers is about 40 KB, one of
 * 500 about 0.5 MB, so a count bounded nothing.
 */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  /** The writes counted when its read began. */
  stamp: Stamp;
  /** The tables its read named, once it is in (null: not known, any write makes it stale). */
  tables?: readonly string[] | null;
  at: number;
  answer: Promise<unknown>;
  /** Counted once the answer is in: its key and its value, two bytes a character (JS strings). */
  bytes: number;
  /** A read refreshing this answer is under way. */
  refreshing?: boolean;
}

/** What an answer takes, about: the JSON text sent, or (a session) its JSON. */
const bytesOf = (key: string, value: unknown) =>
  2 * (key.length + (typeof value === 'string' ? value.length : (JSON.stringify(value) ?? '').length)) + 100;

export interface AnswerCache {
  /** The answer to `key`: a current one kept from before, or `read()`'s (kept if it succeeds). */
  answer<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Answers given from what was kept (hits) or read (misses) since the start, and the bytes kept now (/metrics). */
  stats(): { hits: number; misses: number; bytes: number; entries: number };
}

/** What the cache asks of the database (server/db/connection.ts). */
export type Freshness = Pick<Db, 'stamp' | 'unchanged' | 'reading'>;

export function answerCache(db: Freshness, now: () => number = Date.now, maxBytes = DEFAULT_MAX_BYTES): AnswerCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const drop = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  };
  // The count is taken before the read starts: a commit during the read makes the answer
  // stale at once, never current under a newer count. An entry's bytes count from when its
  // answer is in; one bigger than the whole bound is not kept.
  const keep = (key: string, entry: Entry) => {
    drop(key); // re-inserted last: the Map's order is the eviction order
    entries.set(key, entry);
    entry.answer.then(
      (value) => {
        if (entries.get(key) !== entry) return;
        entry.bytes = bytesOf(key, value);
        bytes += entry.bytes;
        if (entry.bytes > maxBytes) drop(key);
        for (const oldest of entries.keys()) {
          if (bytes <= maxBytes) break;
          drop(oldest);
        }
      },
      () => undefined,
    );
  };
  return {
    answer<T>(key: string, read: () => Promise<T>): Promise<T> {
      const t = now();
      const kept = entries.get(key);
      // A clock set back (a test's, or NTP's) makes no answer younger: read again. An answer
      // still being read is current only while nothing at all was written since it began.
      const age = kept && t >= kept.at && db.unchanged(kept.stamp, kept.tables ?? null) ? t - kept.at : Infinity;
      if (age < MAX_AGE_MS + REFRESH_MS) hits++;
      else misses++;
      if (age < MAX_AGE_MS) return kept!.answer as Promise<T>;
      // The stamp is taken before the read starts: a commit during the read makes the answer
      // stale at once, never current under a newer stamp.
      const start = (): Entry => {
        const stamp = db.stamp();
        const reading = db.reading(read);
        const entry: Entry = {
          stamp,
          at: t,
          bytes: 0,
          answer: reading.then(({ value, tables }) => {
            entry.tables = tables;
            return value;
          }),
        };
        return entry;
      };
      if (age < MAX_AGE_MS + REFRESH_MS) {
        if (!kept!.refreshing) {
          kept!.refreshing = true;
          const fresh = start();
          fresh.answer.then(
            () => entries.get(key) === kept && keep(key, fresh),
            () => void (kept!.refreshing = false),
          );
        }
        return kept!.answer as Promise<T>;
      }
      const entry = start();
      keep(key, entry);
      entry.answer.catch(() => entries.get(key) === entry && drop(key));
      return entry.answer as Promise<T>;
    },
    stats: () => ({ hits, misses, bytes, entries: entries.size }),
  };
}
