// How much of a generated walk (tests/api/fuzz.test.ts, roles.test.ts, hostile.test.ts) a run
// takes. The walks send thousands of calls whose subject is the server's rules, which are the
// same on both databases; what differs between PGlite and PostgreSQL is the SQL each operation
// runs. So vitest.config.ts runs them whole on one database and a sample on the other, one or a
// few calls per operation: every operation's SQL still runs on both.
//
// TEST_WALK=whole|sample (vitest.config.ts sets it per project); unset, whole.

export type Walk = 'whole' | 'sample';

export const WALK: Walk = process.env.TEST_WALK === 'sample' ? 'sample' : 'whole';

/**
 * The items of a walk this run takes: all of them when whole; when a sample, the first item of
 * each group `keyOf` names (an operation's first cell, say), so no group goes untried.
 */
export function walkOf<T>(items: readonly T[], keyOf: (item: T) => string, walk: Walk = WALK): T[] {
  if (walk === 'whole') return [...items];
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The cases the `n`th operation of a walk tries: all of them when whole; when a sample, one,
 * taken in turn (operation 0 the first case, operation 1 the second…), so every kind of case
 * still meets some operation.
 */
export function casesFor<T>(cases: readonly T[], n: number, walk: Walk = WALK): T[] {
  return walk === 'whole' ? [...cases] : [cases[n % cases.length]];
}
