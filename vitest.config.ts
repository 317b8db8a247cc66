// Every vitest suite in one run: unit tests beside the code, the API integration tests
// twice, on embedded PGlite and on a real PostgreSQL the harness starts itself, and the
// process tests (real servers started, stopped and killed) last.
import { defineConfig } from 'vitest/config';
import { pathAliases } from './aliases';

const api = (name: string, extra: object) => ({
  // API tests import browser modules too (the CSV preview's checks), which import as @/… and @contract/….
  resolve: { alias: pathAliases },
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    ...extra,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        // src/'s tests import across folders as @/… (aliases.ts).
        resolve: { alias: pathAliases },
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          testTimeout: 30_000,
          environment: 'node',
        },
      },
      api('api-pglite', { env: { TEST_DB: 'pglite' }, globalSetup: ['tests/helpers/pgliteSetup.ts'] }),
      api('api-postgres', { env: { TEST_DB: 'postgres' }, globalSetup: ['tests/helpers/postgresSetup.ts'] }),
      {
        // Real server processes stopped, killed and raced (tests/process): run after the other
        // projects, so a start is not timed on a machine busy with every other suite.
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
