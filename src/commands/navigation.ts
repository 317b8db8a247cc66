// Global commands: a "Go to …" for every screen (src/app/screens.ts), plus the app's own.
import { confirmLeave } from '../store/leaveGuard';
import { signOut } from '../store/session';
import { openPalette, toggleTheme, ui } from '../store/ui';
import { go } from '../store/navigate';
import { takeRedo, undoNow } from '../store/undo';
import type { Needs } from '../store/role';
import type { Command } from './types';
import { RESOURCE_WORDS } from '@contract/resourceWords';

/** What a "Go to …" command needs of a screen (src/screens/screenEntry.ts has the rest). */
interface NavTarget {
  id: string;
  title: string;
  nav?: { path: string; shortcut?: string };
  /** What opening the screen needs (src/screens/screenEntry.ts): its Go to command needs it too. */
  needs?: Needs;
  /** The contract resource it lists. */
  resource?: string;
}

/** The screens the "Go to …" commands lead to, by id. */
const targets = new Map<string, NavTarget>();

/**
 * The screen listing a table's records, by the resource whose table it is (the dashboard's
 * counts are keyed by table, server/repositories/dashboardCounts.ts): its title, place and keys.
 */
export function listOfTable(table: string): NavTarget | undefined {
  const resource = Object.entries(RESOURCE_WORDS).find(([, w]) => w.table === table)?.[0];
  return resource ? [...targets.values()].find((t) => t.resource === resource) : undefined;
}

/** One "Go to …" command per screen that has a place in the sidebar. */
export const navigationCommands = (screens: readonly NavTarget[]): Command[] => {
  for (const s of screens) targets.set(s.id, s);
  return screens.flatMap((s) =>
    s.nav
      ? [
          {
            id: `nav.${s.id}`,
            title: `Go to ${s.title}`,
            group: 'Navigation',
            keywords: ['open', 'screen', s.title.toLowerCase()],
            shortcut: s.nav.shortcut,
            scope: 'global' as const,
            needs: s.needs,
            run: () => go(s.nav!.path),
          },
        ]
      : [],
  );
};

/** What Undo says when no change can be undone (any more: an undo is kept 10 minutes). */
export const NOTHING_TO_UNDO = 'Nothing to undo.';
export const NOTHING_TO_REDO = 'Nothing to redo.';

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
    aliases: ['help', 'cheat sheet', 'hotkeys'],
    keywords: ['keys'],
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
    aliases: ['dark mode', 'light mode', 'appearance'],
    keywords: ['colour', 'color'],
    scope: 'global',
    run: () => toggleTheme(),
  },
  {
    id: 'app.undo',
    title: 'Undo last change',
    group: 'General',
    aliases: ['revert', 'take back', 'oops'],
    keywords: ['restore', 'back', 'ctrl z'],
    // Not while typing: mod+z in a field undoes the typing (src/ui/kbd.ts EDITING_KEYS).
    shortcut: 'mod+z',
    scope: 'global',
    // Always there, so the palette finds it by name; with nothing to undo it says so.
    messages: { success: 'Undone.' },
    run: () => undoNow()?.() ?? Promise.resolve({ message: NOTHING_TO_UNDO }),
  },
  {
    id: 'app.redo',
    title: 'Redo last undone change',
    group: 'General',
    aliases: ['redo', 'do again'],
    keywords: ['again', 'ctrl shift z'],
    // As in an editor; not while typing (a field's own redo).
    shortcut: 'mod+shift+z',
    scope: 'global',
    // A redo is a write: its toast offers Undo again (src/commands/runner.ts).
    run: () => takeRedo()?.() ?? Promise.resolve({ message: NOTHING_TO_REDO }),
  },
  {
    id: 'app.signOut',
    title: 'Sign out',
    group: 'General',
    aliases: ['log out', 'logout'],
    keywords: ['exit'],
    scope: 'global',
    // Ask about unsaved edits before the session ends, not after.
    run: async () => (await confirmLeave()) && signOut(),
  },
];
