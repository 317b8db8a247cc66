// The signed-in admin's profile (/profile).
import type { ScreenEntry } from '@/screens/screenEntry';

export const entry: ScreenEntry = {
  id: 'profile',
  title: 'Profile',
  nav: { path: '/profile', shortcut: 'g p' },
  paths: ['/profile'],
  page: () => import('./Profile'),
  commands: () => import('./commands').then((m) => m.profileCommands),
};
