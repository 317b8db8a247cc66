// Keys typed ahead are kept (issue 34): an Enter pressed while the results for what is typed are
// on their way runs the first row once they come, as Superhuman and Linear do. Without it,
// Ctrl+K, "titanium", Enter at typing speed left the palette open: the records come 200–240 ms
// after the last key. Within a bound: an answer later than TYPE_AHEAD_MS after the Enter runs
// nothing (the person has moved on, and the row is no longer what they saw coming). Three
// seconds: on a busy server the answer took over a second, and the Enter was lost while the
// person still sat looking at the same text. A bound that long is safe because the Enter is
// kept only while nothing else happens: any other key, a click, a command run from anywhere,
// the palette closing or changing page drops it at once (./Palette.tsx), and it runs once.
import { createContext } from 'react';

export const TYPE_AHEAD_MS = 3000;

/** Runs `run` later (in a task of its own); the function returned cancels it if it has not run. */
type Later = (run: () => void) => () => void;
const nextTask: Later = (run) => {
  const timer = setTimeout(run);
  return () => clearTimeout(timer);
};

/** One palette's Enter typed ahead (./Palette.tsx); its pages say whether they are waiting. */
export class TypeAhead {
  /** The shown page's answer for the text typed now is on its way (the page sets it as it renders). */
  waiting = false;
  private kept: { search: string; until: number } | null = null;
  /** Cancels the run an answer scheduled for the Enter kept, until it has run. */
  private cancel: (() => void) | null = null;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly later: Later = nextTask,
  ) {}

  /**
   * Enter pressed on `search`. `ready`: the first row is already the answer (a command, matched
   * here as the keys come). Whether the Enter is kept for the answer rather than run on what shows.
   */
  enter(search: string, ready: boolean): boolean {
    this.drop(); // a new Enter stands for itself: an older one kept, or about to run, is gone
    if (!this.waiting || ready) return false;
    this.kept = { search, until: this.now() + TYPE_AHEAD_MS };
    return true;
  }

  /**
   * An answer was shown, for `search` typed now: the Enter kept for it runs the first row (`run`,
   * in the task after this one, once the rows are in their order), unless dropped before. An
   * answer for older text keeps it waiting; text typed since the Enter drops it. Whether it will run.
   */
  answered(search: string, run: () => void): boolean {
    const kept = this.kept;
    if (!kept || this.waiting) return false;
    this.kept = null;
    if (kept.search !== search || this.now() > kept.until) return false;
    const cancel = this.later(() => {
      if (this.cancel !== cancel) return;
      this.cancel = null;
      run();
    });
    this.cancel = cancel;
    return true;
  }

  /**
   * The person did something else (a key, a click), a command ran, or the palette closed or
   * changed page: the Enter kept, or the run its answer scheduled, is dropped.
   */
  drop(): void {
    this.kept = null;
    this.cancel?.();
    this.cancel = null;
  }
}

export const TypeAheadCtx = createContext<TypeAhead>(new TypeAhead());
