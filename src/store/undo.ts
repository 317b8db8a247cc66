// The last write that can be undone (a delete, a bulk change): the runner offers it in the
// command's toast (src/commands/runner.ts) and `app.undo` (mod+z) takes it. One at a time,
// like a mail client's "Undo send": a newer write replaces the offer. The server keeps an
// undo for UNDO_SECONDS (contract/bulk.ts); the offer ends a little before that.
import { UNDO_SECONDS } from '@contract/bulk';

/** Margin for the clock and the trip to the server. */
const OFFER_MS = (UNDO_SECONDS - 15) * 1000;

let pending: { undo: () => Promise<unknown>; until: number; gone?: () => void } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * A write succeeded that `undo` undoes. `gone`: called when this offer ends without being
 * taken (a newer write replaced it, or it ran out), so what offers it (a toast's Undo) can go.
 */
export function offerUndo(undo: () => Promise<unknown>, now = Date.now(), gone?: () => void) {
  pending?.gone?.();
  pending = { undo, until: now + OFFER_MS, gone };
  clearTimeout(timer);
  timer = setTimeout(() => {
    pending?.gone?.();
    dropUndo();
  }, OFFER_MS);
}

/** Whether there is something to undo now. */
export const canUndo = (now = Date.now()) => !!pending && now < pending.until;

/** Takes the offer (once): its undo, or null when there is none or it ran out. */
export function takeUndo(now = Date.now()): (() => Promise<unknown>) | null {
  const p = canUndo(now) ? pending : null;
  dropUndo();
  return p?.undo ?? null;
}

/** A screen that keeps its own history of undoable steps (the triage's decisions). */
interface OwnUndo {
  can(): boolean;
  run(): Promise<unknown>;
}
let own: OwnUndo | null = null;

/**
 * While a screen with its own history is shown, mod+z steps back through that history, as an
 * editor owns undo while it has focus; elsewhere it undoes the last delete or bulk change.
 * Returns the release.
 */
export function takeOverUndo(u: OwnUndo): () => void {
  own = u;
  return () => {
    if (own === u) own = null;
  };
}

/** What mod+z would do now. */
export const undoNow = (): (() => Promise<unknown>) | null =>
  own ? (own.can() ? () => own!.run() : null) : canUndo() ? () => takeUndo()!() : null;

export function dropUndo() {
  pending = null;
  clearTimeout(timer);
}
