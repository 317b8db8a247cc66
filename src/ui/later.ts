// Code kept out of the download a page needs to show, fetched when the browser is idle or
// when first wanted, and rendered once it is here. Unlike React.lazy, nothing suspends when it
// arrives: a component reads the module with `use()` and renders without it until then (the
// palette, the toaster), so its arrival is one more render, not a fallback and a remount.
import { useSyncExternalStore } from 'react';

/** Run `fn` once the browser is idle (within 2 s): after the page has shown, before anyone needs it. */
export function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout: 2000 });
  else setTimeout(fn, 500);
}

export interface Later<M> {
  /** Fetch it now (once; after a failed download the next call tries again). */
  load(): Promise<M>;
  /** The module once here, else null; the component renders again when it arrives. */
  use(): M | null;
}

export function later<M>(importer: () => Promise<M>): Later<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  const arrived = new Set<() => void>();
  const subscribe = (fn: () => void) => {
    arrived.add(fn);
    return () => void arrived.delete(fn);
  };
  return {
    load: () =>
      (loading ??= importer().then(
        (m) => {
          module = m;
          arrived.forEach((fn) => fn());
          return m;
        },
        (e: unknown) => {
          loading = null;
          throw e;
        },
      )),
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => module,
        () => null,
      ),
  };
}
