// Global commands: a "Go to …" for every screen that exists, plus the app's own.
import { signOut } from '../store/session';
import { openPalette, toggleTheme, ui } from '../store/ui';
import { go } from '../navigate';
import type { Command } from './types';

/** Every screen in the sidebar, in order. Later issues add theirs here. */
export const screens = [
  { id: 'nav.dashboard', title: 'Dashboard', path: '/', shortcut: 'g d', match: /^\/$/ },
  { id: 'nav.cards', title: 'Cards', path: '/card-list', shortcut: 'g c', match: /^\/(card-list|view-card|edit-card|add-card)/ },
  { id: 'nav.banks', title: 'Banks', path: '/bank-list', shortcut: 'g b', match: /^\/(bank-list|view-bank|edit-bank|add-bank)/ },
  { id: 'nav.outlets', title: 'Outlets', path: '/outlet-list', shortcut: 'g l', match: /^\/(outlet-list|view-outlet|edit-outlet|add-outlet)/ },
  { id: 'nav.offers', title: 'Offers', path: '/offer-list', shortcut: 'g o', match: /^\/(offer-list|view-offer|edit-offer|add-offer)/ },
  { id: 'nav.categories', title: 'Categories', path: '/category-list', shortcut: 'g t', match: /^\/category-list/ },
  { id: 'nav.networks', title: 'Networks', path: '/network-list', shortcut: 'g n', match: /^\/network-list/ },
  { id: 'nav.outletRadius', title: 'Outlet radius', path: '/Outletradius-list/', shortcut: 'g r', match: /^\/Outletradius-list/i },
  { id: 'nav.cities', title: 'Dubai areas', path: '/dubai-city-list', shortcut: 'g a', match: /^\/dubai-city-list/ },
  { id: 'nav.users', title: 'Users', path: '/user-list', shortcut: 'g u', match: /^\/(user-list|view-user|edit-user)/ },
  { id: 'nav.importCsv', title: 'Import CSV', path: '/import-csv', shortcut: 'g i', match: /^\/import-csv/ },
  { id: 'nav.profile', title: 'Profile', path: '/profile', shortcut: 'g p', match: /^\/profile/ },
] as const;

export const navigationCommands: Command[] = [
  ...screens.map(
    (s): Command => ({
      id: s.id,
      title: `Go to ${s.title}`,
      group: 'Navigation',
      keywords: ['open', 'screen', s.title.toLowerCase()],
      shortcut: s.shortcut,
      scope: 'global',
      run: () => go(s.path),
    }),
  ),
  {
    id: 'app.palette',
    title: 'Open command palette',
    group: 'General',
    shortcut: 'mod+k',
    scope: 'global',
    palette: false,
    // The same keys close it again.
    run: () => (ui.paletteOpen ? (ui.paletteOpen = false) : openPalette()),
  },
  {
    id: 'app.shortcuts',
    title: 'Show keyboard shortcuts',
    group: 'General',
    keywords: ['help', 'cheat sheet', 'keys', 'hotkeys'],
    shortcut: '?',
    scope: 'global',
    run: () => {
      ui.cheatSheetOpen = !ui.cheatSheetOpen;
    },
  },
  {
    id: 'app.theme',
    title: 'Toggle dark/light theme',
    group: 'General',
    keywords: ['theme', 'dark mode', 'light mode', 'appearance', 'colour', 'color'],
    scope: 'global',
    run: () => toggleTheme(),
  },
  {
    id: 'app.signOut',
    title: 'Sign out',
    group: 'General',
    keywords: ['log out', 'logout', 'exit'],
    scope: 'global',
    run: () => signOut(),
  },
];
