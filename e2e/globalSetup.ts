// One real server for the run, on a free port with a fresh DATA_DIR and a known admin.
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './server';

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' };

export default async function globalSetup() {
  if (!fs.existsSync(path.join('dist', 'client', 'index.html'))) throw new Error('Build the app first: npx vite build');
  const server = await startServer({ ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
