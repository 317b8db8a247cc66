import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ui } from '../store/ui';
import './Modal.css';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the close button and a click on the backdrop ask for this. */
  onClose: () => void;
  children: ReactNode;
  /** Sizes and looks: 'modal-wide' etc. */
  className?: string;
  /** Where focus goes on close when the element that had it is gone (a decided ref's button). */
  onFocusLost?: () => void;
  /** Keys for the whole dialog (mod+Enter saves its form). */
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);

/**
 * A screen's modal dialog: a native <dialog> opened with showModal, so the page behind is
 * inert. Tab wraps inside it (Chromium would carry focus on to its own controls), Escape asks
 * `onClose`, and on close focus returns where it was. Focus starts on the element marked
 * `data-autofocus`, else the first control. While one is open `ui.dialog` names it, so the
 * page's hotkeys stay quiet (src/commands/ctx.ts, keyLayer).
 */
export function Modal({ open, title, onClose, children, className, onFocusLost, onKeyDown }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const lost = useRef(onFocusLost);
  lost.current = onFocusLost;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement;
      dialog.showModal();
      ui.dialog = id;
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0];
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (ui.dialog === id) ui.dialog = null;
      const back = returnTo.current;
      if (
        back instanceof HTMLElement &&
        back.isConnected &&
        !back.closest('[inert]') &&
        !(back as HTMLButtonElement).disabled
      )
        back.focus();
      else lost.current?.();
    }
  }, [open, id]);

  // Gone while open (the screen left): the page's keys come back.
  useEffect(
    () => () => {
      if (ui.dialog === id) ui.dialog = null;
    },
    [id],
  );

  function keyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key === 'Tab' && ref.current) {
      const all = focusables(ref.current);
      const first = all[0];
      const last = all.at(-1);
      if (
        first &&
        last &&
        (e.shiftKey
          ? document.activeElement === first || !ref.current.contains(document.activeElement)
          : document.activeElement === last)
      ) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
      return;
    }
    onKeyDown?.(e);
  }

  return (
    <dialog
      ref={ref}
      className={`modal modal-screen${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault(); // the owner closes it, so its state and the DOM agree
        onClose();
      }}
      onClick={(e) => e.target === ref.current && onClose() /* the backdrop */}
      onKeyDown={keyDown}
    >
      {open && (
        <>
          <header className="modal-head">
            <h2 id={titleId}>{title}</h2>
            <button
              type="button"
              className="btn btn-ghost modal-close"
              tabIndex={-1}
              aria-label="Close"
              title="Close (Esc)"
              onClick={onClose}
            >
              ×
            </button>
          </header>
          {children}
        </>
      )}
    </dialog>
  );
}
