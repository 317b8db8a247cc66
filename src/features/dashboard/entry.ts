// The dashboard: the signed-in app's home (/).
import type { ScreenEntry } from '@/screens/screenEntry';

export const entry: ScreenEntry = {
  id: 'dashboard',
  title: 'Dashboard',
  nav: { path: '/', shortcut: 'g d' },
  paths: ['/'],
  page: () => import('./Dashboard'),
};
