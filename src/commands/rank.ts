// What the palette's root page lists, and in which order once something is typed: the commands
// of the screen shown and the global ones (as before), and every command reachable from anywhere
// (the manifest, ./actions.ts), its screen's code downloaded or not. Typed words rank them by
// the matcher (./match.ts); where they match about as well, the screen's own commands come
// first, then the global ones, then those of other screens, and what this admin uses often and
// lately (./frecency.ts) goes up: small boosts, never enough for a poor match to pass a good one.
import { matchScore, parseQuery, prepare, type Prepared } from './match';
import { allActions, available, getCommand, withheld } from './registry';
import type { Action, Command, Ctx } from './types';
import { vocabularyOf } from './vocabulary';

/** Where a command lives, seen from the screen shown. */
export type Tier = 'screen' | 'global' | 'elsewhere';

export interface Row {
  cmd: Command;
  tier: Tier;
  /** Its screen's commands are not downloaded yet: the manifest's words stand in for it. */
  stub: boolean;
}

/** Added to the words' match (0..1). A typo costs more than the largest sum of these (0.08). */
const TIER_BONUS: Readonly<Record<Tier, number>> = { screen: 0.03, global: 0.015, elsewhere: 0 };
const USAGE_BONUS = 0.05;

/**
 * The manifest's words as a command the palette can list, for an action whose command is not
 * downloaded yet or that names an argument of it ("New welcome box"); choosing it runs the action.
 */
const stubs = new WeakMap<Action, Command>();
const actionOfStub = new WeakMap<Command, Action>();
function stubOf(a: Action): Command {
  let c = stubs.get(a);
  if (!c) {
    c = {
      id: a.id,
      title: a.title,
      aliases: a.aliases,
      group: a.group,
      shortcut: a.shortcut,
      scope: a.global ? 'global' : `view:${a.screen}`,
      anywhere: true,
      run: () => undefined,
    };
    stubs.set(a, c);
    actionOfStub.set(c, a);
  }
  return c;
}

/** The action a listed row stands for, when it is the manifest's words rather than the command itself. */
export const actionOf = (c: Command): Action | undefined => actionOfStub.get(c);

const enabledIn = (c: Command, ctx: Ctx) => c.enabled?.(ctx) ?? true;

/** Every command the root page lists here (those acting on picked rows included). */
export function paletteRows(ctx: Ctx): Row[] {
  const here = available(ctx).filter((c) => c.palette !== false);
  const rows: Row[] = here.map((cmd) => ({ cmd, tier: cmd.scope === 'global' ? 'global' : 'screen', stub: false }));
  const listed = new Set(here.map((c) => c.id));
  for (const a of allActions()) {
    if (withheld(a.command ?? a.id)) continue; // downloaded, and not this role's to run
    const real = getCommand(a.command ?? a.id);
    const inScope = !!real && ctx.scopes.includes(real.scope);
    if (a.command) {
      // A named argument of a command: listed by its own words, unless the screen lists the same.
      if (real && (!enabledIn(real, ctx) || (inScope && real.title === a.title))) continue;
      rows.push({ cmd: stubOf(a), tier: inScope ? 'screen' : 'elsewhere', stub: true });
    } else if (listed.has(a.id)) continue;
    else if (!real) rows.push({ cmd: stubOf(a), tier: a.global ? 'global' : 'elsewhere', stub: true });
    // Downloaded: listed above when its scope is active; from elsewhere when it may run there.
    else if (real.anywhere && real.palette !== false && !inScope && enabledIn(real, ctx))
      rows.push({ cmd: real, tier: 'elsewhere', stub: false });
    listed.add(a.id);
  }
  return rows;
}

/** A command's words ready for matching, kept while they stay the same (some titles follow the screen). */
const prepared = new WeakMap<Command, { title: string; words: Prepared }>();
export function wordsOf(c: Command, title = c.title): Prepared {
  const had = prepared.get(c);
  if (had && had.title === title) return had.words;
  const words = prepare({
    title,
    aliases: c.aliases,
    keywords: c.keywords,
    group: c.group,
    vocabulary: vocabularyOf(c.id),
  });
  prepared.set(c, { title, words });
  return words;
}

/** The words' match plus the boosts; 0 when the words do not match. */
export const rowScore = (text: number, tier: Tier, usage: number) =>
  text > 0 ? text + TIER_BONUS[tier] + USAGE_BONUS * usage : 0;

/**
 * The rows matching `typed`, best first, as the palette shows them while something is typed
 * (one list, no groups). `usage`: a command's boost from use, 0..1.
 */
export function ranked(typed: string, rows: readonly Row[], usage: (id: string) => number = () => 0): Row[] {
  const q = parseQuery(typed);
  return rows
    .map((row, i) => ({ row, i, score: rowScore(matchScore(q, wordsOf(row.cmd)), row.tier, usage(row.cmd.id)) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((r) => r.row);
}
