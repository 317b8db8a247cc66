// Toasts without sonner in the first download. sonner is a third of the app's own code in the
// chunk every page loads (the sign-in page shows a toast only after a code is sent), so this
// module stands in for it: `toast.success/error/loading/dismiss` take sonner's arguments and
// answer an id at once, the first call fetches sonner, and calls made before its <Toaster>
// is on screen wait in order and are replayed once it is (sonner's Toaster shows only the
// toasts sent after it mounted). `<Toasts>` mounts that Toaster once sonner has arrived;
// `loadToasts()` fetches it ahead of need (the signed-in shell does, when idle).
import { useEffect } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';
import { later } from './later';

type SonnerToast = (typeof import('sonner'))['toast'];
type ToastId = string | number;
type ToastOptions = Pick<ExternalToast, 'id' | 'duration' | 'action' | 'description' | 'className'>;

const sonner = later(() => import('sonner'));

/** Fetch sonner now (once); `<Toasts>` mounts its Toaster when it is here. */
export function loadToasts(): Promise<void> {
  return sonner.load().then(
    () => undefined,
    (e: unknown) => console.warn('The toasts could not be loaded; the next toast tries again.', e),
  );
}

/** Set while a Toaster is on screen: calls go straight to it. */
let deliver: SonnerToast | null = null;
const waiting: ((t: SonnerToast) => void)[] = [];

function send(call: (t: SonnerToast) => void): void {
  if (deliver) return call(deliver);
  waiting.push(call);
  void loadToasts();
}

/** The Toaster is on screen (and subscribed to sonner's toasts): replay what waited, in order. */
export function toasterMounted(t: SonnerToast): () => void {
  deliver = t;
  waiting.splice(0).forEach((call) => call(t));
  return () => {
    if (deliver === t) deliver = null;
  };
}

let lastId = 0;
let sent = 0;
/** Toasts sent so far (shown or updated): the runner asks whether a command showed its own. */
export const toastsSent = () => sent;

/** Ids are given here, not by sonner, so a caller can update or dismiss a toast still waiting. */
const show =
  (kind: 'success' | 'error' | 'loading' | 'message') =>
  (message: string, options: ToastOptions = {}): ToastId => {
    const id = options.id ?? `toast-${++lastId}`;
    sent++;
    send((t) => t[kind](message, { ...options, id }));
    return id;
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  loading: show('loading'),
  /** Plain, no icon: a remark rather than news (the shortcut coach's hint). */
  message: show('message'),
  /** One toast, or every toast when no id is given. */
  dismiss: (id?: ToastId): void => send((t) => void t.dismiss(id)),
};

/** sonner's <Toaster> with these props, once sonner has been fetched (nothing until then). */
export function Toasts(props: ToasterProps) {
  const m = sonner.use();
  // The Toaster's own effect (it subscribes to sonner) runs before this one: the replay reaches it.
  useEffect(() => (m ? toasterMounted(m.toast) : undefined), [m]);
  return m ? <m.Toaster {...props} /> : null;
}
