// The shortcut coach: a command that has keys, run by mouse or through the palette, now and then
// says which keys would have run it ("Next time: Ctrl+S"), at most once per command per day, and
// never once the admin has turned it off on the profile. The runner asks after a run
// (./runner.ts); what the admin chose and which hints they saw today stay per admin in local
// storage ('coach:<user id>'), beside their runs (./usage.ts).
import { session } from '../store/session';
import { storage } from '@/lib/storage';
import { shortcutText } from '../ui/kbd';
import type { Command } from './types';
import type { Source } from './usage';

export interface CoachPrefs {
  /** The admin turned the coach off (the profile's switch). */
  off: boolean;
  /** The local day ('2025-03-14') each command's hint was last shown, by command id. */
  shown: Record<string, string>;
}

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
 * The hint for this run, or null. Only commands the palette lists (not j/k, Escape or a row's
 * click, which the keys and the mouse each do their own way) and only ones with keys.
 * `where`: the screen the keys work on, when they are not bound where the command ran from (an
 * action of another screen run from the palette): "Next time on Offers: N".
 */
export function hintFor(
  cmd: Pick<Command, 'id' | 'shortcut' | 'palette'>,
  source: Source,
  prefs: CoachPrefs,
  now: number,
  where?: string,
): Hint | null {
  if (prefs.off || !cmd.shortcut || cmd.palette === false || !COACHED.has(source)) return null;
  if (prefs.shown[cmd.id] === dayOf(now)) return null;
  const keys = shortcutText(cmd.shortcut);
  return {
    id: cmd.id,
    text: where ? `Next time ${where.charAt(0).toLowerCase()}${where.slice(1)}: ${keys}` : `Next time: ${keys}`,
  };
}

/** The prefs once this hint has been shown: today's mark for its command, older days dropped. */
export function afterHint(prefs: CoachPrefs, id: string, now: number): CoachPrefs {
  const today = dayOf(now);
  const shown = Object.fromEntries(Object.entries(prefs.shown).filter(([, day]) => day === today));
  return { ...prefs, shown: { ...shown, [id]: today } };
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
    return { off: v?.off === true, shown };
  } catch {
    return { off: false, shown: {} };
  }
}

const save = (prefs: CoachPrefs) => storage.set(keyOf(), JSON.stringify(prefs));

/** The profile's switch. Default: on. */
export const coachOn = () => !coachPrefs().off;
export function setCoachOn(on: boolean): void {
  save({ ...coachPrefs(), off: !on });
}

/** The hint is on screen: not again for this command today. */
export function markHinted(id: string, now = Date.now()): void {
  save(afterHint(coachPrefs(), id, now));
}
