import { describe, expect, it } from 'vitest';
import { keyStats, type Keyed } from './keyStats';
import type { Run, Source } from './usage';

const NOW = new Date(2025, 2, 14, 12, 0).getTime();
const DAY = 24 * 3600 * 1000;
const KEYS: Record<string, Keyed> = {
  'nav.cards': { title: 'Go to Cards', shortcut: 'g c' },
  'nav.offers': { title: 'Go to Offers', shortcut: 'g o' },
  'offer.new': { title: 'New offer', shortcut: 'n' },
  'offer.edit': { title: 'Edit offer', shortcut: 'e' },
  'app.undo': { title: 'Undo', shortcut: 'mod+z' },
  'card.delete': { title: 'Delete card', shortcut: 'mod+backspace, #' },
  'app.theme': { title: 'Toggle theme', shortcut: 't' },
};
const keyed = (id: string) => KEYS[id];
const run = (id: string, source: Source, daysAgo = 0): Run => ({ id, source, at: NOW - daysAgo * DAY });

describe('keyStats', () => {
  it('counts the keys pressed in the last 7 days, most used first, with their keys', () => {
    const runs = [
      run('nav.cards', 'hotkey', 1),
      run('nav.offers', 'hotkey', 2),
      run('nav.offers', 'hotkey', 0),
      run('nav.cards', 'hotkey', 8),
      run('nav.cards', 'palette', 0),
    ];
    expect(keyStats(runs, keyed, NOW).pressed).toEqual([
      { id: 'nav.offers', title: 'Go to Offers', shortcut: 'g o', count: 2 },
      { id: 'nav.cards', title: 'Go to Cards', shortcut: 'g c', count: 1 },
    ]);
  });

  it('lists the commands with keys run by mouse or palette most often (30 days), top five, none without keys', () => {
    const runs = [
      ...['palette', 'button', 'menu', 'pointer'].map((s) => run('offer.new', s as Source, 3)),
      run('offer.edit', 'button', 1),
      run('offer.edit', 'palette', 2),
      run('card.find', 'palette', 0), // no keys
      run('record.open', 'palette', 0), // a record opened: no keys
      run('app.undo', 'menu', 40), // too long ago
      run('app.undo', 'hotkey', 0),
      run('nav.cards', 'palette', 5),
      run('nav.offers', 'palette', 6),
      run('card.delete', 'palette', 7),
      run('app.theme', 'palette', 8),
    ];
    const { reached } = keyStats(runs, keyed, NOW);
    expect(reached.map((u) => [u.id, u.count])).toEqual([
      ['offer.new', 4],
      ['offer.edit', 2],
      ['nav.cards', 1],
      ['nav.offers', 1],
      ['card.delete', 1],
    ]);
    expect(reached[4].shortcut).toBe('mod+backspace, #');
  });

  it('breaks a tie by the one used last', () => {
    const runs = [run('nav.cards', 'hotkey', 3), run('nav.offers', 'hotkey', 1)];
    expect(keyStats(runs, keyed, NOW).pressed.map((u) => u.id)).toEqual(['nav.offers', 'nav.cards']);
  });

  it('is empty for no runs', () => {
    expect(keyStats([], keyed, NOW)).toEqual({ pressed: [], reached: [] });
  });
});
