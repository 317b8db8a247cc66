// The specs' `test`: each Playwright worker starts its own real server (e2e/server.ts) on a
// copy of the demo data seeded once for the run (e2e/globalSetup.ts), and its tests get that
// server's URL as their baseURL. Workers share nothing, so they run side by side; the specs a
// worker runs one after another share its server, so none relies on what another left or
// changes what another reads (ARCHITECTURE.md, "Tests").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { E2E_ADMIN, TEMPLATE_ENV } from './globalSetup';
import { startServer, type RunningServer } from './server';

export { expect } from '@playwright/test';

/** A fresh DATA_DIR holding the demo data: a copy of the run's template (its lock left out). */
export function copyOfTemplate(): string {
  const template = process.env[TEMPLATE_ENV];
  if (!template || !fs.existsSync(template))
    throw new Error(`no demo data template (${TEMPLATE_ENV}): run through playwright test`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-e2e-'));
  fs.cpSync(template, dir, { recursive: true, filter: (src) => !path.basename(src).startsWith('.lock') });
  return dir;
}

export const test = base.extend<object, { server: RunningServer }>({
  // One per worker, started before its first test, stopped after its last: a worker restarted
  // after a failure starts on fresh data again.
  server: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = copyOfTemplate();
      const server = await startServer(
        { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password, DATA_DIR: dataDir },
        undefined,
        150_000,
      );
      await use(server);
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    // No seed, only migrations checked: seconds, but a busy machine makes them many.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});
