// Every vitest suite in one run: unit tests beside the code, the API integration tests
// twice, on embedded PGlite and on a real PostgreSQL the harness starts itself, and the
// process tests (real servers started, stopped and killed) last.
//
// What is set up once instead of once per file (ARCHITECTURE.md, "Tests"):
// - the API projects run with `isolate: false`: a worker imports the server's modules once
//   and runs file after file with them. Each file still builds its own app on its own copy of
//   the migrated template (tests/helpers/app.ts), and tests/api uses no vi.mock;
// - the generated walks (fuzz, roles, hostile) run whole on PostgreSQL and one sample per
//   operation on PGlite (TEST_WALK, tests/helpers/walk.ts), so every operation's SQL still runs
//   on both databases;
// - a file that only makes sense on PostgreSQL is left out of the PGlite project.
import { defineConfig } from 'vitest/config';
import { pathAliases } from './aliases';
import { workersFrom } from './workers';

/** Files whose every test needs a second process on one database: PostgreSQL's alone. */
const POSTGRES_ONLY = ['tests/api/twoProcesses.test.ts'];

const api = (name: string, extra: { env: Record<string, string>; globalSetup: string[]; exclude?: string[] }) => ({
  // The server imports contract/ as @contract/…, and API tests import browser modules too (the
  // CSV preview's checks), which import as @/… (aliases.ts).
  resolve: { alias: pathAliases },
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
    ...extra,
  },
});

export default defineConfig({
  test: {
    // Files side by side, one per core: on 2 cores two workers ran the unit tests in 42 s
    // against 66 s, the API files on PGlite in 112 s against 170 s and on PostgreSQL in 94 s
    // against 157 s (vitest's default is one fewer than the cores: one, here). VITEST_WORKERS
    // sets it (a number or a share of the cores).
    maxWorkers: workersFrom(process.env.VITEST_WORKERS, '100%'),
    projects: [
      {
        // src/'s tests import across folders as @/…, and everything imports contract/ as @contract/… (aliases.ts).
        resolve: { alias: pathAliases },
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/helpers/**/*.test.ts',
          ],
          testTimeout: 30_000,
          environment: 'node',
        },
      },
      api('api-pglite', {
        env: { TEST_DB: 'pglite', TEST_WALK: 'sample' },
        globalSetup: ['tests/helpers/pgliteSetup.ts'],
        exclude: POSTGRES_ONLY,
      }),
      api('api-postgres', {
        env: { TEST_DB: 'postgres', TEST_WALK: 'whole' },
        globalSetup: ['tests/helpers/postgresSetup.ts'],
      }),
      {
        // Real server processes stopped, killed and raced (tests/process): run after the other
        // projects, so a start is not timed on a machine busy with every other suite.
        // Their helpers import contract/ and the server as the server does (@contract/…).
        resolve: { alias: pathAliases },
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
          // One file at a time: they time starts and answers, which a second file would slow.
          maxWorkers: 1,
          globalSetup: ['tests/process/templateSetup.ts'],
        },
      },
    ],
  },
});
