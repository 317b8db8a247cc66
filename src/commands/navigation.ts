// Global commands: a "Go to …" for every screen (src/screens.ts), plus the app's own.
import { confirmLeave } from '../store/leaveGuard';
import { signOut } from '../store/session';
import { openPalette, toggleTheme, ui } from '../store/ui';
import { go } from '../store/navigate';
import { undoNow } from '../store/undo';
import type { Command } from './types';

/** What a "Go to …" command needs of a screen (src/views/screenEntry.ts has the rest). */
export interface NavTarget {
  id: string;
  title: string;
  nav?: { path: string; shortcut: string };
}

/** One "Go to …" command per screen that has a place in the sidebar. */
export const navigationCommands = (screens: readonly NavTarget[]): Command[] =>
  screens.flatMap((s) =>
    s.nav
      ? [
          {
            id: `nav.${s.id}`,
            title: `Go to ${s.title}`,
            group: 'Navigation',
            keywords: ['open', 'screen', s.title.toLowerCase()],
            shortcut: s.nav.shortcut,
            scope: 'global' as const,
            run: () => go(s.nav!.path),
          },
        ]
      : [],
  );

/** The app's own commands. */
export const appCommands: Command[] = [
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
    id: 'app.undo',
    title: 'Undo last change',
    group: 'General',
    keywords: ['revert', 'restore', 'back'],
    // Not while typing: mod+z in a field undoes the typing (src/ui/kbd.ts EDITING_KEYS).
    shortcut: 'mod+z',
    scope: 'global',
    enabled: () => undoNow() !== null,
    messages: { success: 'Undone.' },
    run: () => undoNow()?.(),
  },
  {
    id: 'app.signOut',
    title: 'Sign out',
    group: 'General',
    keywords: ['log out', 'logout', 'exit'],
    scope: 'global',
    // Ask about unsaved edits before the session ends, not after.
    run: async () => (await confirmLeave()) && signOut(),
  },
];
