import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../store/session';
import {
  afterHint,
  afterRun,
  coachOn,
  coachPrefs,
  dayOf,
  HINT_AFTER_RUNS,
  hintAfterRun,
  hintFor,
  markHinted,
  setCoachOn,
  type CoachPrefs,
} from './coach';

const fresh = (): CoachPrefs => ({ off: false, shown: {}, runs: {} });
const withKeys = { id: 'nav.settings', shortcut: 'g s' };
const NOON = new Date(2025, 2, 14, 12, 0).getTime();
/** The prefs after `n` runs of the command without its keys. */
const ran = (n: number, cmd: { id: string; shortcut?: string } = withKeys, prefs = fresh()) => {
  let p = prefs;
  for (let i = 0; i < n; i++) p = afterRun(p, cmd, 'palette');
  return p;
};

describe('hintFor', () => {
  it('names the keys, as the app shows them, of a command run through the palette, a button, a menu or the pointer', () => {
    expect(hintFor(withKeys, 'palette', ran(3))).toEqual({ id: 'nav.settings', text: 'Next time: G then S' });
    for (const source of ['button', 'menu', 'pointer'] as const)
      expect(hintFor(withKeys, source, ran(3))?.text).toBe('Next time: G then S');
    // shortcutText is the cheat sheet's own text (src/ui/kbd.ts): Ctrl+S here, ⌘S on a Mac.
    const save = { id: 'x.save', shortcut: 'mod+s' };
    expect(hintFor(save, 'button', ran(3, save))?.text).toMatch(/^Next time: (Ctrl\+S|⌘S)$/);
  });

  it('waits for the third run without the keys to the same place', () => {
    expect(HINT_AFTER_RUNS).toBe(3);
    expect(hintFor(withKeys, 'palette', ran(1))).toBeNull();
    expect(hintFor(withKeys, 'palette', ran(2))).toBeNull();
    expect(hintFor(withKeys, 'palette', ran(3))).not.toBeNull();
    // Runs to other places do not add up.
    const elsewhere = ran(2, { id: 'nav.cards', shortcut: 'g c' }, ran(2));
    expect(hintFor(withKeys, 'palette', elsewhere)).toBeNull();
  });

  it('says nothing for a run by its keys, and does not count it', () => {
    expect(hintFor(withKeys, 'hotkey', ran(3))).toBeNull();
    expect(afterRun(fresh(), withKeys, 'hotkey').runs).toEqual({});
  });

  it('says nothing for a command without keys, or one the palette does not list', () => {
    const find = { id: 'card.find' };
    expect(hintFor(find, 'palette', ran(3, find))).toBeNull();
    const open = { id: 'list.open', shortcut: 'enter', palette: false };
    expect(hintFor(open, 'pointer', { ...fresh(), runs: { 'list.open': 5 } })).toBeNull();
    expect(afterRun(fresh(), open, 'pointer').runs).toEqual({});
  });

  it('says it once per command, ever: not the next day either; another command still can', () => {
    const after = afterHint(ran(3), withKeys.id, NOON);
    expect(after.runs).toEqual({});
    expect(hintFor(withKeys, 'palette', ran(5, withKeys, after))).toBeNull();
    expect(afterRun(after, withKeys, 'palette')).toBe(after); // no longer counted
    const cards = { id: 'nav.cards', shortcut: 'g c' };
    expect(hintFor(cards, 'palette', ran(3, cards, after))).not.toBeNull();
  });

  it('says nothing when this session has had its hint, or while the admin has turned it off', () => {
    expect(hintFor(withKeys, 'palette', ran(3), undefined, true)).toBeNull();
    expect(hintFor(withKeys, 'palette', { ...ran(3), off: true })).toBeNull();
  });

  it('names the screen when the keys are not bound where it ran', () => {
    const add = { id: 'offer.new', shortcut: 'n' };
    expect(hintFor(add, 'palette', ran(3, add), 'On Offers')?.text).toBe('Next time on Offers: N');
  });
});

describe('afterHint', () => {
  it('keeps every mark, so a hint shown once is not shown again', () => {
    const yesterday = afterHint(fresh(), 'a', NOON - 24 * 3600_000);
    expect(afterHint(yesterday, 'b', NOON).shown).toEqual({ a: dayOf(NOON - 24 * 3600_000), b: dayOf(NOON) });
  });
});

describe("this admin's prefs in local storage", () => {
  const mem = new Map<string, string>();
  beforeEach(() => {
    mem.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => mem.set(k, v),
      removeItem: (k: string) => mem.delete(k),
    });
    session.user_id = 7;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.user_id = null;
  });

  it('is on by default, and off once turned off, for this admin only', () => {
    expect(coachOn()).toBe(true);
    setCoachOn(false);
    expect(coachOn()).toBe(false);
    session.user_id = 8;
    expect(coachOn()).toBe(true);
  });

  it('counts runs across reloads, hints on the third, once per session, and remembers it when the switch is turned', () => {
    session.token = 'session-a';
    expect(hintAfterRun(withKeys, 'pointer')).toBeNull();
    expect(hintAfterRun(withKeys, 'pointer')).toBeNull();
    expect(coachPrefs().runs).toEqual({ 'nav.settings': 2 });
    expect(hintAfterRun(withKeys, 'pointer')).toEqual({ id: 'nav.settings', text: 'Next time: G then S' });
    markHinted('nav.settings', NOON);
    // Another place, three times in the same session: quiet (one hint a session).
    const cards = { id: 'nav.cards', shortcut: 'g c' };
    for (let i = 0; i < 3; i++) expect(hintAfterRun(cards, 'pointer')).toBeNull();
    // A new session: that one's turn; the first is never hinted again.
    session.token = 'session-b';
    expect(hintAfterRun(cards, 'pointer')).not.toBeNull();
    setCoachOn(false);
    setCoachOn(true);
    for (let i = 0; i < 3; i++) expect(hintAfterRun(withKeys, 'pointer')).toBeNull();
    session.token = null;
  });

  it('reads a damaged record as the default', () => {
    mem.set('coach:7', '{"off":"yes","shown":[1]}');
    expect(coachPrefs()).toEqual({ off: false, shown: {}, runs: {} });
    mem.set('coach:7', 'not json');
    expect(coachOn()).toBe(true);
  });
});
