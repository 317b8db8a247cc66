// The data folder's lock: held while its owner process lives, however long it is busy;
// taken over at once when that process is gone; taken by one of many contenders; and a
// holder that lost it refuses every commit. Owners that are gone are real processes that
// have exited (or were killed with SIGKILL), not made-up pids.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from './connection';
import { DataDirLostError, isAlive, lockDataDir, type LockOwner } from './lock';
import { asHttp, HttpError } from '../errors';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const lockDir = (dir: string) => path.join(dir, '.lock');
const ownerFiles = (dir: string) => fs.readdirSync(lockDir(dir)).filter((f) => f.startsWith('owner-'));
const readOwner = (dir: string): LockOwner =>
  JSON.parse(fs.readFileSync(path.join(lockDir(dir), ownerFiles(dir)[0]), 'utf8'));
/** Writes a lock as another process would have: `owner` in .lock/owner-<token>.json. */
const plantLock = (dir: string, owner: Partial<LockOwner>) => {
  const full = {
    host: os.hostname(),
    token: `planted${Math.random().toString(36).slice(2)}`,
    started_at: new Date().toISOString(),
    pid: 0,
    ...owner,
  };
  fs.mkdirSync(lockDir(dir), { recursive: true });
  fs.writeFileSync(path.join(lockDir(dir), `owner-${full.token}.json`), JSON.stringify(full));
  return full;
};
/** A pid that surely belongs to no process any more: a child that has exited and been reaped. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const linux = fs.existsSync('/proc/self/stat');

/** Runs `code` (ESM, may import ./server/db/lock.ts) in a child node process with tsx. */
function child(code: string) {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (c) => resolve(c)));
  return { proc, exited, output: () => out };
}
const LOCK = JSON.stringify(path.resolve('server/db/lock.ts'));

describe('lockDataDir', () => {
  it('refuses a second holder of the same DATA_DIR with a clear message naming the holder, and frees it on release', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    expect(lock.tookOver).toBeNull();
    expect(readOwner(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    await expect(lockDataDir(dir)).rejects.toThrow(
      new RegExp(`is in use by another running server \\(process ${process.pid}, since `),
    );
    await lock.release();
    expect(fs.existsSync(lockDir(dir))).toBe(false);
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('takes over at once the lock of a process killed with SIGKILL', async () => {
    const dir = tempDir();
    const holder = child(
      `import { lockDataDir } from ${LOCK}; await lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000);`,
    );
    for (let i = 0; i < 200 && !holder.output().includes('held'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(holder.output()).toContain('held');
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another running server/);
    holder.proc.kill('SIGKILL');
    await holder.exited;
    const t = performance.now();
    const lock = await lockDataDir(dir);
    expect(performance.now() - t).toBeLessThan(1_000);
    expect(lock.tookOver?.pid).toBe(holder.proc.pid);
    expect(readOwner(dir).pid).toBe(process.pid);
    await lock.release();
  });

  it('judges an owner by its process: gone, a reused pid, another boot are stale; another host is never taken', async () => {
    expect(isAlive({ pid: deadPid(), host: os.hostname(), token: 't', started_at: '' })).toBe(false);
    expect(isAlive({ pid: process.pid, host: os.hostname(), token: 't', started_at: '' })).toBe(true);
    // A pid of a live process on another machine (a shared folder) cannot be checked: held.
    expect(isAlive({ pid: deadPid(), host: `not-${os.hostname()}`, token: 't', started_at: '' })).toBe(true);
    if (linux) {
      const me = readOwnerOfThisProcess();
      expect(isAlive({ ...me, start: me.start! + 1 })).toBe(false); // the pid now runs another process
      expect(isAlive({ ...me, boot: 'another-boot' })).toBe(false); // the machine rebooted since
      expect(isAlive(me)).toBe(true);
    }

    const dir = tempDir();
    const foreign = plantLock(dir, { pid: process.pid, host: 'another-host.example' });
    await expect(lockDataDir(dir)).rejects.toThrow(
      /in use by another running server \(process \d+ on host another-host\.example/,
    );
    fs.rmSync(lockDir(dir), { recursive: true });
    const dead = plantLock(dir, { pid: deadPid() });
    const lock = await lockDataDir(dir);
    expect(lock.tookOver).toMatchObject({ pid: dead.pid, token: dead.token });
    expect(foreign.token).not.toBe(dead.token);
    await lock.release();
  });

  it('of many processes racing for a stale lock, exactly one gets it', async () => {
    const dir = tempDir();
    plantLock(dir, { pid: deadPid() });
    const at = Date.now() + 4_000; // every contender loaded and waiting by then: they start together
    const contenders = Array.from({ length: 6 }, () =>
      child(
        `import { lockDataDir } from ${LOCK};
         while (Date.now() < ${at});
         try { await lockDataDir(${JSON.stringify(dir)}); console.log('HELD'); setInterval(() => {}, 1000); }
         catch (e) { console.log('REFUSED', e.message); }`,
      ),
    );
    // Holders stay until killed, so a latecomer cannot get the lock after a winner let it go.
    const done = () => contenders.every((c) => c.output().includes('HELD') || c.proc.exitCode !== null);
    for (let i = 0; i < 600 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
    const outcomes = contenders.map((c) => c.output());
    for (const c of contenders) c.proc.kill('SIGKILL');
    expect(
      outcomes.filter((o) => o.includes('HELD')),
      outcomes.join('\n'),
    ).toHaveLength(1);
    expect(
      outcomes.filter((o) => /REFUSED .*in use by another running server/.test(o)),
      outcomes.join('\n'),
    ).toHaveLength(5);
  });

  it('an empty .lock (an older version, or a takeover cut short) is waited for, refused while recent, taken when old', async () => {
    const dir = tempDir();
    fs.mkdirSync(lockDir(dir));
    const t = performance.now();
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another running server \(an older version/);
    expect(performance.now() - t).toBeGreaterThanOrEqual(1_900);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockDir(dir), old, old);
    const lock = await lockDataDir(dir);
    expect(ownerFiles(dir)).toHaveLength(1);
    await lock.release();
  });

  it('sweeps private lock folders left by contenders that died', async () => {
    const dir = tempDir();
    const leftover = path.join(dir, '.lock-new-deadbeef');
    fs.mkdirSync(leftover);
    fs.writeFileSync(
      path.join(leftover, 'owner-deadbeef.json'),
      JSON.stringify({ pid: deadPid(), host: os.hostname(), token: 'deadbeef', started_at: '' }),
    );
    const lock = await lockDataDir(dir);
    expect(fs.existsSync(leftover)).toBe(false);
    await lock.release();
  });
});

describe('a lost lock', () => {
  it('makes writeGuard throw a 503 and tells onLost once; release leaves the new holder alone', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir, { checkEveryMs: 60_000 });
    const lost: DataDirLostError[] = [];
    lock.onLost((e) => lost.push(e));
    expect(() => lock.writeGuard()).not.toThrow();
    // Someone takes the folder: the lock is no longer the one this process made.
    fs.rmSync(lockDir(dir), { recursive: true });
    const thief = plantLock(dir, { pid: process.pid });
    expect(() => lock.writeGuard()).toThrow(DataDirLostError);
    expect(() => lock.writeGuard()).toThrow('This server lost its hold on the data folder; no change was saved.');
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBe('unavailable');
    expect((asHttp(lost[0]) as HttpError).statusCode).toBe(503);
    await lock.release();
    expect(readOwner(dir).token).toBe(thief.token);
  });

  it('is noticed by the timer without any write', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir, { checkEveryMs: 50 });
    const noticed = new Promise<DataDirLostError>((resolve) => lock.onLost(resolve));
    fs.rmSync(path.join(lockDir(dir), ownerFiles(dir)[0]));
    expect(await noticed).toBeInstanceOf(DataDirLostError);
    await lock.release();
  });

  it('rolls back the transaction it was about to commit (OpenOptions.beforeCommit)', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir, { checkEveryMs: 60_000 });
    const db = await openDb({ beforeCommit: lock.writeGuard });
    try {
      await db.transaction((tx) => tx.query('create table t (n int)'));
      await db.transaction((tx) => tx.query('insert into t values (1)'));
      fs.rmSync(lockDir(dir), { recursive: true });
      await expect(db.transaction((tx) => tx.query('insert into t values (2)'))).rejects.toBeInstanceOf(
        DataDirLostError,
      );
      expect((await db.read((tx) => tx.query<{ n: number }>('select n from t order by n'))).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
      await lock.release();
    }
  });
});

function readOwnerOfThisProcess(): LockOwner {
  const stat = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8');
  const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  return { pid: process.pid, start, boot, host: os.hostname(), token: 't', started_at: '' };
}
