// A throwaway PostgreSQL cluster for tests: initdb into a temp folder, a free port,
// binaries from /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to run as root,
// so as root the cluster runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Cluster {
  url: string;
  stop(): void;
  /** Stops the server as an operator would (fast shutdown), keeping its data: a database gone away. */
  pause(): void;
  /** Starts it again on the same port and data after `pause`. */
  resume(): void;
}

export async function startCluster(): Promise<Cluster> {
  const bin = findPgBin();
  if (!bin)
    throw new Error(
      'No PostgreSQL binaries under /usr/lib/postgresql/*/bin. Install them: apt-get install -y postgresql',
    );
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-pg-'));
  fs.chmodSync(dir, 0o755);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    const r = spawnSync(file, argv, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
      '-w',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => run('pg_ctl', ['-D', data, 'stop', '-m', 'fast', '-w']),
    resume: start,
    stop() {
      try {
        run('pg_ctl', ['-D', data, 'stop', '-m', 'immediate', '-w']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
