import type { SearchHit } from '@contract/search';
import { usageBoost } from './frecency';
import { matchScore, parseQuery, type Prepared, type Query } from './match';
import { rowScore, type Tier } from './rank';
import { RECORD_TYPES } from './recordTypes';
import type { Command } from './types';

// How the palette (./Palette.tsx) orders its rows: cmdk asks `filter` for each row's score.

/** Row values: records found by typing, recently opened records, "more of this type". */
export const RECORD = 'record:';
export const RECENT = 'recent:';
export const MORE = 'more:';
const TYPE_RANK = new Map(RECORD_TYPES.map((t, i) => [t.type, i]));

/** What the filter needs of each command row, by its value: its words, where it lives, how much it is used. */
interface RowMeta {
  words: Prepared;
  tier: Tier;
  usage: number;
}

/** What the filter reads, set by the root page once per opening (./PaletteRootPage.tsx). */
export const filterInput = {
  /** Each command row's words, place and use, by its value. */
  rows: new Map<string, RowMeta>(),
  /** This admin's use of commands and records (./frecency.ts), read once per opening. */
  used: new Map<string, number>(),
};

/**
 * The rows' scores for what is typed now. cmdk scores every row again whenever a row comes or
 * goes, with the same search: records arriving would rank every command again, in the time
 * between the answer and its frame.
 */
let scored: { search: string; query: Query; scores: Map<string, number> } = {
  search: '',
  query: parseQuery(''),
  scores: new Map(),
};

/** A new opening: scores from the last one (other use, other rows) do not carry over. */
export function resetScores() {
  scored = { search: '', query: parseQuery(''), scores: new Map() };
}

/**
 * Commands ranked by the matcher (./match.ts: words in any order, aliases, one typo) with the
 * boosts of ./rank.ts. Records come from the server already matched: they always show, below
 * any matching command, their groups in RECORD_TYPES order and their rows in the server's order
 * but for those this admin opens often, which go up their group.
 */
export function filter(value: string, search: string): number {
  if (value.startsWith(RECORD) || value.startsWith(MORE)) {
    const type = value.split(':')[1];
    const base = 0.002 - (TYPE_RANK.get(type as SearchHit['type']) ?? 9) * 0.0001;
    return value.startsWith(MORE) ? base - 0.00005 : base + 0.00004 * usageBoost(filterInput.used.get(value));
  }
  if (value.startsWith(RECENT)) return 0; // shown only while nothing is typed
  if (scored.search !== search) scored = { search, query: parseQuery(search), scores: new Map() };
  let score = scored.scores.get(value);
  if (score === undefined) {
    const row = filterInput.rows.get(value);
    score = row ? rowScore(matchScore(scored.query, row.words), row.tier, row.usage) : 0;
    scored.scores.set(value, score);
  }
  return score;
}

export const recordValue = (prefix: string, h: Pick<SearchHit, 'type' | 'id'>) => `${prefix}${h.type}:${h.id}`;

/** A command row's value: unique, and what the filter looks its words up by. */
export const rowValue = (cmd: Command, title = cmd.title) => `${title} ${cmd.id}`;
