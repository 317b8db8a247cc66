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
  // A new write: what was undone before it is no longer the next thing to redo.
  redoing = null;
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

/**
 * The step an undo took back, to redo (mod+shift+z, `app.redo` in src/commands/navigation.ts):
 * offered by an undo that can be redone (a cell set back saves its value again), for as long
 * as an undo is offered, and dropped by the next write. A redo is a write like another, so it
 * offers its own undo.
 */
let redoing: { redo: () => Promise<unknown>; until: number } | null = null;

export function offerRedo(redo: () => Promise<unknown>, now = Date.now()) {
  redoing = { redo, until: now + OFFER_MS };
}

/** Takes the redo (once): null when there is none or it ran out. */
export function takeRedo(now = Date.now()): (() => Promise<unknown>) | null {
  const r = redoing && now < redoing.until ? redoing.redo : null;
  redoing = null;
  return r;
}

export const dropRedo = () => void (redoing = null);

/**
 * How a step reads after "Undid: " or "Redid: ": its own toast with a lower-case first word
 * ('Deleted offer “Gold”.' → 'deleted offer “Gold”.'), an "Undid: "/"Redid: " before it taken
 * off, and a word in capitals (an acronym) left as it is.
 */
export function stepName(message: string): string {
  const m = message.replace(/^(Undid|Redid): /, '');
  return /^[A-Z][a-z]/.test(m) ? m[0].toLowerCase() + m.slice(1) : m;
}

/**
 * The undo's toast: its own "Undid: …" sentence when it has one, else "Undid: " and the step's
 * toast, followed by what the undo said when that says more than "Undone." (the server's
 * "Undone: 60 offers as before.", server/routes/bulk.ts).
 */
export function undidText(step: string, own: string | undefined): string {
  if (own?.startsWith('Undid: ')) return own;
  const named = `Undid: ${stepName(step)}`;
  return own && own !== 'Undone.' ? `${named} ${own}` : named;
}

export const redidText = (step: string) => `Redid: ${stepName(step)}`;
