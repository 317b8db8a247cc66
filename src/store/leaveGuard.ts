// Unsaved edits are never lost silently. A form that holds typed changes registers how to tell
// (`holdLeave`); every way out of it asks first: the app's own navigation (`go`, which the
// sidebar, the palette, other rows, Escape and the list model all use), the browser's Back
// and Forward, and a reload or a closed tab (the browser's own prompt). Plain TypeScript: the
// question itself (a confirm dialog) is lent by the app at start (`setLeaveAsker`), since
// this layer knows no UI.

type IsDirty = () => boolean;

const holders = new Set<IsDirty>();
let ask: () => Promise<boolean> = async () => true;

/** Register a form's "has unsaved changes" test while it is mounted; returns the release. */
export function holdLeave(isDirty: IsDirty): () => void {
  holders.add(isDirty);
  return () => void holders.delete(isDirty);
}

const hasUnsaved = () => [...holders].some((isDirty) => isDirty());

/** The edits were saved: nothing held is unsaved any more (the saved record replaces the form). */
export function letGo(): void {
  holders.clear();
}

/** How to ask "Discard unsaved changes?": resolves true to leave. */
export function setLeaveAsker(fn: () => Promise<boolean>): void {
  ask = fn;
}

/** True when there is nothing to lose, or once the person agreed to discard it (which lets go of every held form, so one way out asks once). */
export async function confirmLeave(): Promise<boolean> {
  if (!hasUnsaved()) return true;
  const ok = await ask();
  if (ok) holders.clear();
  return ok;
}

/** Run `leave` at once when nothing is unsaved (navigation stays synchronous), else once agreed; never when refused. */
export function whenLeaving(leave: () => void): void {
  if (!hasUnsaved()) return leave();
  void confirmLeave().then((ok) => ok && leave());
}

/**
 * The browser's own ways out. Call once at start, before the router listens: its popstate
 * listener must run first to keep Back from reaching the router while a form asks.
 * A reload or a closed tab gets the browser's prompt. Back and Forward have already moved the
 * URL when they are heard: it is put back (replaceState, so the form's URL stays on screen)
 * and the question asked; agreeing goes where the person went.
 */
export function installLeaveGuard(win: Window = window): void {
  let here = win.location.href;
  let passing = false;
  const remember = () => (here = win.location.href);
  win.addEventListener('pushState', remember);
  win.addEventListener('replaceState', remember);
  win.addEventListener('beforeunload', (e) => {
    if (!hasUnsaved()) return;
    e.preventDefault();
    e.returnValue = ''; // older browsers show their prompt only with this set
  });
  win.addEventListener('popstate', (e) => {
    if (passing || !hasUnsaved()) {
      passing = false;
      remember();
      return;
    }
    e.stopImmediatePropagation();
    const target = win.location.href;
    win.history.replaceState(win.history.state, '', here);
    void confirmLeave().then((ok) => {
      if (!ok) return;
      win.history.replaceState(win.history.state, '', target);
      passing = true;
      win.dispatchEvent(new PopStateEvent('popstate', { state: win.history.state }));
    });
  });
}
