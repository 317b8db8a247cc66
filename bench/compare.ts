// How a server bench sets ours beside a baseline: its command-line options, runs of the two in
// turns, and the one line per figure every bench prints: `NAME: ours=… baseline=… ratio=…`.
import { time } from './timing';

/** `--name value` or `--name=value` from the command line, else undefined. */
export const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ??
  (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);

/**
 * `runs` calls of each, ms: both warmed up `warm` times (PGlite's first runs of a statement are
 * slow), then taken in turns, so neither gets the other's warm caches alone.
 */
export async function inTurns(
  runs: number,
  ours: () => Promise<unknown>,
  base: () => Promise<unknown>,
  warm = 3,
): Promise<{ o: number[]; b: number[] }> {
  await time(warm, ours, false);
  await time(warm, base, false);
  const [o, b]: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    o.push(...(await time(1, ours, false)));
    b.push(...(await time(1, base, false)));
  }
  return { o, b };
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

/**
 * A figure's line. `better`: which way is better (a time, lower; a rate, higher), so a ratio
 * above 1 always means ours is better.
 */
export function ratioLine(name: string, ours: number, base: number, unit = 'ms', better: 'lower' | 'higher' = 'lower') {
  const ratio = better === 'lower' ? base / ours : ours / base;
  return `${name}: ours=${fmt(ours)}${unit} baseline=${fmt(base)}${unit} ratio=${ratio.toFixed(2)}`;
}
