// Navigation outside React (commands, the session store). The app lives under /admin,
// and wouter's plain `navigate` knows nothing of the Router's base.
import { navigate } from 'wouter/use-browser-location';
import { whenLeaving } from './leaveGuard';

export const BASE = '/admin';

/**
 * Go to an app path such as '/bank-list' (no base). With a form's edits unsaved it asks first
 * (src/store/leaveGuard.ts) and goes only if told to; `force` goes regardless (the session
 * ended: there is nothing left to save to).
 */
export function go(path: string, opts?: { replace?: boolean; force?: boolean }): void {
  const leave = () => navigate(BASE + path, { replace: opts?.replace });
  if (opts?.force) leave();
  else whenLeaving(leave);
}

/** The current app path without the base, e.g. '/view-bank/3'. */
export function currentPath(): string {
  if (typeof location === 'undefined') return '/';
  const p = location.pathname;
  return p.startsWith(BASE) ? p.slice(BASE.length) || '/' : p;
}

/** `path` (which may hold its own `?a=1`) plus the params of `search`, minus `new`; the path's params win. */
export function withSearch(path: string, search: string): string {
  const [base, own = ''] = path.split('?');
  const params = new URLSearchParams(search);
  params.delete('new');
  for (const [k, v] of new URLSearchParams(own)) params.set(k, v);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}
