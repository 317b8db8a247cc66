// One background loop, for work that runs after a call's answer has gone and catches up on its
// own: kicked (a no-op while it runs, except that it then goes round once more), on a timer
// too if asked, idle() for tests and the server's close, stop(). Every loop of the server's
// services runs on it: the notification job (./notificationJob.ts), the search backlog
// (./searchBacklog.ts), the audit pruning (./auditPruning.ts), the sweep of abandoned write
// batches (./batches.ts), the change events' pruning (./events.ts) and the health checker
// (./mediaChecks.ts: images and links, then the day's health scores).

export interface Loop {
  /** Runs a round soon (after the current call's answer has gone); while one runs, one more after it. */
  kick(): void;
  /** Resolves once no round is running. */
  idle(): Promise<void>;
  /** No more rounds; a round under way sees `stopped()` and may end early. */
  stop(): void;
}

interface LoopOptions {
  /** One round of work. */
  run: (stopped: () => boolean) => Promise<void>;
  /** A round that failed: say so in the log (the next kick or tick tries again). */
  onError: (err: unknown) => void;
  /** Kicked on this period as well; unset, only when kicked. */
  everyMs?: number;
  /** Skip the first round at start: the first comes with the first kick or tick. */
  waitFirst?: boolean;
}

/** Starts the loop: a first round at once (work a stopped server left) unless `waitFirst`, then as kicked. */
export function backgroundLoop(o: LoopOptions): Loop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const isStopped = () => stopped;
  const round = (): Promise<void> =>
    o
      .run(isStopped)
      .catch(o.onError)
      .then(() => {
        if (again && !stopped) {
          again = false;
          return round();
        }
      });
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(round).finally(() => (running = null));
  };
  if (!o.waitFirst) kick();
  const timer = o.everyMs ? setInterval(kick, o.everyMs) : null;
  timer?.unref();
  return {
    kick,
    idle: async () => {
      while (running) await running;
    },
    stop: () => {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
