// End-to-end: the real server (npm start's entry) started by each worker on a copy of the demo
// data (e2e/fixtures.ts), the built app, Debian's Chromium. No mocks of our own server.
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { workersFrom } from './workers';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A spec's tests run in order in one worker; the specs are spread over the workers.
  fullyParallel: false,
  // E2E_WORKERS: how many workers, each with its own server and Chromium (a number, or '50%' of the cores).
  workers: workersFrom(process.env.E2E_WORKERS, 1),
  retries: 0,
  reporter: [['list']],
  globalSetup: './e2e/globalSetup.ts',
  use: {
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumPath(),
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

/**
 * Debian's headless shell when it is installed (scripts/ensure-tools.sh installs it): the same
 * Chromium without the desktop browser around it, which ran our specs in two thirds of the time;
 * else the full browser.
 */
function chromiumPath(): string {
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';
}
