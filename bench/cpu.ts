// Where a load's CPU went: the server process, PostgreSQL's processes, this one (the load
// generator). Read from Linux's /proc; elsewhere every figure is null.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux this runs on

/** CPU seconds (user + system) a process has used, its threads included; null when unreadable. */
function cpuSecondsOf(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: state is 3rd; utime and stime 14th and 15th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by every process named `name` (e.g. every PostgreSQL backend); null off Linux. */
function cpuSecondsNamed(name: string): number | null {
  let dirs: string[];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let total = 0;
  for (const d of dirs) {
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name) total += cpuSecondsOf(Number(d)) ?? 0;
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/**
 * Starts counting; the returned function gives each part's CPU seconds since, and the ms of
 * CPU each of `calls` cost it. Backends that ended meanwhile are not counted (pools keep theirs).
 */
export function cpuSplit(serverPid: number | undefined) {
  const read = () => ({
    server: serverPid === undefined ? null : cpuSecondsOf(serverPid),
    postgres: cpuSecondsNamed('postgres'),
    load: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  const start = read();
  return (calls: number): string => {
    const end = read();
    const part = (name: keyof typeof start) => {
      const [a, b] = [start[name], end[name]];
      if (a === null || b === null) return `${name} ?`;
      return `${name} ${(b - a).toFixed(1)} s (${(((b - a) * 1000) / Math.max(1, calls)).toFixed(2)} ms/call)`;
    };
    return `CPU: ${part('server')}, ${part('postgres')}, ${part('load')}`;
  };
}

let clockTicks: number | undefined;
/** Clock ticks a second /proc counts CPU in (USER_HZ), from `getconf CLK_TCK`; 100 when it cannot say. */
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || TICKS_PER_SECOND;
    } catch {
      clockTicks = TICKS_PER_SECOND;
    }
  }
  return clockTicks;
}

/**
 * CPU seconds (user + system) used so far by each of `roots` and every process under it, from
 * one read of /proc: a PostgreSQL cluster is its postmaster and the backends it forked, so the
 * figure is that cluster's alone, not every `postgres` process on a machine shared with other
 * clusters. A child that ended counts in its parent's cutime/cstime once reaped: a pool that
 * closes idle backends (Directus's) would otherwise lower the sum. Null for a root not found
 * (off Linux, or gone).
 */
export function treeCpuSeconds(roots: readonly number[]): (number | null)[] {
  const procs = new Map<number, { ppid: number; ticks: number }>();
  let dirs: string[] = [];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    /* not Linux: every root unknown */
  }
  for (const d of dirs) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      // After the command's closing parenthesis: ppid is the 2nd field, utime and stime the 12th
      // and 13th, cutime and cstime (its children that ended and were reaped) the 14th and 15th.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      procs.set(Number(d), { ppid: Number(f[1]), ticks });
    } catch {
      /* gone meanwhile */
    }
  }
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  return roots.map((root) => {
    if (!procs.has(root)) return null;
    let ticks = 0;
    for (const todo = [root]; todo.length;) {
      const pid = todo.pop()!;
      ticks += procs.get(pid)?.ticks ?? 0;
      todo.push(...(children.get(pid) ?? []));
    }
    return ticks / ticksPerSecond();
  });
}
