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

/**
 * Where a word of the command comes from, and what a match on it is worth. A word of its
 * vocabulary (./vocabulary.ts: its verb's and noun's words) counts a hair under its own aliases:
 * where two commands answer to a word, the one that chose it comes first.
 */
const WEIGHT = { title: 1, alias: 0.95, vocabulary: 0.94, keyword: 0.8, group: 0.7 } as const;
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
  /** Each alias's meaningful words joined by a space: one typed whole names the command as its title would. */
  aliasPhrases: ReadonlySet<string>;
}

export interface Matchable {
  title: string;
  aliases?: readonly string[];
  keywords?: readonly string[];
  group?: string;
  /**
   * Lists of words that mean the same (./vocabulary.ts: a verb's, a noun's). A word of a list
   * stands for the title's word of that list, when it has one: "change" covers "Edit" of "Edit bank".
   */
  vocabulary?: readonly (readonly string[])[];
}

/** The same word but for a plural ('offers' and 'offer', 'categories' and 'category'). */
const sameWord = (a: string, b: string) =>
  a === b ||
  a === `${b}s` ||
  b === `${a}s` ||
  a === `${b}es` ||
  b === `${a}es` ||
  (a.endsWith('ies') && b === `${a.slice(0, -3)}y`) ||
  (b.endsWith('ies') && a === `${b.slice(0, -3)}y`);

const meaningful = (text: string) => wordsOf(text).filter((w) => !STOP_WORDS.has(w));

export function prepare(c: Matchable): Prepared {
  const tokens = new Map<string, Token>();
  // A word found twice keeps its best worth and the most of the title it covers ('open', an
  // alias of "Find outlet…" and a word of its verb, covers "Find").
  const add = (text: string, weight: number, title: readonly number[]) => {
    const had = tokens.get(text);
    if (!had) tokens.set(text, { weight, title });
    else if (had.weight < weight || had.title.length < title.length)
      tokens.set(text, {
        weight: Math.max(had.weight, weight),
        title: had.title.length < title.length ? title : had.title,
      });
  };
  /** `covers`: 'title' for the title's own words, else the title's words each word stands for. */
  const phrase = (text: string, weight: number, covers: 'title' | readonly number[]) => {
    const words = meaningful(text);
    words.forEach((w, i) => {
      add(w, weight, covers === 'title' ? [i] : covers);
      // Two words the command writes apart also match typed as one ('roll back' → 'rollback').
      if (i > 0) add(words[i - 1] + w, weight, covers === 'title' ? [i - 1, i] : covers);
    });
    return words.length;
  };
  const titleWords = phrase(c.title, WEIGHT.title, 'title');
  const small = new Set(wordsOf(c.title).filter((w) => STOP_WORDS.has(w)));
  const aliasPhrases = new Set<string>();
  for (const a of c.aliases ?? []) {
    phrase(a, WEIGHT.alias, []);
    aliasPhrases.add(meaningful(a).join(' '));
  }
  if (c.vocabulary?.length) {
    const title = meaningful(c.title);
    for (const list of c.vocabulary) {
      // The title's word this list has ("Edit" for the verb edit), which its other words stand for.
      const at = title.findIndex((t) =>
        list.some((w) => {
          const m = meaningful(w);
          return m.length === 1 && sameWord(t, m[0]);
        }),
      );
      for (const w of list) phrase(w, WEIGHT.vocabulary, at >= 0 ? [at] : []);
    }
  }
  for (const k of c.keywords ?? []) phrase(k, WEIGHT.keyword, []);
  if (c.group) phrase(c.group, WEIGHT.group, []);
  return { tokens, titleWords, small, aliasPhrases };
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
  // An alias typed whole is another name for the command ("make admin" of "Set user role…"): it
  // ranks as its title would, a hair under, above commands whose words only a vocabulary covers.
  const typedWhole = words
    .filter((w) => !w.optional)
    .map((w) => w.text)
    .join(' ');
  if (p.aliasPhrases.has(typedWhole)) return 0.8 * WEIGHT.alias + 0.12 + 0.04 + 0.04;
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

/**
 * How well `q` names a record titled `title`, 0..1. The server found it (its words anywhere in the
 * record); this orders what it found as people read titles: a typed word that is a whole word of
 * the title counts most, then one that starts a word, least one inside a word ("edit" in
 * "Credit"); then how much of the title the typed words cover; then whether they stand side by
 * side in the title as typed: "dubai mall" names "Apple — Dubai Mall" before "Dubai Marina Mall".
 */
export function recordScore(q: Query, title: string): number {
  const words = meaningful(title);
  const typed = q.words.filter((w) => !w.optional);
  if (!words.length || !typed.length) return 0;
  let sum = 0;
  let besides = 0;
  let prev = -2;
  const covered = new Set<number>();
  for (const w of typed) {
    let best = 0;
    let at = -1;
    words.forEach((t, i) => {
      const level =
        t === w.text || sameWord(t, w.text)
          ? 1
          : t.startsWith(w.text)
            ? w.partial
              ? 0.9
              : 0.8
            : w.text.length >= 2 && t.includes(w.text)
              ? 0.3
              : 0;
      // Equal worth: the word right after the last one found, then one not found yet.
      if (level > best || (level === best && level > 0 && (i === prev + 1 || (covered.has(at) && !covered.has(i))))) {
        best = level;
        at = i;
      }
    });
    sum += best;
    if (at >= 0) {
      if (at === prev + 1) besides++;
      covered.add(at);
    }
    prev = at;
  }
  const n = typed.length;
  return 0.6 * (sum / n) + 0.3 * (covered.size / words.length) + 0.1 * (n > 1 ? besides / (n - 1) : 1);
}
