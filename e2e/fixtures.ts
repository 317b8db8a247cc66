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

export const test = base.extend<{ serverLog: void }, { server: RunningServer }>({
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
  // A test that failed prints what the server warned of while it ran (slow answers, refusals
  // at warn, failures): CI keeps only the run's output, and "element not found" alone does not
  // say whether the server stalled.
  serverLog: [
    async ({ server }, use, testInfo) => {
      const from = server.output().length;
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const said = server.output().slice(from);
      const warned = said.split('\n').filter((l) => /"level":(40|50|60)\b/.test(l));
      await testInfo.attach('server log', { body: said, contentType: 'text/plain' });
      console.error(
        `server log while "${testInfo.title}" ran: ${warned.length} warning or error lines` +
          (warned.length ? `, the last 40:\n${warned.slice(-40).join('\n')}` : ''),
      );
    },
    { auto: true },
  ],
});
