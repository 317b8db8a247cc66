import { describe, expect, it } from 'vitest';
import { frecencies, HALF_LIFE_MS, recentCommands, usageBoost } from './frecency';
import type { Run } from './usage';

const NOW = Date.UTC(2025, 5, 1);
const run = (id: string, daysAgo: number, source: Run['source'] = 'palette', subject?: string): Run => ({
  id,
  source,
  at: NOW - daysAgo * 24 * 3600 * 1000,
  ...(subject && { subject }),
});

describe('frecency', () => {
  it('counts each run for half as much a week later', () => {
    const f = frecencies([run('a', 0), run('b', 7), run('c', 14), run('c', 14)], NOW);
    expect(f.get('a')).toBeCloseTo(1);
    expect(f.get('b')).toBeCloseTo(0.5);
    expect(f.get('c')).toBeCloseTo(0.5);
    expect(HALF_LIFE_MS).toBe(7 * 24 * 3600 * 1000);
  });

  it('ranks often-and-lately above once-long-ago, and keeps records apart from commands', () => {
    const f = frecencies(
      [run('old', 60), run('often', 1), run('often', 2), run('often', 3), run('record.open', 0, 'palette', 'card:12')],
      NOW,
    );
    expect(usageBoost(f.get('often'))).toBeGreaterThan(usageBoost(f.get('old')));
    expect(f.get('record:card:12')).toBeCloseTo(1);
    // A record found by "Find card…" counts for the command and for the record.
    const found = frecencies([run('card.find', 0, 'palette', 'card:7')], NOW);
    expect(found.get('card.find')).toBeCloseTo(1);
    expect(found.get('record:card:7')).toBeCloseTo(1);
  });

  it('levels off: a boost stays below 1 and nothing used gets none', () => {
    expect(usageBoost(undefined)).toBe(0);
    expect(usageBoost(1000)).toBeLessThan(1);
    expect(usageBoost(1)).toBeCloseTo(0.25);
  });

  it('lists the last commands run from the palette, newest first, each once', () => {
    const list = [
      run('a', 3),
      run('b', 2, 'hotkey'),
      run('c', 2),
      run('card.find', 2, 'palette', 'card:3'),
      run('record.open', 1, 'palette', 'card:1'),
      run('a', 1),
    ];
    expect(recentCommands(list)).toEqual(['a', 'card.find', 'c']);
    expect(
      recentCommands(
        [...'abcdefg'].map((id, i) => run(id, 7 - i)),
        3,
      ),
    ).toEqual(['g', 'f', 'e']);
  });
});
