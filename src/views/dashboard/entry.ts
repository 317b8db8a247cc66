// The dashboard: the signed-in app's home (SPEC.md §2: /).
import type { ScreenEntry } from '../screenEntry';

export const entry: ScreenEntry = {
  id: 'dashboard',
  title: 'Dashboard',
  nav: { path: '/', shortcut: 'g d' },
  paths: ['/'],
  page: () => import('./Dashboard'),
};
