// Where a load's CPU went: the server process, PostgreSQL's processes, this one (the load
// generator). Read from Linux's /proc; elsewhere every figure is null.
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
