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
    return {
      path: p.startsWith(BASE) ? p.slice(BASE.length) || '/' : p,
      search: window.location.search.replace(/^\?/, ''),
    };
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

/**
 * Which of two route patterns is the more specific: compared segment by segment, a literal
 * ('new') outranks a parameter (':id'), so '/category-list/new' comes before
 * '/category-list/:id', which would take 'new' for an id; between equal paths, the one asking
 * for more flags ('/view-notification/:id?edit=1'). Sorting a route table with this puts every
 * literal path before the pattern that would also match it.
 */
export function bySpecificity(a: string, b: string): number {
  const sa = segments(a);
  const sb = segments(b);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i].startsWith(':');
    const pb = sb[i].startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return flagsOf(b).length - flagsOf(a).length;
}

const segments = (pattern: string) => pattern.split('?')[0].replace(/\/$/, '').split('/');
const flagsOf = (pattern: string) => [...new URLSearchParams(pattern.split('?')[1] ?? '')];

/**
 * The most specific of `patterns` (see bySpecificity) that matches `path`, with its params. A
 * pattern's '?flag=1' part must be in `search` ('/user-list?new=1' is the add form only so).
 */
export function bestMatch<K extends string>(
  patterns: Readonly<Record<K, string>>,
  path: string,
  search = '',
): { key: K; params: Record<string, string> } | null {
  const here = new URLSearchParams(search);
  const ranked = (Object.entries(patterns) as [K, string][]).sort(([, a], [, b]) => bySpecificity(a, b));
  for (const [key, pattern] of ranked) {
    if (!flagsOf(pattern).every(([k, v]) => here.get(k) === v)) continue;
    const params = matchPath(pattern.split('?')[0], path);
    if (params) return { key, params };
  }
  return null;
}
