import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../store/session';
import { afterHint, coachOn, coachPrefs, dayOf, hintFor, markHinted, setCoachOn, type CoachPrefs } from './coach';

const fresh = (): CoachPrefs => ({ off: false, shown: {} });
const withKeys = { id: 'nav.settings', shortcut: 'g s' };
const NOON = new Date(2025, 2, 14, 12, 0).getTime();

describe('hintFor', () => {
  it('names the keys, as the app shows them, of a command run through the palette, a button, a menu or the pointer', () => {
    expect(hintFor(withKeys, 'palette', fresh(), NOON)).toEqual({ id: 'nav.settings', text: 'Next time: G then S' });
    for (const source of ['button', 'menu', 'pointer'] as const)
      expect(hintFor(withKeys, source, fresh(), NOON)?.text).toBe('Next time: G then S');
    // shortcutText is the cheat sheet's own text (src/ui/kbd.ts): Ctrl+S here, ⌘S on a Mac.
    expect(hintFor({ id: 'x.save', shortcut: 'mod+s' }, 'button', fresh(), NOON)?.text).toMatch(
      /^Next time: (Ctrl\+S|⌘S)$/,
    );
  });

  it('says nothing for a run by its keys', () => {
    expect(hintFor(withKeys, 'hotkey', fresh(), NOON)).toBeNull();
  });

  it('says nothing for a command without keys, or one the palette does not list', () => {
    expect(hintFor({ id: 'card.find' }, 'palette', fresh(), NOON)).toBeNull();
    expect(hintFor({ id: 'list.open', shortcut: 'enter', palette: false }, 'pointer', fresh(), NOON)).toBeNull();
  });

  it('says it once per command per day: again the next day, and for another command the same day', () => {
    const after = afterHint(fresh(), withKeys.id, NOON);
    expect(hintFor(withKeys, 'palette', after, NOON + 60_000)).toBeNull();
    expect(hintFor({ id: 'nav.cards', shortcut: 'g c' }, 'palette', after, NOON + 60_000)).not.toBeNull();
    expect(hintFor(withKeys, 'palette', after, NOON + 24 * 3600_000)).not.toBeNull();
  });

  it('says nothing while the admin has turned it off', () => {
    expect(hintFor(withKeys, 'palette', { off: true, shown: {} }, NOON)).toBeNull();
  });

  it('names the screen when the keys are not bound where it ran', () => {
    expect(hintFor({ id: 'offer.new', shortcut: 'n' }, 'palette', fresh(), NOON, 'On Offers')?.text).toBe(
      'Next time on Offers: N',
    );
  });
});

describe('afterHint', () => {
  it("keeps today's marks only, so the record stays a day's worth", () => {
    const yesterday = afterHint(fresh(), 'a', NOON - 24 * 3600_000);
    expect(afterHint(yesterday, 'b', NOON).shown).toEqual({ b: dayOf(NOON) });
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

  it('remembers the hints shown today, and keeps them when the switch is turned', () => {
    markHinted('nav.settings', NOON);
    setCoachOn(false);
    setCoachOn(true);
    expect(hintFor(withKeys, 'palette', coachPrefs(), NOON + 1000)).toBeNull();
  });

  it('reads a damaged record as the default', () => {
    mem.set('coach:7', '{"off":"yes","shown":[1]}');
    expect(coachPrefs()).toEqual({ off: false, shown: {} });
    mem.set('coach:7', 'not json');
    expect(coachOn()).toBe(true);
  });
});
