import { describe, expect, it } from 'vitest';
import { matchScore, parseQuery, prepare, recordScore, withinOneEdit, wordsOf, type Matchable } from './match';
import { vocabularyOf } from './vocabulary';

const score = (typed: string, c: Matchable) => matchScore(parseQuery(typed), prepare(c));
const rollback: Matchable = {
  title: 'Roll back offers by source…',
  aliases: ['rollback', 'unpublish', 'revert onboarding'],
  keywords: ['undo', 'crawl'],
  group: 'Crawl review',
};
const reorder: Matchable = { title: 'Reorder banner…', aliases: ['move banner', 'hero'], group: 'Homepage' };
const newOffer: Matchable = { title: 'New offer', aliases: ['add', 'create'], group: 'Offers' };
const shortcuts: Matchable = { title: 'Show keyboard shortcuts', keywords: ['help', 'cheat sheet'], group: 'General' };

/** Damerau–Levenshtein (optimal string alignment), written the slow way to check the fast one. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('words', () => {
  it('are lower case, without accents, apostrophes or punctuation', () => {
    expect(wordsOf("Don't miss out — Café & CSV…")).toEqual(['dont', 'miss', 'out', 'cafe', 'csv']);
  });
});

describe('one edit apart', () => {
  it('agrees with Damerau–Levenshtein distance ≤ 1', () => {
    const words = [
      'reorder',
      'reordr',
      'reodrer',
      'rollback',
      'rollbak',
      'rolback',
      'banner',
      'baner',
      'bannre',
      'cards',
      'card',
      'carts',
      'xards',
      'offers',
      'ofers',
      'foofers',
      'a',
      '',
      'ab',
      'ba',
    ];
    for (const a of words) for (const b of words) expect(withinOneEdit(a, b), `${a} / ${b}`).toBe(distance(a, b) <= 1);
  });
});

describe('matching', () => {
  it('takes the words in any order', () => {
    expect(score('banner reorder', reorder)).toBeGreaterThan(0);
    expect(score('offers source roll back', rollback)).toBeGreaterThan(0);
  });

  it('ignores small words, typed or in the title', () => {
    expect(score('rollback offers by source', rollback)).toBeGreaterThan(0.95);
    expect(score('roll back the offers of a source', rollback)).toBeGreaterThan(0.95);
  });

  it('lets a small word the title has tell apart titles that differ only by it', () => {
    const to = { title: 'Set valid to of 3 offers…' };
    const from = { title: 'Set valid from of 3 offers…' };
    expect(score('set valid to', to)).toBeGreaterThan(score('set valid to', from));
    expect(score('set valid from', from)).toBeGreaterThan(score('set valid from', to));
    expect(score('set valid to ', to)).toBeGreaterThan(score('set valid to ', from));
    // On the way there: 't' may be the start of 'to', so the row stays while it is typed.
    expect(score('set valid t', to)).toBeGreaterThan(0.9);
    // Never below the same words without it.
    expect(score('set valid to', from)).toBeGreaterThanOrEqual(score('set valid', from) - 1e-9);
  });

  it('reads aliases, multi-word ones too, and words written apart or together', () => {
    expect(score('create offer', newOffer)).toBeGreaterThan(0.8);
    expect(score('add offer', newOffer)).toBeGreaterThan(0.8);
    expect(score('move banner', reorder)).toBeGreaterThan(0.8);
    expect(score('revert onboarding', rollback)).toBeGreaterThan(0.7);
    // The title says "Roll back"; typed as one word, or the alias's one word typed as two.
    expect(score('rollback offers', rollback)).toBeGreaterThan(0.9);
    expect(
      score('roll back offers', { ...rollback, title: 'Rollback offers by source…', aliases: [] }),
    ).toBeGreaterThan(0.9);
  });

  it('forgives one typo in a word of five letters or more, not in shorter ones', () => {
    expect(score('reordr banner', reorder)).toBeGreaterThan(0.7);
    expect(score('rollbak offers', rollback)).toBeGreaterThan(0.7);
    expect(score('reodrer banner', reorder)).toBeGreaterThan(0.7); // two letters swapped
    expect(score('reoder banner', reorder)).toBeGreaterThan(0.7);
    // Two typos: no.
    expect(score('reodr bannre', reorder)).toBe(0);
    // A four-letter word has no typo allowance: 'nwe' is not 'new'.
    expect(score('nwe offer', newOffer)).toBe(0);
  });

  it('takes the last word as a prefix while it is being typed', () => {
    expect(score('reorder ban', reorder)).toBeGreaterThan(0.8);
    expect(score('roll back off', rollback)).toBeGreaterThan(0.8);
    // A typo in the word being typed: 'reodr' is the start of 'reorder' with two letters swapped.
    expect(score('reodr', reorder)).toBeGreaterThan(0.4);
    // A small word being typed may be the start of a real one, or nothing.
    const theme = { title: 'Toggle dark/light theme' };
    expect(score('to', theme)).toBeGreaterThan(0);
    expect(score('dark to', theme)).toBeGreaterThan(score('dark', theme));
    expect(score('reorder banner to', reorder)).toBeGreaterThan(0.9);
  });

  it('needs every word: "bank" does not find keyboard shortcuts', () => {
    expect(score('bank', shortcuts)).toBe(0);
    expect(score('reorder card', reorder)).toBe(0);
  });

  it('ranks the title word for word above aliases, keywords, prefixes and typos', () => {
    const exact = score('reorder banner', reorder);
    expect(exact).toBeGreaterThan(0.99);
    expect(score('move banner', reorder)).toBeLessThan(exact);
    expect(score('reorder banner', { title: 'Move to position…', keywords: ['reorder', 'banner'] })).toBeLessThan(
      score('move banner', reorder),
    );
    expect(score('reordr banner', reorder)).toBeLessThan(score('reorder ban', reorder));
    // Covering more of the title ranks higher: "Delete bank" before "Delete selected banks".
    expect(score('delete bank', { title: 'Delete bank' })).toBeGreaterThan(
      score('delete bank', { title: 'Delete selected banks' }),
    );
  });

  it('finds a plural typed for a singular and the other way round', () => {
    expect(score('new offers', newOffer)).toBeGreaterThan(0.8);
    expect(score('find cards', { title: 'Find card…' })).toBeGreaterThan(0.8);
  });

  it('matches everything on an empty search', () => {
    expect(score('', reorder)).toBe(1);
    expect(score('  ', reorder)).toBe(1);
  });
});

describe('the vocabulary', () => {
  const editBank: Matchable = {
    title: 'Edit bank',
    aliases: ['change', 'update'],
    vocabulary: vocabularyOf('bank.edit'),
  };
  const findOutlet: Matchable = {
    title: 'Find outlet…',
    aliases: ['search', 'open', 'look up'],
    vocabulary: vocabularyOf('outlet.find'),
  };
  const goOutlets: Matchable = { title: 'Go to Outlets', keywords: ['open'], vocabulary: vocabularyOf('nav.outlets') };

  it('finds a command by its verb’s and noun’s words, nowhere in its own', () => {
    expect(score('rename bank', editBank)).toBeGreaterThan(0.9);
    expect(score('open branch', findOutlet)).toBeGreaterThan(0.9);
    expect(score('rename bank', { title: 'Edit bank' })).toBe(0);
  });

  it('ranks the title’s own word above a word that stands for it, and a command’s own alias above the vocabulary', () => {
    expect(score('edit bank', editBank)).toBeGreaterThan(score('rename bank', editBank));
    expect(score('open branch', findOutlet)).toBeGreaterThan(score('open branch', goOutlets));
  });

  it('gives "discontinue" and "archive" only to the commands named by them', () => {
    expect(vocabularyOf('card.delete').flat()).not.toContain('discontinue');
    expect(vocabularyOf('card.discontinue').flat()).toContain('discontinue');
    expect(vocabularyOf('card.discontinue').flat()).toContain('delete');
  });
});

describe('records', () => {
  const rank = (typed: string, titles: string[]) =>
    [...titles].sort((a, b) => recordScore(parseQuery(typed), b) - recordScore(parseQuery(typed), a));

  it('rank by how much of the title the typed words name, side by side', () => {
    expect(rank('dubai mall', ['Dubai Marina Mall', 'Al Barsha Mall', 'Wafi Mall', 'Apple — Dubai Mall'])).toEqual([
      'Apple — Dubai Mall',
      'Dubai Marina Mall',
      'Wafi Mall',
      'Al Barsha Mall',
    ]);
  });

  it('rank whole words and word starts above letters inside a word', () => {
    expect(rank('edit', ['Emirates Credit Card', 'Edit Pro Card', 'Editions Card'])).toEqual([
      'Edit Pro Card',
      'Editions Card',
      'Emirates Credit Card',
    ]);
  });
});
