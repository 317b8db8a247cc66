// Real server processes for the process tests: `server/main.ts` started the way `npm start`
// starts it (scripts/start.mjs: bundled, then run), on a free port, with the environment a test gives. Nothing is
// mocked: the tests stop, kill and restart these processes and read what they print.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { login } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { pathOf } from '@contract/operation';
import { freePort, type Cluster } from '../../scripts/postgres';
import { openDb } from '../../server/db/connection';

export const ADMIN = { email: 'admin@process.example', password: 'process-admin-password' };

export interface ServerProcess {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  /** When it was spawned (Date.now()). */
  spawnedAt: number;
  output(): string;
  /** Resolves with the ms from spawn to the first 200 of GET /health; rejects when the process exits first. */
  healthy(timeoutMs?: number): Promise<number>;
  /** 'healthy', or how the process ended: whichever comes first. */
  settle(timeoutMs?: number): Promise<'healthy' | Ended>;
  /** Resolves with the exit code (null when a signal ended it). */
  exited(timeoutMs?: number): Promise<number | null>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<number | null>;
}

/** How a server process ended, and how long after its spawn. */
export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  afterMs: number;
}

const running = new Set<ChildProcess>();

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `cards-admin-${prefix}-`));

/**
 * A new DATA_DIR holding a copy of the run's migrated PGlite folder (tests/process/templateSetup.ts):
 * the test ADMIN, no demo data. For tests whose subject is not the first start.
 */
export function migratedDataDir(prefix: string): string {
  const dir = tempDir(prefix);
  // The lock is left out: the template's server has stopped, and a copy is no one's yet.
  fs.cpSync(inject('processTemplate'), dir, {
    recursive: true,
    filter: (src) => !path.basename(src).startsWith('.lock'),
  });
  return dir;
}

/**
 * A DATA_DIR for a server on `kind`: on PGlite a copy of the run's migrated folder (the database
 * is in the folder), on PostgreSQL an empty one (uploads and the outbox only).
 */
export const dataDirFor = (kind: 'pglite' | 'postgres', prefix: string) =>
  kind === 'pglite' ? migratedDataDir(`${prefix}-${kind}`) : tempDir(`${prefix}-${kind}`);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `opts.cwd`: another tree to start (tests/process/production.test.ts's production install);
 * `opts.nodeArgs`: node's own options before scripts/start.mjs.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { cwd?: string; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? tempDir('process');
  let out = '';
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'scripts/start.mjs'], {
    cwd: opts.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_CLIENT_BUILD: '1',
      // Where a test seeds the demo: 20,000 engagement events, not 500,000 (server/config.ts).
      SEED_EVENTS: '20000',
      SEED: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const spawnedAt = Date.now();
  running.add(proc);
  const ended = new Promise<Ended>((resolve) =>
    proc.on('exit', (code, signal) => {
      running.delete(proc);
      resolve({ code, signal, afterMs: Date.now() - spawnedAt });
    }),
  );
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;

  const state: { ended: Ended | null } = { ended: null };
  void ended.then((e) => (state.ended = e));
  async function settle(timeoutMs = 60_000): Promise<'healthy' | Ended> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (state.ended) return state.ended;
      try {
        if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).ok) return 'healthy' as const;
      } catch {
        /* not listening yet */
      }
      await sleep(50);
    }
    throw new Error(`server neither healthy nor ended within ${timeoutMs} ms:\n${out}`);
  }

  return {
    url,
    dataDir,
    proc,
    spawnedAt,
    output: () => out,
    settle,
    async healthy(timeoutMs) {
      const s = await settle(timeoutMs);
      if (s !== 'healthy')
        throw new Error(`server exited (code ${s.code}, signal ${s.signal}) instead of starting:\n${out}`);
      return Date.now() - spawnedAt;
    },
    async exited(timeoutMs = 30_000) {
      const e = await Promise.race([ended, sleep(timeoutMs).then(() => null)]);
      if (!e) throw new Error(`server still running after ${timeoutMs} ms:\n${out}`);
      return e.code;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGCONT');
        proc.kill('SIGTERM');
      }
      return (await ended).code;
    },
  };
}

/** Kills whatever the tests left running (a failed test must not leave servers behind). */
export function killAll() {
  for (const p of running) {
    p.kill('SIGCONT');
    p.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------------------------------
// The few calls the tests make, through the contract's operations.

export async function signIn(url: string): Promise<{ authorization: string }> {
  const res = await fetch(url + pathOf(login), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { data: { token: string } }).data.token}` };
}

export async function addBank(url: string, auth: { authorization: string }, name: string) {
  const code = name
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)
    .toUpperCase();
  const res = await fetch(url + pathOf(bankResource.ops.add!), {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name, code }),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

export async function bankNames(url: string, auth: { authorization: string }, query: string): Promise<string[]> {
  const res = await fetch(`${url}${pathOf(bankResource.ops.list)}?query=${encodeURIComponent(query)}`, {
    headers: auth,
  });
  if (res.status !== 200) throw new Error(`list banks: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { name: string }[] }).data.map((b) => b.name);
}

/** One call of an operation over HTTP; the answer's status and parsed body. */
export async function send(
  url: string,
  auth: { authorization: string },
  op: { method: string; path: string },
  input: {
    params?: Record<string, unknown>;
    query?: Record<string, string | number>;
    json?: unknown;
    form?: FormData;
  } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const qs = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await fetch(url + pathOf(op, input.params) + qs, {
    method: op.method,
    headers: { ...auth, ...(input.json !== undefined && { 'content-type': 'application/json' }) },
    body: input.form ?? (input.json !== undefined ? JSON.stringify(input.json) : undefined),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A new database on a throwaway cluster, for one test file's servers: its URL. */
export async function newDatabase(cluster: Cluster, name: string): Promise<string> {
  const admin = await openDb({ databaseUrl: cluster.url });
  try {
    await admin.read((tx) => tx.query(`create database ${name}_${process.pid}`));
  } finally {
    await admin.close();
  }
  return cluster.url.replace(/\/postgres$/, `/${name}_${process.pid}`);
}
