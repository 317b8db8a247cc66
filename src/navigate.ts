// Navigation outside React (commands, the session store). The app lives under /admin
// (SPEC.md §9), and wouter's plain `navigate` knows nothing of the Router's base.
import { navigate } from 'wouter/use-browser-location';

export const BASE = '/admin';

/** Go to an app path such as '/bank-list' (no base). */
export function go(path: string, opts?: { replace?: boolean }): void {
  navigate(BASE + path, opts);
}

/** The current app path without the base, e.g. '/view-bank/3'. */
export function currentPath(): string {
  if (typeof location === 'undefined') return '/';
  const p = location.pathname;
  return p.startsWith(BASE) ? p.slice(BASE.length) || '/' : p;
}

/** Keep the list's search (`?query=`) while moving between list, view and edit of one screen. */
export function keepSearch(path: string): string {
  return typeof location === 'undefined' ? path : path + location.search;
}
