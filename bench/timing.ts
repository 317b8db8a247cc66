// What every server bench times with: runs of a call, and a percentile of them.

/** `runs` calls of `fn` one after another (after one to warm up), each in ms. */
export async function time(runs: number, fn: () => Promise<unknown>, warmUp = runs > 3): Promise<number[]> {
  if (warmUp) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** The `p`th percentile of `xs` (nearest rank). */
export const pct = (xs: readonly number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
