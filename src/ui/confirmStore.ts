// A confirmation any code can await: `if (!(await confirm({...}))) return;`.
// The <Confirm /> dialog renders whatever this store holds.
import { proxy } from 'valtio';

/** A line of the list; `warn` marks one the person should look at twice (a weak match). */
export type ConfirmItem = string | { text: string; warn?: boolean };

export interface ConfirmOptions {
  title: string;
  body?: string;
  /** A short list under the body (e.g. a sample of the records a bulk action touches). */
  list?: readonly ConfirmItem[];
  /** A warning line above the buttons, shown as one (what may be wrong with saying yes). */
  warning?: string;
  confirmLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
}

export const confirmState = proxy({
  open: false,
  title: '',
  body: '',
  list: [] as ConfirmItem[],
  warning: '',
  confirmLabel: 'Confirm',
  danger: false,
});

let settle: ((ok: boolean) => void) | null = null;

export function confirm(opts: ConfirmOptions): Promise<boolean> {
  settle?.(false); // a second question cancels the first
  Object.assign(confirmState, {
    open: true,
    title: opts.title,
    body: opts.body ?? '',
    list: [...(opts.list ?? [])],
    warning: opts.warning ?? '',
    confirmLabel: opts.confirmLabel ?? 'Confirm',
    danger: opts.danger ?? false,
  });
  return new Promise((resolve) => {
    settle = resolve;
  });
}

export function answerConfirm(ok: boolean) {
  confirmState.open = false;
  const s = settle;
  settle = null;
  s?.(ok);
}
