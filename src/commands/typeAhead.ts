// Keys typed ahead are kept (issue 34): an Enter pressed while the results for what is typed are
// on their way runs the first row once they come, as Superhuman and Linear do. Without it,
// Ctrl+K, "titanium", Enter at typing speed left the palette open: the records come 200–240 ms
// after the last key. Within a bound: an answer later than TYPE_AHEAD_MS after the Enter runs
// nothing (the person has moved on, and the row is no longer what they saw coming).
import { createContext } from 'react';

export const TYPE_AHEAD_MS = 1000;

/** One palette's Enter typed ahead (./Palette.tsx); its pages say whether they are waiting. */
export class TypeAhead {
  /** The shown page's answer for the text typed now is on its way (the page sets it as it renders). */
  waiting = false;
  private kept: { search: string; until: number } | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * Enter pressed on `search`. `ready`: the first row is already the answer (a command, matched
   * here as the keys come). Whether the Enter is kept for the answer rather than run on what shows.
   */
  enter(search: string, ready: boolean): boolean {
    this.kept = !this.waiting || ready ? null : { search, until: this.now() + TYPE_AHEAD_MS };
    return this.kept !== null;
  }

  /**
   * An answer was shown, for `search` typed now: whether the Enter kept for it runs the first row.
   * An answer for older text keeps it waiting; text typed since the Enter drops it.
   */
  answered(search: string): boolean {
    const kept = this.kept;
    if (!kept || this.waiting) return false;
    this.kept = null;
    return kept.search === search && this.now() <= kept.until;
  }

  /** Closed, or another page: nothing kept carries over (the page shown says whether it waits). */
  drop(): void {
    this.kept = null;
  }
}

export const TypeAheadCtx = createContext<TypeAhead>(new TypeAhead());
