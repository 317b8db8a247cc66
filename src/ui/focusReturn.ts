// Where focus goes back to when a dialog closes (the palette, a confirmation). A dialog
// opened by a key has no trigger to return to, and one dialog may open as another closes
// (a delete chosen in the palette asks to confirm), so each dialog's own memory of "what had
// focus when I opened" can be the other dialog or nothing. Instead this remembers the last
// element outside any dialog that had focus, and gives it back when nothing else took it.
// A command may have moved to another screen meanwhile ("Reorder banner…" from the offers):
// that element is gone, and the new screen mounted while the dialog held the focus, so it
// could not take it. Then the keys go to the new screen's list, not to the page's body.
import { ui } from '../store/ui';

let last: HTMLElement | null = null;

const DIALOG = 'dialog, [role="dialog"], [role="alertdialog"]';

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      const t = e.target;
      if (t instanceof HTMLElement && !t.closest(DIALOG)) last = t;
    },
    true,
  );
}

/** After a dialog closed: focus back where the person was, unless something took it meanwhile (a form's first field). */
export function returnFocus(): void {
  setTimeout(() => {
    const now = document.activeElement;
    const taken = now && now !== document.body && !now.closest(DIALOG);
    if (taken || document.querySelector('dialog[open], [role="dialog"], [role="alertdialog"]')) return;
    if (last?.isConnected) last.focus();
    else ui.list?.focusList();
  }, 0);
}
