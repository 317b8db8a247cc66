// What typed words find which command: the palette's matcher, a pure function run on every
// keystroke over every listed command (bench/browser.ts measures it). Forgiving as people type:
// words in any order; small words ('by', 'of', 'the') left out; a command's aliases (the words
// people say: 'rollback', 'add', 'push') count nearly as its title; two words typed apart that
// a command writes as one ('roll back' → 'Rollback'), or the other way round; 'offers' for
// 'offer'; the last word a prefix while it is being typed; one typo (Damerau–Levenshtein
// distance 1) in a word of five letters or more. Every typed word must be found somewhere, so
// "bank" never finds "Keyboard shortcuts".

/** Words that carry no meaning in a command's name: left out of what is typed and of titles. */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'by',
  'of',
  'to',
  'for',
  'in',
  'on',
  'at',
  'from',
  'with',
  'and',
  'this',
  'its',
  'my',
]);

/** Where a word of the command comes from, and what a match on it is worth. */
const WEIGHT = { title: 1, alias: 0.95, keyword: 0.8, group: 0.7 } as const;
/** What a typed small word that the title has adds: less than any real word's difference. */
const SMALL_BONUS = 0.01;
/** Typos are forgiven in words this long or longer. */
const TYPO_MIN = 5;

/** Lower case, accents and apostrophes dropped, split on anything not a letter or digit. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f'’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

interface Token {
  weight: number;
  /** The title words it stands for (two for a joined pair), else none. */
  title: readonly number[];
}

/** A command's words, ready to be matched many times. */
export interface Prepared {
  tokens: ReadonlyMap<string, Token>;
  /** How many meaningful words the title has. */
  titleWords: number;
  /** The title's small words ('to' of "Set valid to…"): a typed one that is there tips the balance. */
  small: ReadonlySet<string>;
}

export interface Matchable {
  title: string;
  aliases?: readonly string[];
  keywords?: readonly string[];
  group?: string;
}

export function prepare(c: Matchable): Prepared {
  const tokens = new Map<string, Token>();
  const add = (text: string, weight: number, title: readonly number[]) => {
    const had = tokens.get(text);
    if (!had || had.weight < weight || (had.weight === weight && had.title.length < title.length))
      tokens.set(text, { weight, title });
  };
  const phrase = (text: string, weight: number, isTitle: boolean, offset = 0) => {
    const words = wordsOf(text).filter((w) => !STOP_WORDS.has(w));
    words.forEach((w, i) => {
      add(w, weight, isTitle ? [offset + i] : []);
      // Two words the command writes apart also match typed as one ('roll back' → 'rollback').
      if (i > 0) add(words[i - 1] + w, weight, isTitle ? [offset + i - 1, offset + i] : []);
    });
    return words.length;
  };
  const titleWords = phrase(c.title, WEIGHT.title, true);
  const small = new Set(wordsOf(c.title).filter((w) => STOP_WORDS.has(w)));
  for (const a of c.aliases ?? []) phrase(a, WEIGHT.alias, false);
  for (const k of c.keywords ?? []) phrase(k, WEIGHT.keyword, false);
  if (c.group) phrase(c.group, WEIGHT.group, false);
  return { tokens, titleWords, small };
}

/** What was typed, ready to be matched against every command. */
export interface Query {
  words: readonly QueryWord[];
}

interface QueryWord {
  text: string;
  /** The last word, still being typed: a prefix is as good as the word. */
  partial: boolean;
  /** A small word: counted when it matches, ignored when it does not. */
  optional: boolean;
}

export function parseQuery(typed: string): Query {
  const all = wordsOf(typed);
  const typing = !/\s$/.test(typed);
  const meaningful = all.filter((w) => !STOP_WORDS.has(w));
  // Only small words typed ('to'): take them as they are.
  if (!meaningful.length)
    return { words: all.map((text, i) => ({ text, partial: typing && i === all.length - 1, optional: false })) };
  return {
    // A small word only tells apart titles that differ by it ("Set valid to" and "… from");
    // at the end it may be the start of a real one ('to' → 'toggle').
    words: all.map((text, i) => ({ text, partial: typing && i === all.length - 1, optional: STOP_WORDS.has(text) })),
  };
}

/**
 * Whether two words are at most one edit apart (Damerau–Levenshtein, optimal string
 * alignment): one letter changed, added, dropped, or two neighbours swapped.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** How well one typed word matches one word of the command, 0..1. */
function wordLevel(w: QueryWord, t: string): number {
  const typed = w.text;
  if (t === typed) return 1;
  if (t.length > typed.length && t.startsWith(typed)) return w.partial ? 0.9 : 0.8;
  // 'offers' for 'offer', 'card' for 'cards'.
  if (t === `${typed}s` || typed === `${t}s` || t === `${typed}es` || typed === `${t}es`) return 0.95;
  if (typed.length >= TYPO_MIN) {
    if (withinOneEdit(typed, t)) return 0.7;
    // A typo in a word still being typed ('reodr' → 'reorder').
    if (w.partial && t.length > typed.length && withinOneEdit(typed, t.slice(0, typed.length))) return 0.6;
  }
  if (typed.length >= 3 && t.includes(typed)) return 0.5;
  return 0;
}

/** The command's word that `w` matches best, and how well. */
function bestMatch(w: QueryWord, p: Prepared): [number, Token | undefined] {
  let best = 0;
  let bestToken: Token | undefined;
  for (const [t, token] of p.tokens) {
    const level = wordLevel(w, t);
    if (level === 0) continue;
    const value = level * token.weight;
    // Equal worth: the word that covers more of the title.
    if (value > best || (value === best && bestToken && token.title.length > bestToken.title.length)) {
      best = value;
      bestToken = token;
    }
  }
  return [best, bestToken];
}

/**
 * How well `q` matches the command, 0 (not at all: some typed word found nowhere) to 1 (its
 * title, word for word and in order). Matches on the title count most, then its aliases, its
 * keywords, its group; a match that covers more of the title, in its order and from its first
 * word, ranks higher.
 */
export function matchScore(q: Query, p: Prepared): number {
  const words = q.words;
  if (!words.length) return 1;
  let sum = 0;
  let counted = 0;
  let lastTitle = -1;
  let inOrder = true;
  /** Whether the first word typed is the title's first word. */
  let fromStart: boolean | undefined;
  const covered = new Set<number>();
  let smallHits = 0;
  const cover = (token: Token) => {
    fromStart ??= token.title[0] === 0;
    for (const at of token.title) {
      if (at < lastTitle) inOrder = false;
      lastTitle = at;
      covered.add(at);
    }
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const [value, token] = bestMatch(w, p);
    // Two words typed apart that the command writes as one ('roll back' → 'rollback'), when
    // that reads better than the two words on their own.
    const next = words[i + 1];
    const joined = next && !w.optional && !next.optional ? p.tokens.get(w.text + next.text) : undefined;
    if (joined && 2 * joined.weight > value + bestMatch(next, p)[0]) {
      sum += 2 * joined.weight;
      counted += 2;
      cover(joined);
      i++;
      continue;
    }
    // A small word never lowers the score: one the title has adds a little; one being typed
    // adds what it covers of the title.
    if (w.optional) {
      if (p.small.has(w.text)) smallHits++;
      else if (w.partial && token) for (const at of token.title) covered.add(at);
      continue;
    }
    // A word being typed may be the start of one of the title's small words ('t' of "to").
    if (!token && w.partial && startsSmall(w.text, p)) continue;
    if (!token) return 0;
    sum += value;
    counted++;
    cover(token);
  }
  if (!counted) return 0.5 + SMALL_BONUS * Math.min(smallHits, 2);
  const coverage = p.titleWords ? covered.size / p.titleWords : 0;
  return (
    0.8 * (sum / counted) +
    0.12 * coverage +
    0.04 * (inOrder && covered.size > 0 ? 1 : 0) +
    0.04 * (fromStart ? 1 : 0) +
    SMALL_BONUS * Math.min(smallHits, 2)
  );
}

const startsSmall = (typed: string, p: Prepared) => [...p.small].some((s) => s.startsWith(typed));
