// What the profile tells an admin about their keys, from their runs (./usage.ts): the keys they
// pressed this week, and the commands they reach by mouse or palette most often though they have
// keys (what the shortcut coach, ./coach.ts, hints at one run at a time).
import { allActions, getCommand } from './registry';
import type { Run } from './usage';

/** A command as the profile lists it: its title and its keys (one string, src/ui/kbd.ts). */
export interface Keyed {
  title: string;
  shortcut: string;
}

export interface KeyUse extends Keyed {
  id: string;
  count: number;
}

interface KeyStats {
  /** Commands run by their keys in the last 7 days, most used first. */
  pressed: KeyUse[];
  /** Commands with keys run by mouse or palette in the last 30 days, most used first. */
  reached: KeyUse[];
}

const DAY_MS = 24 * 3600 * 1000;
export const PRESSED_DAYS = 7;
export const REACHED_DAYS = 30;
export const TOP = 5;

/**
 * Counts per command over the runs, for the commands `keyed` knows with keys (a command that has
 * lost its keys, or is gone, is left out). Ties: the one used last first.
 */
export function keyStats(list: readonly Run[], keyed: (id: string) => Keyed | undefined, now = Date.now()): KeyStats {
  const count = (days: number, byKey: boolean): KeyUse[] => {
    const since = now - days * DAY_MS;
    const uses = new Map<string, { n: number; last: number }>();
    for (const r of list) {
      if (r.at < since || r.at > now || (r.source === 'hotkey') !== byKey) continue;
      const u = uses.get(r.id) ?? { n: 0, last: 0 };
      uses.set(r.id, { n: u.n + 1, last: Math.max(u.last, r.at) });
    }
    return [...uses]
      .sort(([, a], [, b]) => b.n - a.n || b.last - a.last)
      .flatMap(([id, u]) => {
        const k = keyed(id);
        return k?.shortcut ? [{ id, title: k.title, shortcut: k.shortcut, count: u.n }] : [];
      })
      .slice(0, TOP);
  };
  return { pressed: count(PRESSED_DAYS, true), reached: count(REACHED_DAYS, false) };
}

/**
 * A command's title and keys: the registered command, or the palette's manifest (./actions.ts)
 * for one whose screen's code is not here yet.
 */
export function commandKeys(id: string): Keyed | undefined {
  const c = getCommand(id) ?? allActions().find((a) => a.id === id && !a.command);
  return c?.shortcut ? { title: c.title, shortcut: c.shortcut } : undefined;
}
