// The data folder's lock. PGlite has no lock of its own and two processes on one folder
// corrupt it, so one process holds DATA_DIR at a time: a server, `seed:large` or `bench`.
//
// DATA_DIR/.lock is a directory holding one file, owner-<token>.json, naming its owner:
// pid, the process's start time and the boot it runs in (Linux: field 22 of
// /proc/<pid>/stat and /proc/sys/kernel/random/boot_id; elsewhere left out), host, token.
// - There is no lease and nothing to refresh: a holder that is stopped, swapped out or
//   busy for an hour keeps its folder. The lock is stale only when its owner is gone:
//   no process with that pid (or a zombie), the pid now belongs to a process started at
//   another time, or the machine has rebooted since. A lock made on another host cannot be
//   checked from here and is never taken. So a lock left by kill -9 is taken at once.
// - Taking it: the directory is made complete under a private name and renamed to .lock.
//   rename() succeeds only while .lock is absent or empty, so the lock appears with its
//   owner in one step and of two contenders one wins.
// - Taking over a stale lock: the dead owner's file (a name only that owner had) is renamed
//   out of .lock. One contender's rename succeeds, and nobody can remove a newer owner this
//   way; the emptied .lock then goes to whoever renames onto it first.
// - An empty .lock is a takeover half done (for a moment), or an older version of this
//   server (proper-lockfile's lock, its time refreshed every 5 s). It is waited for a
//   moment, then refused while its time is recent, and taken when it is older.
// - Holding it: the holder checks its owner file is still in .lock, on a timer and before
//   each commit (`writeGuard`, for OpenOptions.beforeCommit). Once it is not, every write
//   is refused (DataDirLostError, a 503) and `onLost` tells the process to stop.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataRefusal } from '../errors';

/** Who holds a data folder: the content of its owner file. */
export interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux only). */
  start?: number;
  /** The boot the process runs in (Linux only). */
  boot?: string;
  host: string;
  token: string;
  started_at: string;
}

export interface DataDirLock {
  dir: string;
  /** The owner of the stale lock this process took over, if it took one over. */
  tookOver: LockOwner | null;
  /**
   * Throws DataDirLostError unless this process still holds the folder. Cheap (one stat):
   * the database calls it before every commit (OpenOptions.beforeCommit).
   */
  writeGuard: () => void;
  /** Runs `fn` once, when the hold is found lost (by the timer or by writeGuard). */
  onLost(fn: (err: DataDirLostError) => void): void;
  /** Lets the folder go (only if this process still holds it). */
  release(): Promise<void>;
}

/** The folder's lock is no longer this process's: nothing more may be written. */
export class DataDirLostError extends DataRefusal {
  constructor(public dir: string) {
    super('unavailable', 'This server lost its hold on the data folder; no change was saved.');
    this.name = 'DataDirLostError';
  }
}

/** What rename() onto a .lock that is there says (Windows: also for an empty one). */
const TAKEN = ['EEXIST', 'ENOTEMPTY', ...(process.platform === 'win32' ? ['EPERM', 'EACCES'] : [])];
/** How long an empty .lock is watched before it is judged. */
const EMPTY_GRACE_MS = 2_000;
/** An empty .lock touched this recently may be an older version's live lock. */
const OLD_VERSION_STALE_MS = 15_000;

/**
 * Takes DATA_DIR for this process, or throws naming the process that holds it.
 * `checkEveryMs`: how often the holder looks for its owner file (writeGuard looks at every commit).
 */
export async function lockDataDir(dir: string, opts: { checkEveryMs?: number } = {}): Promise<DataDirLock> {
  fs.mkdirSync(dir, { recursive: true });
  const lockDir = path.join(dir, '.lock');
  const me = describeProcess(process.pid);
  const ownerFile = path.join(lockDir, ownerName(me.token));

  // The lock, complete, under a private name; published by renaming it to .lock.
  const fresh = path.join(dir, `.lock-new-${me.token}`);
  fs.mkdirSync(fresh);
  fs.writeFileSync(path.join(fresh, ownerName(me.token)), JSON.stringify(me));

  let tookOver: LockOwner | null = null;
  try {
    let emptySince = 0;
    let justEmptied = false;
    for (const deadline = Date.now() + 30_000; ;) {
      if (Date.now() > deadline)
        throw new Error(
          `Could not lock DATA_DIR ${dir}: ${lockDir} keeps changing. Is a server starting on it in a loop?`,
        );
      if (!justEmptied) {
        const state = readLock(lockDir);
        if (state.kind === 'owned') {
          if (isAlive(state.owner)) throw inUse(dir, state.owner);
          // Stale: move the dead owner's file out. Only one contender's rename succeeds.
          const dead = path.join(dir, `.lock-dead-${me.token}`);
          try {
            fs.renameSync(path.join(lockDir, state.file), dead);
          } catch (err) {
            if (code(err) === 'ENOENT') continue; // another contender took it first
            throw err;
          }
          fs.rmSync(dead, { force: true });
          tookOver = state.owner;
          justEmptied = true;
          continue;
        }
        if (state.kind === 'unreadable')
          throw new Error(
            `DATA_DIR ${dir} is in use by another running server, or was: ${lockDir} holds ${state.what}. If no server runs on this folder, remove ${lockDir}.`,
          );
        if (state.kind === 'empty') {
          emptySince ||= Date.now();
          if (Date.now() - emptySince < EMPTY_GRACE_MS) {
            await sleep(50);
            continue;
          }
          if (Date.now() - state.mtimeMs < OLD_VERSION_STALE_MS)
            throw new Error(
              `DATA_DIR ${dir} is in use by another running server (an older version of this one, or one that crashed while taking the folder a moment ago). Stop it first, or set DATA_DIR to another folder.`,
            );
        } else emptySince = 0;
      }
      justEmptied = false;
      try {
        fs.renameSync(fresh, lockDir);
        break;
      } catch (err) {
        if (!TAKEN.includes(code(err) ?? '')) throw err;
        // Where rename() cannot replace an empty directory (Windows): remove it, only if still empty.
        if (readLock(lockDir).kind === 'empty') {
          try {
            fs.rmdirSync(lockDir);
          } catch {
            /* filled meanwhile: judged on the next turn */
          }
        }
      }
    }
  } catch (err) {
    fs.rmSync(fresh, { recursive: true, force: true });
    throw err;
  }
  sweepLeftovers(dir);

  const held = () => fs.existsSync(ownerFile);
  const lostError = new DataDirLostError(dir);
  const listeners: ((err: DataDirLostError) => void)[] = [];
  let lost = false;
  let released = false;
  const lose = () => {
    if (lost || released) return;
    lost = true;
    clearInterval(timer);
    for (const fn of listeners.splice(0)) fn(lostError);
  };
  const timer = setInterval(() => {
    if (!held()) lose();
  }, opts.checkEveryMs ?? 1_000);
  timer.unref();

  return {
    dir,
    tookOver,
    writeGuard() {
      if (lost || released || !held()) {
        lose();
        throw lostError;
      }
    },
    onLost(fn) {
      if (lost) fn(lostError);
      else listeners.push(fn);
    },
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      if (lost || !held()) return;
      fs.rmSync(ownerFile, { force: true });
      try {
        fs.rmdirSync(lockDir);
      } catch {
        /* a newcomer renamed its lock onto the emptied one: it is theirs now */
      }
    },
  };
}

const ownerName = (token: string) => `owner-${token}.json`;
const OWNER_FILE = /^owner-[A-Za-z0-9_-]+\.json$/;

type LockState =
  | { kind: 'absent' }
  | { kind: 'empty'; mtimeMs: number }
  | { kind: 'owned'; file: string; owner: LockOwner }
  | { kind: 'unreadable'; what: string };

function readLock(lockDir: string): LockState {
  let names: string[];
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(lockDir).mtimeMs;
    names = fs.readdirSync(lockDir);
  } catch (err) {
    if (code(err) === 'ENOENT') return { kind: 'absent' };
    if (code(err) === 'ENOTDIR') return { kind: 'unreadable', what: 'a file instead of a lock' };
    throw err;
  }
  if (!names.length) return { kind: 'empty', mtimeMs };
  const owners = names.filter((n) => OWNER_FILE.test(n));
  if (owners.length !== 1) return { kind: 'unreadable', what: `files this server did not write (${names.join(', ')})` };
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(lockDir, owners[0]), 'utf8')) as LockOwner;
    if (!Number.isInteger(owner?.pid) || typeof owner.host !== 'string')
      return { kind: 'unreadable', what: `an owner file it cannot read (${owners[0]})` };
    return { kind: 'owned', file: owners[0], owner };
  } catch (err) {
    // Taken over between the listing and the read: look again.
    if (code(err) === 'ENOENT') return readLock(lockDir);
    return { kind: 'unreadable', what: `an owner file it cannot read (${owners[0]})` };
  }
}

/** Whether the process a lock names may still be running (false only when it surely is not). */
export function isAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true; // another machine's process: cannot tell
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false; // the machine has rebooted since
  let ours = true;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if (code(err) === 'ESRCH') return false;
    // EPERM: a process of another user has this pid; the start time below tells whose.
    ours = false;
  }
  const stat = procStat(owner.pid);
  // Another user's process may be hidden from /proc (hidepid): missing proves nothing then.
  if (stat === 'gone') return !ours;
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return false; // killed, not yet reaped
    if (owner.start !== undefined && stat.start !== owner.start) return false; // the pid was reused
  }
  return true;
}

function describeProcess(pid: number): LockOwner {
  const stat = procStat(pid);
  const boot = bootId();
  return {
    pid,
    ...(stat && stat !== 'gone' && { start: stat.start }),
    ...(boot && { boot }),
    host: os.hostname(),
    token: crypto.randomBytes(12).toString('base64url'),
    started_at: new Date().toISOString(),
  };
}

/** State and start time of a process from /proc (Linux); null where there is no /proc. */
function procStat(pid: number): { state: string; start: number } | 'gone' | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    return code(err) === 'ENOENT' && fs.existsSync('/proc/self/stat') ? 'gone' : null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
  const start = Number(fields[19]);
  return Number.isFinite(start) ? { state: fields[0], start } : null;
}

let boot: string | null | undefined;
function bootId(): string | null {
  if (boot === undefined) {
    try {
      boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      boot = null;
    }
  }
  return boot;
}

/** Private lock directories of contenders that died before publishing, and dead owners' files moved out. */
function sweepLeftovers(dir: string) {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name.startsWith('.lock-dead-')) fs.rmSync(full, { force: true });
    else if (name.startsWith('.lock-new-')) {
      const state = readLock(full);
      if (
        state.kind === 'owned' ? !isAlive(state.owner) : state.kind === 'empty' && Date.now() - state.mtimeMs > 60_000
      )
        fs.rmSync(full, { recursive: true, force: true });
    }
  }
}

function inUse(dir: string, owner: LockOwner) {
  const where = owner.host === os.hostname() ? '' : ` on host ${owner.host}`;
  return new Error(
    `DATA_DIR ${dir} is in use by another running server (process ${owner.pid}${where}, since ${owner.started_at}). Stop it first, or set DATA_DIR to another folder.`,
  );
}

const code = (err: unknown) => (err as { code?: string } | null)?.code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
