import type { SearchHit } from '@contract/search';
import { usageBoost } from './frecency';
import { matchScore, parseQuery, recordScore, type Prepared, type Query } from './match';
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
  /** The title of each record row found by typing, by its value: the filter ranks records by it. */
  records: new Map<string, string>(),
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
 * any matching command (cmdk puts groups after the rows outside them, and their scores, under
 * RECORD_MAX, are below any command's), so a query that begins with a verb runs its command.
 * Among themselves they rank by how well the typed words name them (./match.ts's recordScore),
 * each group by its best row, those this admin opens often a little higher, and where that is
 * equal in RECORD_TYPES order and the server's.
 */
export function filter(value: string, search: string): number {
  if (value.startsWith(RECENT)) return 0; // shown only while nothing is typed
  if (scored.search !== search) scored = { search, query: parseQuery(search), scores: new Map() };
  let score = scored.scores.get(value);
  if (score === undefined) {
    score = scoreOf(value, scored.query);
    scored.scores.set(value, score);
  }
  return score;
}

/** Above every record's score: what a command's is, matched at all (0.3 or more). */
export const RECORD_MAX = 0.002;

function scoreOf(value: string, query: Query): number {
  if (value.startsWith(RECORD) || value.startsWith(MORE)) {
    const typeRank = TYPE_RANK.get(value.split(':')[1] as SearchHit['type']) ?? 9;
    // "All matching …" ends its group, below its records (0.001 and more).
    if (value.startsWith(MORE)) return 0.0005 - typeRank * 0.00001;
    const title = filterInput.records.get(value) ?? '';
    const text = recordScore(query, title);
    return 0.001 + 0.0008 * text + 0.0001 * usageBoost(filterInput.used.get(value)) - typeRank * 0.000001;
  }
  const row = filterInput.rows.get(value);
  return row ? rowScore(matchScore(query, row.words), row.tier, row.usage) : 0;
}

export const recordValue = (prefix: string, h: Pick<SearchHit, 'type' | 'id'>) => `${prefix}${h.type}:${h.id}`;

/** A command row's value: unique, and what the filter looks its words up by. */
export const rowValue = (cmd: Command, title = cmd.title) => `${title} ${cmd.id}`;
