// The palette's matcher against the filter it replaced (bench/browser.ts), in the same page: every
// command the app registers (src/app/installCommands.ts allAppCommands) and every row of the palette's
// manifest (src/commands/actions.ts), scored for each prefix of the phrase table's phrases as they
// are typed. Ours: src/commands/match.ts as the palette runs it (each command's words prepared
// once, its vocabulary's with them, the typed text parsed once per key). Baseline: the palette's filter before issue 19, every
// typed word a substring of the title, keywords and group, then cmdk's defaultFilter.
import { defaultFilter } from 'cmdk';
import { ACTIONS } from '../../src/commands/actions';
import { matchScore, parseQuery, prepare } from '../../src/commands/match';
import { PHRASES } from '../../src/commands/phrases';
import { vocabularyOf } from '../../src/commands/vocabulary';
import { allAppCommands } from '../../src/app/installCommands';

interface Row {
  id: string;
  title: string;
  value: string;
  aliases?: readonly string[];
  keywords: string[];
  group: string;
}

/** The palette's filter before issue 19 (src/commands/Palette.tsx at 9e1e2a2). */
function oldFilter(value: string, search: string, keywords: string[]): number {
  const haystack = `${value} ${keywords.join(' ')}`.toLowerCase();
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => haystack.includes(w)) ? defaultFilter(value, search, keywords) : 0;
}

/** Each phrase as typed, one more letter per key. */
const typed = PHRASES.flatMap(([p]) => [...p].map((_, i) => p.slice(0, i + 1)));

async function rows(): Promise<Row[]> {
  const commands = (await allAppCommands()).filter((c) => c.palette !== false);
  const seen = new Set(commands.map((c) => c.id));
  const fromManifest = ACTIONS.filter((a) => !seen.has(a.id)).map((a) => ({
    id: a.id,
    title: a.title,
    aliases: a.aliases,
    keywords: [],
    group: a.group,
  }));
  return [...commands, ...fromManifest].map((c) => ({
    id: c.id,
    title: c.title,
    value: `${c.title} ${c.id}`,
    aliases: c.aliases,
    keywords: [c.group, c.title, ...(c.keywords ?? [])],
    group: c.group,
  }));
}

/** ms per key over every row, each key's work repeated `reps` times (the clock is coarse). */
(window as unknown as { benchMatch: (reps: number) => Promise<unknown> }).benchMatch = async (reps: number) => {
  const list = await rows();
  const prepared = list.map((r) =>
    prepare({
      title: r.title,
      aliases: r.aliases,
      keywords: r.keywords.slice(2),
      group: r.group,
      vocabulary: vocabularyOf(r.id),
    }),
  );
  const ours: number[] = [];
  const base: number[] = [];
  let matchedOurs = 0;
  let matchedBase = 0;
  for (const q of typed) {
    let t0 = performance.now();
    for (let i = 0; i < reps; i++) {
      const parsed = parseQuery(q);
      matchedOurs = 0;
      for (const p of prepared) if (matchScore(parsed, p) > 0) matchedOurs++;
    }
    ours.push((performance.now() - t0) / reps);
    t0 = performance.now();
    for (let i = 0; i < reps; i++) {
      matchedBase = 0;
      for (const r of list) if (oldFilter(r.value, q, r.keywords) > 0) matchedBase++;
    }
    base.push((performance.now() - t0) / reps);
  }
  return { rows: list.length, keys: typed.length, ours, base, matchedOurs, matchedBase };
};
document.getElementById('root')!.textContent = 'ready';
