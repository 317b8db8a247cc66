// A confirmation any code can await: `if (!(await confirm({...}))) return;`. One that offers a
// choice besides yes and no (a checkbox: "Include the 3 expired offers") is `confirmChoice`.
// The <Confirm /> dialog renders whatever this store holds.
import { proxy } from 'valtio';

/** A line of the list; `warn` marks one the person should look at twice (a weak match). */
export type ConfirmItem = string | { text: string; warn?: boolean };

interface ConfirmOptions {
  title: string;
  body?: string;
  /** A short list under the body (e.g. a sample of the records a bulk action touches). */
  list?: readonly ConfirmItem[];
  /** A warning line above the buttons, shown as one (what may be wrong with saying yes). */
  warning?: string;
  confirmLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** A checkbox above the buttons; its state comes back with the answer (`confirmChoice`). */
  option?: { label: string; checked?: boolean };
}

export const confirmState = proxy({
  open: false,
  title: '',
  body: '',
  list: [] as ConfirmItem[],
  warning: '',
  confirmLabel: 'Confirm',
  danger: false,
  /** The checkbox's label ('' when there is none) and state. */
  optionLabel: '',
  optionChecked: false,
});

interface ConfirmAnswer {
  ok: boolean;
  /** The checkbox's state when confirmed (false without one). */
  option: boolean;
}

let settle: ((answer: ConfirmAnswer) => void) | null = null;

export function confirmChoice(opts: ConfirmOptions): Promise<ConfirmAnswer> {
  settle?.({ ok: false, option: false }); // a second question cancels the first
  Object.assign(confirmState, {
    open: true,
    title: opts.title,
    body: opts.body ?? '',
    list: [...(opts.list ?? [])],
    warning: opts.warning ?? '',
    confirmLabel: opts.confirmLabel ?? 'Confirm',
    danger: opts.danger ?? false,
    optionLabel: opts.option?.label ?? '',
    optionChecked: opts.option?.checked ?? false,
  });
  return new Promise((resolve) => {
    settle = resolve;
  });
}

export const confirm = (opts: ConfirmOptions): Promise<boolean> => confirmChoice(opts).then((a) => a.ok);

export function answerConfirm(ok: boolean) {
  confirmState.open = false;
  const s = settle;
  settle = null;
  s?.({ ok, option: ok && !!confirmState.optionLabel && confirmState.optionChecked });
}
