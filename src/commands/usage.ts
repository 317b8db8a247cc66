// What each admin ran, and how: one record per command run through runCommand (palette, hotkey,
// button, menu, pointer) and per record opened from the palette. The palette ranks by it
// (frecency: ./frecency.ts) and shows the last commands when it opens empty; anything else that
// wants to know how people work (which commands they reach by the palette though they have keys)
// reads the same records. Per admin (the signed-in user id) in local storage, like the list
// preferences (src/store/listPrefs.ts), the newest last, the oldest dropped past MAX_RUNS.
import { session } from '../store/session';
import { storage } from '@/lib/storage';

/** What triggered a command: the runner treats them alike. */
export type Source = 'palette' | 'hotkey' | 'button' | 'menu' | 'pointer';

export interface Run {
  /** The command's id ('offer.new'); a record opened: 'record.open' or 'record.edit'. */
  id: string;
  source: Source;
  /** When, in ms since the epoch. */
  at: number;
  /** The record it was about ('card:12'): a record opened from the palette, or found by a "Find …" page. */
  subject?: string;
}

/** Enough for a month or two of someone's work to weigh in; a few tens of KB at most. */
const MAX_RUNS = 400;

const keyOf = () => `usage:${session.user_id ?? 'anyone'}`;

const isRun = (r: unknown): r is Run => {
  const x = r as Run | null;
  return (
    !!x &&
    typeof x.id === 'string' &&
    typeof x.source === 'string' &&
    typeof x.at === 'number' &&
    (x.subject === undefined || typeof x.subject === 'string')
  );
};

/** This admin's runs, oldest first. */
export function runs(): Run[] {
  try {
    const v = JSON.parse(storage.get(keyOf()) ?? '[]');
    return Array.isArray(v) ? v.filter(isRun) : [];
  } catch {
    return [];
  }
}

export function recordRun(id: string, source: Source, subject?: string, at = Date.now()): void {
  const run: Run = subject === undefined ? { id, source, at } : { id, source, at, subject };
  storage.set(keyOf(), JSON.stringify([...runs(), run].slice(-MAX_RUNS)));
}
