// End-to-end: the real server (npm start's entry) started by each worker on a copy of the demo
// data (e2e/fixtures.ts), the built app, Debian's Chromium. No mocks of our own server.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A spec's tests run in order in one worker; the specs are spread over the workers.
  fullyParallel: false,
  // E2E_WORKERS: how many workers, each with its own server and Chromium (a number, or '50%' of the cores).
  workers: workersFrom(process.env.E2E_WORKERS),
  retries: 0,
  reporter: [['list']],
  globalSetup: './e2e/globalSetup.ts',
  use: {
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

/** E2E_WORKERS as Playwright takes it: a count ('2') or a share of the cores ('50%'); unset, one. */
function workersFrom(v: string | undefined): number | string {
  if (!v) return 1;
  return /^\d+$/.test(v) ? Number(v) : v;
}
