import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { answerConfirm, confirmState } from './confirmStore';
import { returnFocus } from './focusReturn';

/**
 * The answer to `await confirm(...)`. A native modal <dialog>: the page behind is inert
 * (focus stays inside), Escape cancels, and Space on its checkbox, when it has one, toggles it.
 * Focus starts on Cancel: every question the app asks guards a delete, a push that cannot be
 * taken back or a change to many records, so one Enter said by habit must answer no. Saying
 * yes is Tab, then Enter (or Enter from the checkbox).
 */
export function Confirm() {
  const s = useSnapshot(confirmState);
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (s.open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!s.open && dialog.open) {
      dialog.close();
      returnFocus();
    }
  }, [s.open]);

  return (
    <dialog
      ref={ref}
      className="modal"
      style={{ width: 400 }}
      aria-labelledby="confirm-title"
      aria-describedby={
        [s.body && 'confirm-body', s.warning && 'confirm-warning'].filter(Boolean).join(' ') || undefined
      }
      onCancel={(e) => {
        e.preventDefault(); // we close it ourselves, so state and DOM agree
        answerConfirm(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) {
          e.preventDefault();
          answerConfirm(true);
        }
      }}
    >
      {s.open && (
        <>
          <div className="modal-body">
            <h2 id="confirm-title">{s.title}</h2>
            {s.body && (
              <p id="confirm-body" className="muted">
                {s.body}
              </p>
            )}
            {s.list.length > 0 && (
              <ul className="modal-list">
                {s.list.map((item, i) =>
                  typeof item === 'string' ? (
                    <li key={i}>{item}</li>
                  ) : (
                    <li key={i} className={item.warn ? 'is-warn' : undefined}>
                      {item.text}
                    </li>
                  ),
                )}
              </ul>
            )}
            {s.warning && (
              <p id="confirm-warning" className="modal-warning" role="note">
                {s.warning}
              </p>
            )}
            {s.optionLabel && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={s.optionChecked}
                  onChange={(e) => (confirmState.optionChecked = e.target.checked)}
                />
                {s.optionLabel}
              </label>
            )}
          </div>
          <div className="modal-actions">
            <button ref={cancelRef} type="button" className="btn" onClick={() => answerConfirm(false)}>
              Cancel
            </button>
            <button
              type="button"
              className={s.danger ? 'btn btn-danger' : 'btn btn-primary'}
              onClick={() => answerConfirm(true)}
            >
              {s.confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
