// How many workers a test runner takes from an environment variable (VITEST_WORKERS for
// vitest.config.ts, E2E_WORKERS for playwright.config.ts): a count ('2') or a share of the
// cores ('50%', as both runners take it); unset or empty, the `fallback` the config gives.
export function workersFrom(v: string | undefined, fallback: number | string): number | string {
  if (!v) return fallback;
  return /^\d+$/.test(v) ? Number(v) : v;
}
