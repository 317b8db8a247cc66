// A throwaway PostgreSQL cluster for tests: initdb into a temp folder, a free port,
// binaries from /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to run as root,
// so as root the cluster runs as the `postgres` user.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findPgBin(): string | null {
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
  /**
   * `pause` and `resume` that leave the caller's event loop running meanwhile, so the clients
   * a test runs keep calling while the server shuts down and starts up.
   */
  pauseAsync(): Promise<void>;
  resumeAsync(): Promise<void>;
  /** The postmaster's process id (its data folder's postmaster.pid): the parent of every backend, for a CPU count. */
  postmasterPid(): number;
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
  const command = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(...command(cmd, args), { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const runAsync = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(...command(cmd, args), { encoding: 'utf8' }, (err, stdout, stderr) =>
        err ? reject(new Error(`${cmd} failed: ${stderr || stdout || err.message}`)) : resolve(),
      ),
    );
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const startArgs = [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
    '-w',
  ];
  const stopArgs = ['-D', data, 'stop', '-m', 'fast', '-w'];
  const start = () => run('pg_ctl', startArgs);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => run('pg_ctl', stopArgs),
    resume: start,
    pauseAsync: () => runAsync('pg_ctl', stopArgs),
    resumeAsync: () => runAsync('pg_ctl', startArgs),
    postmasterPid: () => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      try {
        run('pg_ctl', ['-D', data, 'stop', '-m', 'immediate', '-w']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
