// The demo data, seeded once for the run: a server started on a fresh DATA_DIR with a known
// admin, then stopped; that folder is the template each worker's server copies (e2e/fixtures.ts).
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './server';

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' };
/** The variable naming the template folder, for the workers (they inherit the runner's environment). */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DIR';

export default async function globalSetup() {
  if (!fs.existsSync(path.join('dist', 'client', 'index.html'))) throw new Error('Build the app first: npx vite build');
  // Seeding takes seconds on an idle machine, minutes on a busy one.
  const seeded = await startServer(
    { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
    undefined,
    600_000,
  );
  // The likely duplicates' first round (server/services/healthPairs.ts) done before the copy:
  // otherwise every worker's server, and each one started again after a failed test, spends
  // its first half-minute finding the demo's pairs again, in pieces between the specs' calls.
  const until = Date.now() + 300_000;
  while (!/health pairs: .* found again/.test(seeded.output()) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 250));
  if (!/health pairs: .* found again/.test(seeded.output()))
    console.warn('e2e template: the duplicates were not all found within 5 minutes; the workers finish them');
  await seeded.stop();
  // A clean stop: the database closed (checkpointed) and the folder's lock released.
  if (seeded.proc.exitCode !== 0) throw new Error(`the template server did not stop cleanly:\n${seeded.output()}`);
  process.env[TEMPLATE_ENV] = seeded.dataDir;
  return async () => {
    fs.rmSync(seeded.dataDir, { recursive: true, force: true });
  };
}
