// The only way anything runs: palette, hotkey, button and menu all come through here,
// so the enabled check, recents and the toast around a promise happen in one place.
import { ApiError } from '../api/client';
import { errorText } from '../api/errorText';
import { openPalette } from '../store/ui';
import { offerRedo, offerUndo, redidText, undidText } from '../store/undo';
import { confirmState } from '../ui/confirmStore';
import { toast, toastsSent } from '../ui/toast';
import type { Hint } from './coach';
import { currentCtx } from './ctx';
import { getCommand, inReach, scopeTitle, withheld } from './registry';
import { refusal } from '../store/role';
import type { Command, Ctx } from './types';
import { recordRun, type Source } from './usage';

/**
 * Success 2 s, error 4 s (the product's toast durations); a success with a result to read (a count: 'Imported 3
 * offers.') 6 s, and one that offers Undo 8 s, long enough to read it and reach the button.
 */
export const TOAST_MS = { success: 2000, error: 4000, result: 6000, undoable: 8000 } as const;
/** A quick command shows no spinner; a slow one says it is working. */
const LOADING_TOAST_DELAY_MS = 400;

export function canRun(cmd: Command): boolean {
  const ctx = currentCtx();
  return inReach(cmd, ctx) && (cmd.enabled?.(ctx) ?? true);
}

const runListeners = new Set<() => void>();

/**
 * `told` is called as any command is asked to run, from anywhere (the palette drops an Enter it
 * keeps for late results: ./typeAhead.ts). Returns the unsubscribe.
 */
export function onCommandRun(told: () => void): () => void {
  runListeners.add(told);
  return () => void runListeners.delete(told);
}

export function runCommand(id: string, source: Source, arg?: unknown): Promise<unknown> | void {
  for (const told of runListeners) told();
  const cmd = getCommand(id);
  const refused = cmd ? undefined : withheld(id);
  if (refused) {
    // Nothing lists it for this role; a screen that runs it by name still says why not.
    toast.error(refusal(refused.needs), { id: `refused:${id}` });
    return;
  }
  if (!cmd) {
    console.warn(`runCommand: no command "${id}" (${source})`);
    return;
  }
  const ctx = currentCtx();
  if (!inReach(cmd, ctx) || !(cmd.enabled?.(ctx) ?? true)) return;

  let value = arg;
  if (value === undefined && cmd.pick) {
    value = cmd.pick.fromContext?.(ctx);
    // No argument yet: ask for one on the command's palette page.
    if (value === undefined) return openPalette(cmd.id);
  }

  // What this admin uses (./usage.ts): the commands they could find in the palette, not every
  // j/k or Escape; and the records they open (a record row, a "Find card…" page).
  if (cmd.palette !== false || RECORD_OPENERS.has(cmd.id)) recordRun(cmd.id, source, subjectOf(value));
  const hint = coachHint(cmd, source, ctx);
  const toastsBefore = toastsSent();
  const result = cmd.run(ctx, value);
  if (!isPromise(result)) {
    // A command that showed a toast of its own keeps it in front: the hint waits for another day.
    if (hint && toastsSent() === toastsBefore) showHint(cmd, hint);
    else if (!coach && cmd.shortcut && source !== 'hotkey') hintOnceLoaded(cmd, source, ctx, toastsBefore);
    return;
  }
  return toastAround(cmd, result, hint);
}

/**
 * The keys that would have run it (./coach.ts), for a run by mouse or palette; named with their
 * screen when they are not bound where it ran (an action of another screen, from the palette).
 */
function coachHint(cmd: Command, source: Source, ctx: Ctx): Hint | null {
  if (!coach || !cmd.shortcut || source === 'hotkey') return null; // most runs: no storage read
  return coach.hintAfterRun(cmd, source, ctx.scopes.includes(cmd.scope) ? undefined : scopeTitle(cmd.scope));
}

/**
 * A command run before the coach's code arrived (in the first second after the app opens) still
 * gets its hint, once the code is there, unless a toast came first.
 */
function hintOnceLoaded(cmd: Command, source: Source, ctx: Ctx, toastsBefore: number): void {
  loadCoach().then(
    () => {
      const late = coachHint(cmd, source, ctx);
      if (late && toastsSent() === toastsBefore) showHint(cmd, late);
    },
    // No hint is no harm; the shell reports a chunk that failed to load.
    () => undefined,
  );
}

/** A hint on its own, for a command that showed no toast: quiet (no icon), short, one per command. */
function showHint(cmd: Command, hint: Hint): void {
  if (!coach) return;
  toast.message(hint.text, {
    id: `coach:${hint.id}`,
    description: cmd.title,
    duration: coach.HINT_MS,
    className: 'toast-hint',
  });
  coach.markHinted(hint.id);
}

/**
 * The coach's code, fetched with the screens' commands once the shell shows
 * (src/app/installCommands.ts): a hint can wait for it, the first download should not carry it.
 */
let coach: typeof import('./coach') | undefined;
export async function loadCoach(): Promise<void> {
  coach = await import('./coach');
}

/** The hidden commands behind the palette's record rows (./records.ts), run with the record ('card:12' its subject). */
const RECORD_OPENERS = new Set(['record.open', 'record.edit']);
const subjectOf = (arg: unknown) =>
  typeof arg === 'object' && arg !== null && 'type' in arg && 'id' in arg
    ? typeof arg.type === 'string' && typeof arg.id === 'number'
      ? `${arg.type}:${arg.id}`
      : undefined
    : undefined;

const isPromise = (v: unknown): v is Promise<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as Promise<unknown>).then === 'function';

function toastAround(cmd: Command, promise: Promise<unknown>, hint: Hint | null): Promise<unknown> {
  let toastId: string | number | undefined;
  const toastsBefore = toastsSent();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // "Working…" once the command has worked a while on its own: not while it waits for the
  // person to answer its confirmation (a delete asks first), and not for a command that
  // reports its own progress (an export counting pages).
  const showLoadingSoon = () => {
    timer = setTimeout(() => {
      if (confirmState.open) showLoadingSoon();
      else toastId = toast.loading(`${cmd.title}…`);
    }, LOADING_TOAST_DELAY_MS);
  };
  if (!cmd.ownProgress) showLoadingSoon();

  // A command's failures share one toast: failing again (a second Enter on the same refused
  // form) says it again in place instead of stacking the same sentence twice.
  const failedId = `failed:${cmd.id}`;

  return promise.then(
    (value) => {
      clearTimeout(timer);
      if (failing.delete(failedId)) toast.dismiss(failedId);
      const message = messageOf(value) ?? (value !== undefined ? cmd.messages?.success : undefined);
      const undo = undoOf(value);
      const next = nextOf(value);
      // The coach's hint (./coach.ts) goes under the command's own message, in the same toast, so
      // one never covers the other; with no message it shows alone, unless the command toasted itself.
      const description = message && hint ? hint.text : undefined;
      if (description) coach?.markHinted(hint!.id);
      else if (hint && toastsSent() - toastsBefore === (toastId === undefined ? 0 : 1)) showHint(cmd, hint);
      if (message && undo) {
        // Undoable: the toast stays long enough to reach its button; mod+z works as long as the
        // server keeps the undo. The toast goes once its change is undone (by its button or by
        // mod+z), or once a newer change takes the offer: its Undo would no longer be its own.
        const shown = toastId ?? `undo:${++undoToasts}`;
        offerUndo(
          async () => {
            const undone = await undo();
            toast.dismiss(shown);
            // Named: "Undid: deleted offer “Gold”." (src/store/undo.ts), and redone the same way.
            const redo = redoOf(undone);
            if (redo)
              offerRedo(async () => {
                const again = await redo();
                return again === undefined ? undefined : { ...(again as object), message: redidText(message) };
              });
            const named = { message: undidText(message, messageOf(undone)) };
            return typeof undone === 'object' && undone !== null ? { ...undone, ...named, redo: undefined } : named;
          },
          undefined,
          () => toast.dismiss(shown),
        );
        toast.success(message, {
          id: shown,
          description,
          duration: TOAST_MS.undoable,
          action: { label: 'Undo', onClick: () => void runCommand('app.undo', 'button') },
        });
      } else if (message && next) {
        // The next step (an onboarding's Roll back): a sticky one stays until dismissed.
        toast.success(message, {
          id: toastId,
          description,
          duration: next.sticky ? Infinity : TOAST_MS.undoable,
          action: { label: next.label, onClick: () => void runCommand(next.command, 'button', next.arg) },
        });
      } else if (message) {
        // A hint under it: long enough to read both.
        const duration = hasResult(message) ? TOAST_MS.result : TOAST_MS.success;
        toast.success(message, {
          id: toastId,
          description,
          duration: description && coach ? Math.max(duration, coach.HINT_MS) : duration,
        });
      } else if (toastId !== undefined) toast.dismiss(toastId);
      return value;
    },
    (error: unknown) => {
      clearTimeout(timer);
      if (error instanceof ApiError && error.aborted) {
        if (toastId !== undefined) toast.dismiss(toastId);
        return undefined;
      }
      if (toastId !== undefined) toast.dismiss(toastId);
      failing.add(failedId);
      toast.error(failureText(cmd, error), { id: failedId, duration: TOAST_MS.error });
      // Settled: callers that care (forms) read the store; nobody else should see a rejection.
      return undefined;
    },
  );
}

let undoToasts = 0;
/** The commands whose failure toast may still show (a success takes it away). */
const failing = new Set<string>();

/** A message that reports what happened in figures ('Imported 3 offers.'), not only that it was saved. */
const hasResult = (message: string) => /\d/.test(message);

/** An undo that can be redone resolves to `{ message, redo }` (src/store/undo.ts offerRedo). */
function redoOf(value: unknown): (() => Promise<unknown>) | undefined {
  const r = (value as { redo?: unknown } | null)?.redo;
  return typeof r === 'function' ? (r as () => Promise<unknown>) : undefined;
}

/** A command that can be undone resolves to `{ message, undo }` (src/store/undo.ts). */
function undoOf(value: unknown): (() => Promise<unknown>) | undefined {
  const u = (value as { undo?: unknown } | null)?.undo;
  return typeof u === 'function' ? (u as () => Promise<unknown>) : undefined;
}

/**
 * A command whose toast offers the next step (an onboarding's "Roll back") resolves to
 * `{ message, next: { label, command, arg, sticky } }`: the button runs that command with
 * that argument; `sticky`: the toast stays until dismissed (a result worth reading).
 */
export interface NextStep {
  label: string;
  command: string;
  arg?: unknown;
  sticky?: boolean;
}
function nextOf(value: unknown): NextStep | undefined {
  const n = (value as { next?: Partial<NextStep> } | null)?.next;
  return n && typeof n.label === 'string' && typeof n.command === 'string' ? (n as NextStep) : undefined;
}

function messageOf(value: unknown): string | undefined {
  const m = (value as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m ? m : undefined;
}

/** A failure whose message is already the sentence to show (e.g. a bulk action's summary). */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

function failureText(cmd: Command, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 && !error.aborted && cmd.messages?.noResponse) return cmd.messages.noResponse;
    return errorText(error.method, error.body, cmd.messages?.failure);
  }
  if (error instanceof CommandError) return error.message;
  console.error(error);
  return cmd.messages?.failure ?? errorText(undefined, null);
}
