// The shortcut coach: a command that has keys, run by mouse or through the palette, now and then
// says which keys would have run it ("Next time: Ctrl+S"), and never once the admin has turned
// it off on the profile. Rarely: only on the third run of the same command without its keys
// (someone going there often, not someone finding their way), once per command ever, and at
// most one hint in a signed-in session (new staff were told "G then …" after nearly every
// sidebar click). The runner asks after a run (./runner.ts); what the admin chose, their runs
// without keys and the hints they saw stay per admin in local storage ('coach:<user id>').
import { session } from '../store/session';
import { storage } from '@/lib/storage';
import { shortcutText } from '../ui/kbd';
import type { Command } from './types';
import type { Source } from './usage';

export interface CoachPrefs {
  /** The admin turned the coach off (the profile's switch). */
  off: boolean;
  /** The local day ('2025-03-14') each command's hint was shown, by command id: not again. */
  shown: Record<string, string>;
  /** Runs of each command without its keys, by command id (counted until its hint shows). */
  runs: Record<string, number>;
}

/** The run without keys that earns the hint: the third to the same place. */
export const HINT_AFTER_RUNS = 3;

/** What the hint says: the keys as the app shows them, and where they work when that is not here. */
export interface Hint {
  id: string;
  text: string;
}

/** Short: a reminder, not a message to read (the command's own toast says what happened). */
export const HINT_MS = 3000;

/** The sources that could have been the keys instead. */
const COACHED: ReadonlySet<Source> = new Set(['palette', 'button', 'menu', 'pointer']);

/** The local calendar day of a moment: "once a day" ends at the admin's midnight, not UTC's. */
export function dayOf(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The hint for this run (already counted in `prefs.runs`), or null. Only commands the palette
 * lists (not j/k, Escape or a row's click, which the keys and the mouse each do their own way),
 * only ones with keys, from their third run without them, once ever, none when this session
 * has had one (`hintedThisSession`).
 * `where`: the screen the keys work on, when they are not bound where the command ran from (an
 * action of another screen run from the palette): "Next time on Offers: N".
 */
export function hintFor(
  cmd: Pick<Command, 'id' | 'shortcut' | 'palette'>,
  source: Source,
  prefs: CoachPrefs,
  where?: string,
  hintedThisSession = false,
): Hint | null {
  if (!cmd.shortcut || !coached(cmd, source) || prefs.off || hintedThisSession) return null;
  if (prefs.shown[cmd.id] || (prefs.runs[cmd.id] ?? 0) < HINT_AFTER_RUNS) return null;
  const keys = shortcutText(cmd.shortcut);
  return {
    id: cmd.id,
    text: where ? `Next time ${where.charAt(0).toLowerCase()}${where.slice(1)}: ${keys}` : `Next time: ${keys}`,
  };
}

/** A run the keys could have made: a command the palette lists, with keys, not run by them. */
const coached = (cmd: Pick<Command, 'shortcut' | 'palette'>, source: Source) =>
  !!cmd.shortcut && cmd.palette !== false && COACHED.has(source);

/** The prefs once this run is counted (a run the keys could have made; a hinted command is no longer counted). */
export function afterRun(
  prefs: CoachPrefs,
  cmd: Pick<Command, 'id' | 'shortcut' | 'palette'>,
  source: Source,
): CoachPrefs {
  if (!coached(cmd, source) || prefs.shown[cmd.id]) return prefs;
  return { ...prefs, runs: { ...prefs.runs, [cmd.id]: (prefs.runs[cmd.id] ?? 0) + 1 } };
}

/** The prefs once this hint has been shown: its command marked for good, its count dropped. */
export function afterHint(prefs: CoachPrefs, id: string, now: number): CoachPrefs {
  const runs = Object.fromEntries(Object.entries(prefs.runs).filter(([k]) => k !== id));
  return { ...prefs, runs, shown: { ...prefs.shown, [id]: dayOf(now) } };
}

// ---- this admin's prefs in local storage ----

const keyOf = () => `coach:${session.user_id ?? 'anyone'}`;

export function coachPrefs(): CoachPrefs {
  try {
    const v = JSON.parse(storage.get(keyOf()) ?? '{}') as Partial<CoachPrefs> | null;
    const shown =
      v && typeof v.shown === 'object' && v.shown
        ? Object.fromEntries(Object.entries(v.shown).filter(([, d]) => typeof d === 'string'))
        : {};
    const runs =
      v && typeof v.runs === 'object' && v.runs
        ? Object.fromEntries(Object.entries(v.runs).filter(([, n]) => Number.isInteger(n) && (n as number) > 0))
        : {};
    return { off: v?.off === true, shown, runs };
  } catch {
    return { off: false, shown: {}, runs: {} };
  }
}

const save = (prefs: CoachPrefs) => storage.set(keyOf(), JSON.stringify(prefs));

/** The profile's switch. Default: on. */
export const coachOn = () => !coachPrefs().off;
export function setCoachOn(on: boolean): void {
  save({ ...coachPrefs(), off: !on });
}

/** The signed-in sessions (by token) that have had their one hint. */
const hintedSessions = new Set<string>();
const sessionKey = () => session.token ?? 'none';

/**
 * After a run: counts it, then the hint it earns, or null (the runner's question). `where`: as
 * hintFor's.
 */
export function hintAfterRun(
  cmd: Pick<Command, 'id' | 'shortcut' | 'palette'>,
  source: Source,
  where?: string,
): Hint | null {
  const before = coachPrefs();
  const prefs = afterRun(before, cmd, source);
  if (prefs !== before) save(prefs);
  return hintFor(cmd, source, prefs, where, hintedSessions.has(sessionKey()));
}

/** The hint is on screen: never again for this command, and no other in this session. */
export function markHinted(id: string, now = Date.now()): void {
  hintedSessions.add(sessionKey());
  save(afterHint(coachPrefs(), id, now));
}
