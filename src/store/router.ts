// The URL as plain TypeScript: what list models (src/store/listModel.ts) read the open
// record, the search and the filters from, and how they change them. The browser adapter
// follows the History API (wouter patches pushState/replaceState to announce themselves);
// the memory adapter lets the models be tested without a browser.
import { BASE, go } from './navigate';

export interface Router {
  /** The app path (no /admin base) and the search without '?'. */
  location(): { path: string; search: string };
  /** Go to an app path, which may carry its own '?search'. */
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** Called after every change of the location. */
  subscribe(fn: () => void): () => void;
}

const EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

export const browserRouter: Router = {
  location() {
    if (typeof window === 'undefined') return { path: '/', search: '' }; // node: unit tests
    const p = window.location.pathname;
    return { path: p.startsWith(BASE) ? p.slice(BASE.length) || '/' : p, search: window.location.search.replace(/^\?/, '') };
  },
  navigate: (to, opts) => go(to, opts),
  subscribe(fn) {
    if (typeof window === 'undefined') return () => undefined;
    EVENTS.forEach((e) => window.addEventListener(e, fn));
    return () => EVENTS.forEach((e) => window.removeEventListener(e, fn));
  },
};

/** A router over a variable, for tests: `history` records every location it went to. */
export function memoryRouter(initial = '/') {
  const listeners = new Set<() => void>();
  const history: string[] = [initial];
  const split = (to: string) => {
    const [path, search = ''] = to.split('?');
    return { path, search };
  };
  const router: Router & { history: string[] } = {
    history,
    location: () => split(history[history.length - 1]),
    navigate(to, opts) {
      if (opts?.replace) history[history.length - 1] = to;
      else history.push(to);
      listeners.forEach((fn) => fn());
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  return router;
}

/** Matches '/view-bank/:id' against '/view-bank/3' → { id: '3' }; null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .replace(/\/$/, '')
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(seg.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const m = new RegExp(`^${source}/?$`, 'i').exec(path);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
}
