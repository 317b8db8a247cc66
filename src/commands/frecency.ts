// Frecency: what this admin uses often and lately, from their runs (./usage.ts). Each run counts
// for less as it ages, half as much after a week, so last month's habit fades and today's shows.
// The palette adds a small boost from it after the words have been matched (./rank.ts), never
// enough for a poor match to pass a good one.
import type { Run } from './usage';

export const HALF_LIFE_MS = 7 * 24 * 3600 * 1000;
/** Commands shown under "Recent commands" while nothing is typed. */
const RECENT_COMMANDS = 5;

/** Each command's and each record's ('record:card:12') weight of use: Σ ½^(age / half-life). */
export function frecencies(list: readonly Run[], now = Date.now()): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, weight: number) => out.set(key, (out.get(key) ?? 0) + weight);
  for (const r of list) {
    const weight = 0.5 ** (Math.max(0, now - r.at) / HALF_LIFE_MS);
    add(r.id, weight);
    if (r.subject) add(`record:${r.subject}`, weight);
  }
  return out;
}

/** The palette's hidden record openers: runs of them are records opened, not commands to list. */
const opensRecord = (id: string) => id.startsWith('record.');

/**
 * 0..1, rising with use and levelling off: one run this week ≈ 0.25, four ≈ 0.57, a dozen ≈ 0.8.
 * A habit, not a count: the tenth run adds little to the ninth.
 */
export const usageBoost = (weight: number | undefined) => (weight ? weight / (weight + 3) : 0);

/** The last commands run from the palette, newest first, each once (records opened are not commands). */
export function recentCommands(list: readonly Run[], max = RECENT_COMMANDS): string[] {
  const out: string[] = [];
  for (let i = list.length - 1; i >= 0 && out.length < max; i--) {
    const r = list[i];
    if (r.source === 'palette' && !opensRecord(r.id) && !out.includes(r.id)) out.push(r.id);
  }
  return out;
}
