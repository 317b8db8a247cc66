// Starts the real server (server/main.ts) as a child process, the way `npm start` does.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/postgres';

export interface RunningServer {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * `cwd`: another checkout of the project to run (bench/browser.ts runs an older one beside ours).
 * `readyWithinMs`: how long /health may take to answer; past it the process is killed and the
 * start fails (a seed on a busy 2-core machine can take a minute and more).
 */
export async function startServer(
  env: Record<string, string> = {},
  cwd?: string,
  readyWithinMs = 60_000,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-e2e-'));
  let out = '';
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    // SEED_EVENTS: 20,000 engagement events instead of the demo's 500,000 (server/config.ts): a fresh start seconds sooner.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_CLIENT_BUILD: '1',
      SEED_EVENTS: '20000',
      // The demo's bank websites are real: no e2e run fetches them (README.md, LINK_CHECK_OUTBOUND).
      LINK_CHECK_OUTBOUND: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server not ready within ${readyWithinMs / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    proc,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.on('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
