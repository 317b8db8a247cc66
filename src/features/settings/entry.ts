// The app's settings (/settings): one form of typed fields, each showing who changed it last.
import type { ScreenEntry } from '@/screens/screenEntry';

export const entry: ScreenEntry = {
  id: 'settings',
  title: 'Settings',
  nav: { path: '/settings', shortcut: 'g s' },
  paths: ['/settings'],
  // A form and nothing else: a role that may not write it has nothing to do here.
  needs: { permission: 'settings.write' },
  page: () => import('./SettingsScreen'),
  commands: () => import('./commands').then((m) => m.settingsCommands),
};
